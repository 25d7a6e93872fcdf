"""A `domineering serve` on a free port of 127.0.0.1 for the tests of this folder."""
import json
import os
import re
import signal
import subprocess
import time
import urllib.error
import urllib.request

import pytest


class Server:
    def __init__(self, url, process):
        self.url = url
        self.process = process

    def request(self, method, path, body=None, timeout=60, headers=None):
        """(status, parsed JSON or text) of one request; body is sent as is when a str or bytes,
        as JSON otherwise, with Content-Type: application/json unless headers say otherwise."""
        data = body if isinstance(body, (bytes, type(None))) else body.encode() if isinstance(body, str) else json.dumps(body).encode()
        req = urllib.request.Request(self.url + path.lstrip("/"), data=data, method=method,
                                     headers=headers if headers is not None else {"Content-Type": "application/json"})
        try:
            with urllib.request.urlopen(req, timeout=timeout) as r:
                status, text, kind = r.status, r.read().decode(), r.headers.get("Content-Type", "")
        except urllib.error.HTTPError as e:
            status, text, kind = e.code, e.read().decode(), e.headers.get("Content-Type", "")
        return status, json.loads(text) if kind.startswith("application/json") else text

    def post(self, path, body, timeout=60):
        return self.request("POST", path, body, timeout)

    def wait_for_solves(self, n):
        """Waits until n solves are running."""
        deadline = time.time() + 30
        while self.request("GET", "/api/status")[1]["solves_running"] != n:
            assert time.time() < deadline, f"never {n} solves running"
            time.sleep(0.02)

    def cancel(self, id):
        """Cancels the solve of that id, waiting until the server has it (it may still be queued)."""
        deadline = time.time() + 10
        while self.post("/api/cancel", {"id": id}) != (200, {"cancelled": True}):
            assert time.time() < deadline, f"no solve {id} to cancel"
            time.sleep(0.02)


def start(*args):
    binary = os.environ["DOMINEERING_BIN"]
    p = subprocess.Popen([binary, "serve", "--port", "0", *args], stderr=subprocess.PIPE, text=True)
    line = p.stderr.readline()
    m = re.search(r"(http://127\.0\.0\.1:\d+/)", line)
    if not m:
        p.kill()
        raise RuntimeError(f"serve did not say where it listens: {line!r}")
    return Server(m.group(1), p)


def stop(server):
    server.process.send_signal(signal.SIGINT)  # Ctrl-C: a clean stop
    assert server.process.wait(timeout=20) == 0
    server.process.stderr.close()


@pytest.fixture(scope="module")
def server():
    s = start("--solve-seconds", "5")
    yield s
    stop(s)

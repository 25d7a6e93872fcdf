"""The explorer's HTTP API: every endpoint, malformed and oversized requests, load, and a solve
the browser gives up on. The server must answer correctly after all of them."""
import concurrent.futures
import http.client
import json
import random
import socket
import subprocess
import threading
import time
import urllib.parse

import pytest

from conftest import start, stop


def cli_value(board):
    import os
    out = subprocess.run([os.environ["DOMINEERING_BIN"], "value", board, "--json", "--options"], capture_output=True, text=True, check=True)
    return json.loads(out.stdout)


@pytest.mark.parametrize("board", ["2x2", "3x4", "..#/.../#..", "4x4", ".#../..../...#"])
def test_value_is_what_the_cli_prints(server, board):
    status, v = server.post("/api/value", {"board": board})
    assert status == 200
    cli = cli_value(board)
    for key in ["board", "canonical", "left_stop", "right_stop", "mean", "temperature", "outcome", "thermograph", "options"]:
        assert v[key] == cli[key], key
    assert [r["canonical"] for r in v["regions"]] == [r["canonical"] for r in cli["regions"]]
    assert sum(len(r["cell_list"]) for r in v["regions"]) == sum(r["cells"] for r in v["regions"])
    assert "<svg" in v["thermograph_svg"]


@pytest.mark.parametrize("board,first", [("4x4", "vertical"), ("5x5", "horizontal"), ("6x6", "vertical"), ("..../.##./....", "horizontal")])
def test_solve_is_what_the_cli_finds(server, board, first):
    import os
    status, s = server.post("/api/solve", {"board": board, "first": first})
    assert status == 200
    out = subprocess.run([os.environ["DOMINEERING_BIN"], "solve", board, "--first", first, "--json"], capture_output=True, text=True, check=True)
    assert s["winner"] == json.loads(out.stdout)["winner"]


def test_limits_and_pages(server):
    status, limits = server.request("GET", "/api/limits")
    assert status == 200 and limits["max_side"] == 16 and limits["solve_seconds"] == 5
    assert server.request("GET", "/api/status") == (200, {"solves_running": 0})
    for path, kind in [("/", "<!DOCTYPE html>"), ("/explorer.js", "use strict"), ("/explorer.css", "#board")]:
        status, text = server.request("GET", path)
        assert status == 200 and kind in text


BAD = [
    ("GET", "/api/nothing", None, 404, "no such endpoint"),
    ("GET", "/nothing.html", None, 404, "no such page"),
    ("DELETE", "/api/value", None, 405, "takes POST"),
    ("POST", "/api/value", "{", 400, "not JSON"),
    ("POST", "/api/value", b"\xff\xfe", 400, "not JSON"),
    ("GET", "/%FF", None, 404, "no such page"),
    ("GET", "/api/%FF", None, 404, "no such endpoint"),
    ("PATCH", "/api/value", None, 405, "takes POST"),
    ("OPTIONS", "/api/solve", None, 405, "takes POST"),
    ("POST", "/api/board", '{"board": "20x3"}', 413, "up to 16 x 16"),
    ("POST", "/api/solve", '{"board": "17x2", "first": "vertical"}', 413, "up to 16 x 16"),
    ("POST", "/api/board", '{"board": "40x3"}', 400, "limit 32 x 32"),
    ("POST", "/api/value", '{"board": "..x"}', 400, "row 1, column 3"),
    ("POST", "/api/value", '{"board": "16x17"}', 413, "up to 16 x 16"),
    ("POST", "/api/value", '{"board": "8x8"}', 413, "64 cells"),
    ("POST", "/api/value", '{"board": "' + "." * 10000 + '"}', 413, "limit"),
    ("POST", "/api/solve", '{"board": "4x4", "first": "up"}', 400, "'first'"),
    ("POST", "/api/solve", '{"board": "4x4", "first": "vertical", "seconds": 6}', 400, "at most the explorer's limit of 5"),
    ("POST", "/api/cancel", '{"id": 3}', 400, "'id' is not a string"),
]


@pytest.mark.parametrize("method,path,body,status,says", BAD)
def test_bad_requests_get_an_error_status_and_message(server, method, path, body, status, says):
    got, reply = server.request(method, path, body)
    assert got == status
    assert says in reply["error"] and "\n" not in reply["error"]


def test_the_board_endpoint_reads_and_checks_without_valuing(server):
    assert server.post("/api/board", {"board": "..|.#"}) == (200, {"board": "../.#", "rows": 2, "columns": 2})
    assert server.post("/api/board", {"board": "16x16"})[1]["rows"] == 16


def test_requests_from_elsewhere_are_refused(server):
    status, reply = server.request("POST", "/api/value", {"board": "2x2"}, headers={"Content-Type": "text/plain"})
    assert status == 415 and "application/json" in reply["error"]
    status, reply = server.request("GET", "/api/limits", headers={"Host": "evil.example:80"})
    assert status == 403 and "evil.example" in reply["error"]
    assert server.request("GET", "/api/limits", headers={"Host": "localhost:" + str(urllib.parse.urlsplit(server.url).port)})[0] == 200


def test_garbage_on_the_socket_leaves_the_server_answering(server):
    host, port = urllib.parse.urlsplit(server.url).netloc.split(":")
    for junk in [b"\x00\x01\x02\r\n\r\n", b"GET / HTTP/1.1\r\nContent-Length: 99999999999\r\n\r\n", b"POST /api/value HTTP/1.1\r\n",
                 b"\xff / HTTP/1.1\r\n\r\n", b"GET /\xff\xfe HTTP/1.1\r\n\r\n", b"GET /api/\xc3 HTTP/1.1\r\nHost: \xff\r\n\r\n"]:
        with socket.create_connection((host, int(port)), timeout=10) as s:
            s.sendall(junk)
            s.shutdown(socket.SHUT_WR)
            try:
                s.recv(4096)
            except OSError:
                pass
    assert server.request("GET", "/api/limits")[0] == 200


def test_many_concurrent_requests_are_all_answered(server):
    rng = random.Random(2026)
    boards = ["/".join("".join(rng.choice("..#") for _ in range(w)) for _ in range(h)) for h, w in
              [(rng.randint(1, 5), rng.randint(1, 5)) for _ in range(120)]]
    expected = {b: cli_value(b)["canonical"] for b in boards[:10]}

    def one(i):
        if i % 10 == 9:
            return server.post("/api/solve", {"board": "3x3", "first": "vertical"})[0]
        if i % 10 == 8:
            return server.request("GET", "/")[0]
        status, v = server.post("/api/value", {"board": boards[i], "options": i % 2 == 0})
        if status == 200 and boards[i] in expected:
            assert v["canonical"] == expected[boards[i]]
        return status

    with concurrent.futures.ThreadPoolExecutor(max_workers=24) as pool:
        statuses = list(pool.map(one, range(len(boards))))
    assert set(statuses) <= {200, 429}  # 429: a solve while another ran
    assert statuses.count(200) >= 100
    assert server.request("GET", "/api/limits")[0] == 200


def test_solves_past_the_limit_get_429_and_a_cancelled_solve_frees_the_slot():
    s = start("--solve-seconds", "60")
    try:
        result = {}
        t = threading.Thread(target=lambda: result.update(r=s.post("/api/solve", {"board": "16x16", "first": "vertical", "id": "x1"})))
        t.start()
        s.wait_for_solves(1)  # the long solve holds the one slot (a probe sent sooner could take it first)
        status, reply = s.post("/api/solve", {"board": "2x2", "first": "vertical"})
        assert status == 429 and "limit" in reply["error"]
        s.cancel("x1")
        t.join(timeout=10)
        assert result["r"][0] == 200 and result["r"][1]["stopped"] == "cancelled"
        assert s.post("/api/solve", {"board": "2x2", "first": "vertical"})[1]["winner"] == "vertical"
    finally:
        stop(s)


def test_a_solve_the_browser_abandons_ends_at_its_time_limit_and_the_server_answers_meanwhile():
    s = start("--solve-seconds", "1")
    try:
        host, port = urllib.parse.urlsplit(s.url).netloc.split(":")
        c = http.client.HTTPConnection(host, int(port), timeout=10)
        c.request("POST", "/api/solve", body=json.dumps({"board": "16x16", "first": "horizontal"}), headers={"Content-Type": "application/json"})
        time.sleep(0.2)
        c.close()  # the browser navigates away
        assert s.request("GET", "/api/limits")[0] == 200
        assert s.post("/api/value", {"board": "3x3"})[0] == 200
        deadline = time.time() + 10
        while s.post("/api/solve", {"board": "2x2", "first": "vertical"})[0] == 429:
            assert time.time() < deadline
            time.sleep(0.1)
    finally:
        stop(s)


def test_a_value_past_its_time_limit_gets_422_and_the_next_one_goes_on():
    s = start("--value-seconds", "0.3")
    try:
        status, reply = s.post("/api/value", {"board": "5x6"})  # about 5 s with its options
        assert status == 422 and "limit of 0.3 s" in reply["error"]
        assert s.post("/api/value", {"board": "2x3"})[0] == 200
    finally:
        stop(s)


def test_ctrl_c_stops_a_running_solve_and_the_server():
    s = start("--solve-seconds", "600")
    result = {}
    t = threading.Thread(target=lambda: result.update(r=s.post("/api/solve", {"board": "16x16", "first": "vertical"})))
    t.start()
    s.wait_for_solves(1)
    begin = time.time()
    stop(s)  # SIGINT, and exit 0
    t.join(timeout=10)
    assert time.time() - begin < 5
    assert result["r"] == (200, result["r"][1]) and result["r"][1]["stopped"] == "shutdown"


def test_serve_refuses_bad_options_and_a_busy_port():
    import os
    binary = os.environ["DOMINEERING_BIN"]
    for args, says in [(["--port", "70000"], "70000"), (["--max-side", "40"], "--max-side 40"),
                       (["--concurrent-solves", "0"], "--concurrent-solves 0"), (["--solve-tt-mb", "-1"], "negative")]:
        r = subprocess.run([binary, "serve", *args], capture_output=True, text=True, timeout=30)
        assert r.returncode == 2 and says in r.stderr and r.stderr.count("\n") == 1
    s = start()
    try:
        port = urllib.parse.urlsplit(s.url).port
        r = subprocess.run([binary, "serve", "--port", str(port)], capture_output=True, text=True, timeout=30)
        assert r.returncode == 2 and "cannot listen on 127.0.0.1" in r.stderr
    finally:
        stop(s)

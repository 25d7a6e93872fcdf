"""`domineering solve --distributed` under mpirun on this machine (ranks oversubscribed): the same
winners as one process, a run whose rank is killed resumes from its journal, and bad input gets one
line and exit 2. DOMINEERING_BIN names the executable; MPIRUN the launcher (default mpirun)."""
import json
import os
import re
import signal
import subprocess
import time

import pytest

BIN = os.environ["DOMINEERING_BIN"]
MPIRUN = os.environ.get("MPIRUN", "mpirun")
# mpirun refuses to run as root without being told; CI containers run as root.
ROOT = ["--allow-run-as-root"] if os.geteuid() == 0 else []


def mpirun(ranks, *args):
    return [MPIRUN, "-np", str(ranks), "--oversubscribe", *ROOT, BIN, "solve", *args]


def run(cmd, timeout=300):
    return subprocess.run(cmd, capture_output=True, text=True, timeout=timeout)


def local_outcome(board):
    r = run([BIN, "solve", board, "--threads", "1", "--json"])
    assert r.returncode == 0, r.stderr
    return json.loads(r.stdout)["outcome"]


BOARDS = [
    "6x6",
    "7x7",
    "8x8",
    "5x9",
    # boards with holes
    "...#..../......../..#...../......../....#.../......../.#......",
    "#....#/....../..##../....../#....#/......",
    "..#..../......./....#../......./.#...../.......",
]


@pytest.mark.parametrize("ranks", [3, 4])
@pytest.mark.parametrize("board", BOARDS)
def test_same_winners_as_one_process(board, ranks):
    r = run(mpirun(ranks, board, "--distributed", "--threads", "1", "--json"))
    assert r.returncode == 0, r.stderr
    out = json.loads(r.stdout)
    assert out["outcome"] == local_outcome(board)
    assert out["ranks"] == ranks
    for run_ in out["runs"]:
        d = run_["distributed"]
        assert d["jobs"] > 0 or run_["decided_by"] != "distributed"
        assert len(d["ranks"]) == ranks - 1
        assert d["results"] <= d["jobs"]


def test_text_output_and_progress():
    env = dict(os.environ, DOMINEERING_PROGRESS="lines")
    r = subprocess.run(mpirun(3, "7x7", "--distributed", "--first", "vertical"), capture_output=True, text=True, timeout=300, env=env)
    assert r.returncode == 0, r.stderr
    assert "distributed over 3 MPI ranks" in r.stdout
    assert "vertical first: vertical wins" in r.stdout
    assert re.search(r"rank 1 on \S+ \(\d+ threads?\): \d+ jobs", r.stdout)


def entries(journal):
    try:
        with open(journal) as f:
            m = re.search(r"entries=(\d+)", f.readline())
            return int(m.group(1)) if m else 0
    except OSError:
        return 0


def worker_pids(marker):
    """PIDs of this run's ranks other than rank 0 (Open MPI puts each rank's number in its environment)."""
    pids = []
    for pid in os.listdir("/proc"):
        if not pid.isdigit():
            continue
        try:
            with open(f"/proc/{pid}/cmdline", "rb") as f:
                cmdline = f.read().split(b"\0")
            if os.path.basename(cmdline[0]) != b"domineering" or marker.encode() not in cmdline:
                continue
            with open(f"/proc/{pid}/environ", "rb") as f:
                env = dict(v.split(b"=", 1) for v in f.read().split(b"\0") if b"=" in v)
        except OSError:
            continue
        if env.get(b"OMPI_COMM_WORLD_RANK", b"0") != b"0":
            pids.append(int(pid))
    return pids


def test_a_killed_rank_stops_the_run_and_the_journal_resumes_it(tmp_path):
    journal = str(tmp_path / "run.journal")
    board = "8x9"
    cmd = mpirun(3, board, "--distributed", "--first", "vertical", "--threads", "1", "--journal", journal, "--json")
    p = subprocess.Popen(cmd, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    try:
        deadline = time.time() + 120
        while entries(journal) < 5:
            assert p.poll() is None, "the run ended before a rank could be killed"
            assert time.time() < deadline, "the journal never got 5 entries"
            time.sleep(0.05)
        pids = worker_pids(journal)
        assert pids, "no worker rank found"
        os.kill(pids[0], signal.SIGKILL)
        out, err = p.communicate(timeout=120)
    finally:
        if p.poll() is None:
            p.kill()
    assert p.returncode != 0
    assert re.search(r"exited on signal 9|killed", err, re.IGNORECASE), err
    saved = entries(journal)
    assert saved >= 5
    r = run(cmd)
    assert r.returncode == 0, r.stderr
    out = json.loads(r.stdout)
    assert out["journal_hits"] > 0
    expected = json.loads(run([BIN, "solve", board, "--first", "vertical", "--threads", "1", "--json"]).stdout)["winner"]
    assert out["winner"] == expected


def test_ctrl_c_stops_the_run_and_saves_the_journal(tmp_path):
    journal = str(tmp_path / "stopped.journal")
    cmd = mpirun(3, "8x9", "--distributed", "--first", "horizontal", "--threads", "1", "--journal", journal)
    p = subprocess.Popen(cmd, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    try:
        deadline = time.time() + 120
        while entries(journal) < 3:
            assert p.poll() is None, "the run ended before it could be stopped"
            assert time.time() < deadline, "the journal never got 3 entries"
            time.sleep(0.05)
        p.send_signal(signal.SIGINT)
        out, err = p.communicate(timeout=60)
    finally:
        if p.poll() is None:
            p.kill()
    assert p.returncode != 0
    assert "horizontal first: interrupted" in out, out
    assert "domineering: interrupted" in err, err
    assert entries(journal) >= 3


def test_a_journal_of_another_board_is_refused(tmp_path):
    journal = str(tmp_path / "six.journal")
    r = run([BIN, "solve", "6x6", "--journal", journal, "--journal-min-seconds", "0"])
    assert r.returncode == 0, r.stderr
    r = run(mpirun(3, "7x7", "--distributed", "--journal", journal))
    assert r.returncode == 2
    assert f"domineering: journal {journal} holds no position of board" in r.stderr


@pytest.mark.parametrize("cmd, message", [
    ([BIN, "solve", "6x6", "--distributed"], "--distributed needs at least 2 MPI ranks"),
    ([MPIRUN, "-np", "1", *ROOT, BIN, "solve", "6x6", "--distributed"], "--distributed needs at least 2 MPI ranks"),
    (mpirun(3, "6x6", "--distributed", "--catalogue", "/nonexistent/shapes.tsv"),
     "rank 1 on"),
    (mpirun(3, "6x6", "--distributed", "--profile"), "--profile does not go with --distributed"),
    (mpirun(3, "6x6", "--distributed", "--tt-mb", "100000000"), "a table of 100000000 MiB"),
    (mpirun(3, "6x6", "--distributed", "--split-plies", "9"), "--split-plies 9 out of range"),
    (mpirun(3, "6x6x", "--distributed"), "domineering: "),
])
def test_bad_input_gets_one_line_and_exit_2(cmd, message):
    r = run(cmd, timeout=120)
    assert r.returncode == 2, r.stderr
    lines = [l for l in r.stderr.splitlines() if l.startswith("domineering: ")]
    assert len(lines) == 1, r.stderr
    assert message in lines[0]

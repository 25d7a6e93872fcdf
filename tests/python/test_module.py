"""The Python module against the command line: every table below is computed both ways, by
`import domineering` and by the `domineering` executable with --json, and must agree. Run by
CTest (label `python`) with PYTHONPATH at the built package and DOMINEERING_BIN at the CLI."""

import json
import os
import signal
import subprocess
import sys
import threading
import time
from fractions import Fraction

import pytest

import domineering as d

BIN = os.environ["DOMINEERING_BIN"]


def cli(*args):
    """The CLI's JSON output; fails the test if the command fails."""
    done = subprocess.run([BIN, *args, "--json"], capture_output=True, text=True, check=True)
    return json.loads(done.stdout)


def cli_error(*args):
    """The CLI's exit code and its one-line message, without the program's name."""
    done = subprocess.run([BIN, *args], capture_output=True, text=True)
    assert done.stdout == ""
    lines = done.stderr.splitlines()
    assert len(lines) == 1 and lines[0].startswith("domineering: ")
    return done.returncode, lines[0][len("domineering: "):]


def walls(th):
    return {
        "left_wall": [[str(t), str(v)] for t, v in th.left_wall],
        "right_wall": [[str(t), str(v)] for t, v in th.right_wall],
    }


GAMES = ["0", "5", "-3/4", "*", "*3", "^", "v", "^*", "^^*", "{1|-1}", "+-1", "{3||2*|1*}", "{2|1}",
         "{0|^}", "Tiny(2)", "{5|3||2|1}", "{4|{2|-1}}", "^ + * - 1/2"]


@pytest.mark.parametrize("expr", GAMES)
def test_a_game_has_what_the_cli_prints(expr):
    g = d.game(expr)
    c = cli("game", expr)
    assert g.canonical == str(g) == c["canonical"]
    assert (g.left_stop, g.right_stop) == (Fraction(c["left_stop"]), Fraction(c["right_stop"]))
    assert (g.mean, g.temperature) == (Fraction(c["mean"]), Fraction(c["temperature"]))
    assert all(isinstance(x, Fraction) for x in (g.left_stop, g.right_stop, g.mean, g.temperature))
    assert g.outcome == c["outcome"]
    assert g.birthday == c["birthday"]
    assert [str(x) for x in g.left_incentives()] == c["left_incentives"]
    assert [str(x) for x in g.right_incentives()] == c["right_incentives"]
    assert walls(g.thermograph()) == c["thermograph"]
    assert d.Game(g.canonical) == g and eval(repr(g), {"Game": d.Game}) == g


# (expression, CLI option, JSON key, the same through the module)
OPERATIONS = [
    ("{3||2*|1*}", ["--cool", "1/2"], "cooled", lambda g: g.cool(Fraction(1, 2))),
    ("{3||2*|1*}", ["--cool", "1"], "cooled", lambda g: g.cool(1)),
    ("{2|-1}", ["--heat", "1"], "heated", lambda g: g.heat(1)),
    ("{3|1}", ["--heat", "*"], "heated", lambda g: g.heat("*")),
    ("{3||2*|1*}", ["--freeze"], "frozen", lambda g: g.freeze()),
    ("{2|1}", ["--freeze"], "frozen", lambda g: g.freeze()),
    ("^", ["--atomic-weight"], "atomic_weight", lambda g: g.atomic_weight()),
    ("^*", ["--atomic-weight"], "atomic_weight", lambda g: g.atomic_weight()),
    ("^^", ["--atomic-weight"], "atomic_weight", lambda g: g.atomic_weight()),
    ("{0|v}", ["--atomic-weight"], "atomic_weight", lambda g: g.atomic_weight()),
    ("{0||0|-1}", ["--atomic-weight"], "atomic_weight", lambda g: g.atomic_weight()),
    ("1/2^", ["--reduced"], "reduced_canonical", lambda g: g.reduced()),
    ("{3||2*|1*}", ["--reduced"], "reduced_canonical", lambda g: g.reduced()),
    ("{1|{0|^}}", ["--reduced"], "reduced_canonical", lambda g: g.reduced()),
]


@pytest.mark.parametrize("expr,option,key,op", OPERATIONS)
def test_an_operation_gives_what_the_cli_prints(expr, option, key, op):
    assert str(op(d.game(expr))) == cli("game", expr, *option)[key]


def test_standard_atomic_weights():
    assert [str(d.game(e).atomic_weight()) for e in ("^", "^*", "^^", "v", "0", "*")] == ["1", "1", "2", "-1", "0", "0"]


PAIRS = [("{1|-1}", "0"), ("^", "*"), ("^", "0"), ("1/2", "{1|0}"), ("{3||2*|1*}", "2"), ("*2", "*3"),
         ("v", "^*"), ("{2|1}", "3/2"), ("+-1", "*"), ("5", "{4|}")]


@pytest.mark.parametrize("g,h", PAIRS)
def test_comparisons_agree_with_the_cli_and_with_each_other(g, h):
    relation = cli("compare", g, h)["relation"]
    G, H = d.game(g), d.game(h)
    assert d.compare(G, H) == d.compare(g, h) == relation
    assert (G <= H) == (relation in ("<", "=")) and (G >= H) == (relation in (">", "="))
    assert (G < H) == (relation == "<") and (G > H) == (relation == ">")
    assert (G == H) == (relation == "=") and (G != H) == (relation != "=")
    assert G.confused(H) == (relation == "||")
    # G <= H exactly when G - H <= 0: Left moving first in G - H loses.
    assert (G <= H) == ((G - H).outcome in ("R", "P"))


def test_arithmetic_takes_ints_fractions_strings_and_games():
    g = d.game("{3||2*|1*}")
    assert g + 1 == 1 + g == g + "1" == g + d.Game(1) == d.game("{4||3*|2*}")
    assert g - Fraction(1, 2) == d.game("{5/2||3/2*|1/2*}")
    assert -(-g) == g and +g == g and g - g == 0
    assert d.game("^") + d.game("^") == "^^" and hash(d.game("^^")) == hash(d.game("^") + "^")
    with pytest.raises(TypeError):
        g + 1.5
    with pytest.raises(d.InputError):
        d.Game(Fraction(1, 3))


BOARDS = ["2x3", "3x3", "..#/.../...", "4x4", "2x5", "##../..../...#", "..|..", "5x2"]


@pytest.mark.parametrize("board", BOARDS)
def test_a_board_value_is_what_the_cli_prints(board):
    v = d.value(board, options=True)
    c = cli("value", board, "--options")
    assert (v.board, v.rows, v.columns) == (c["board"], c["rows"], c["columns"])
    assert v.canonical == str(v.game) == c["canonical"]
    assert (v.left_stop, v.right_stop, v.mean, v.temperature, v.outcome) == (
        Fraction(c["left_stop"]), Fraction(c["right_stop"]), Fraction(c["mean"]), Fraction(c["temperature"]), c["outcome"])
    assert [(r.shape, r.cells, r.top, r.left, str(r.game)) for r in v.regions] == [
        (r["shape"], r["cells"], r["top"], r["left"], r["canonical"]) for r in c["regions"]]
    assert [(o.side, o.move, str(o.value), str(o.incentive), o.dominated, o.reversible, o.sensible) for o in v.options] == [
        (o["side"], o["move"], o["value"], o["incentive"], o["dominated"], o["reversible"], o["sensible"]) for o in c["options"]]
    assert walls(v.thermograph()) == c["thermograph"]
    assert d.value(board).options is None


def test_the_values_of_2xn_strips_sum_as_their_regions():
    # A 2 x n strip with its middle column filled is two strips side by side: its value is their sum.
    for n in range(1, 5):
        left, right = d.value(f"2x{n}").game, d.value(f"2x{n + 1}").game
        board = "/".join(["." * n + "#" + "." * (n + 1)] * 2)
        assert d.value(board).game == left + right


@pytest.mark.parametrize("what", ["game", "board"])
def test_thermograph_svg_is_the_cli_drawing(tmp_path, what):
    path = tmp_path / "cli.svg"
    if what == "game":
        subprocess.run([BIN, "game", "{3||2*|1*}", "--thermograph", str(path)], check=True, capture_output=True)
        th = d.game("{3||2*|1*}").thermograph()
    else:
        subprocess.run([BIN, "value", "..#/.../..#", "--thermograph", str(path)], check=True, capture_output=True)
        th = d.value("..#/.../..#").thermograph()
    assert th.svg() == th._repr_svg_() == path.read_text()
    th.save(str(tmp_path / "py.svg"))
    assert (tmp_path / "py.svg").read_bytes() == path.read_bytes()
    assert th.curves[0][1] == (d.game("{3||2*|1*}") if what == "game" else d.value("..#/.../..#").game)


SOLVES = [("4x4", "both"), ("5x5", "both"), ("3x7", "vertical"), ("6x6", "horizontal"), ("2x9", "both"), (".#../..../....", "both")]


@pytest.mark.parametrize("board,first", SOLVES)
def test_solve_finds_what_the_cli_finds(board, first):
    s = d.solve(board, first=first, threads=1)
    c = cli("solve", board, "--first", first, "--threads", "1")
    runs = c["runs"] if "runs" in c else [c]
    assert s.board == c["board"]
    assert s.outcome == c.get("outcome")
    assert [(r.first, r.winner, r.move, r.decided_by) for r in s.runs] == [
        (r["first"], r["winner"], r.get("move"), r["decided_by"]) for r in runs]
    if first != "both":
        assert (s.winner, s.move) == (runs[0]["winner"], runs[0].get("move"))


def test_solve_agrees_with_the_value_where_both_apply():
    # The outcome class of a board's exact value is who wins it.
    for board in ["3x4", "4x4", "2x6", "..#./..../#..."]:
        assert d.solve(board, threads=1).outcome == d.value(board).outcome


@pytest.mark.parametrize("shape", ["../..", ".../...", "../../..", "..#/...", "...."])
def test_catalogue_lookup_gives_the_cli_entry(shape):
    e = d.catalogue.lookup(shape)
    c = cli("catalogue", "lookup", shape)["regions"][0]
    assert (e.shape, e.cells, e.canonical, str(e.game), e.outcome, e.left_moves, e.right_moves) == (
        c["shape"], c["cells"], c["canonical"], c["canonical"], c["outcome"], c["left_moves"], c["right_moves"])
    assert (e.left_stop, e.right_stop, e.mean, e.temperature) == tuple(
        Fraction(c[k]) for k in ("left_stop", "right_stop", "mean", "temperature"))
    assert e.game == d.value(shape).game


def test_catalogue_lookup_of_a_shape_beyond_the_catalogue_is_none():
    assert d.catalogue.lookup("3x3") is None
    assert d.catalogue.lookup("3x3", cells=9).canonical == d.value("3x3").canonical
    import domineering.catalogue
    assert domineering.catalogue.lookup is d.catalogue.lookup


# (the module's call, the CLI's arguments): the same one-line message, InputError and exit 2.
ERRORS = [
    (lambda: d.game("{1|"), ["game", "{1|"]),
    (lambda: d.game("^").cool(-1), ["game", "^", "--cool", "-1"]),
    (lambda: d.game("^").cool("*"), ["game", "^", "--cool", "*"]),
    (lambda: d.game("^+1").atomic_weight(), ["game", "^+1", "--atomic-weight"]),
    (lambda: d.game("{1|^^^||^}").atomic_weight(), ["game", "{1|^^^||^}", "--atomic-weight"]),
    (lambda: d.value("..x/..."), ["value", "..x/..."]),
    (lambda: d.value("99999999999x2"), ["value", "99999999999x2"]),
    (lambda: d.solve("31x31"), ["solve", "31x31"]),
    (lambda: d.catalogue.lookup("../..", file="/nonexistent/catalogue.tsv"),
     ["catalogue", "lookup", "../..", "--catalogue", "/nonexistent/catalogue.tsv"]),
]


@pytest.mark.parametrize("call,args", ERRORS)
def test_bad_input_is_an_input_error_with_the_cli_message(call, args):
    code, message = cli_error(*args)
    assert code == 2
    with pytest.raises(d.InputError) as raised:
        call()
    assert str(raised.value) == message
    assert isinstance(raised.value, ValueError)


def test_a_board_too_large_for_a_value_names_the_limit():
    code, message = cli_error("value", "7x7", "--options")
    with pytest.raises(d.InputError) as raised:
        d.value("7x7", options=True)
    assert code == 2 and message.startswith(str(raised.value)) and "(limit 40)" in message
    with pytest.raises(d.InputError, match="region of 16 cells .* \\(limit 15\\)"):
        d.value("4x4", max_region_cells=15)


@pytest.mark.parametrize("call,match", [
    (lambda: d.value("2x2", max_region_cells=0), "max_region_cells 0 out of range"),
    (lambda: d.solve("4x4", first="diagonal"), "first must be 'vertical', 'horizontal' or 'both'"),
    (lambda: d.solve("4x4", threads=-1), "thread count -1 out of range"),
    (lambda: d.solve("4x4", tt_mb=-1), "tt_mb -1 is negative"),
    (lambda: d.solve("4x4", tt_mb=1 << 45), "is absurd|physical memory"),
    (lambda: d.catalogue.lookup("../..", cells=40), "cells 40 out of range"),
    (lambda: d.catalogue.lookup("..#../..#.."), "holds 2 regions"),
])
def test_bad_arguments_are_input_errors(call, match):
    with pytest.raises(d.InputError, match=match):
        call()


def run_and_interrupt(code):
    """Runs `code` in a fresh interpreter, sends it SIGINT once it has started, and returns its
    exit code, output and the seconds it took to stop."""
    env = dict(os.environ)
    p = subprocess.Popen([sys.executable, "-c", code], stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, env=env)
    assert p.stdout.readline() == "started\n"
    time.sleep(1.0)
    p.send_signal(signal.SIGINT)
    start = time.monotonic()
    out, err = p.communicate(timeout=60)
    return p.returncode, out, err, time.monotonic() - start


@pytest.mark.parametrize("call", [
    "d.value('6x6')",                                            # minutes of valuing
    "d.solve('8x8', first='vertical', threads=1, tt_mb=0)",      # a search without its table
    "d.solve('8x8', first='vertical', threads=2, tt_mb=0)",
])
def test_ctrl_c_stops_a_long_computation_and_the_module_still_works(call):
    code, out, err, seconds = run_and_interrupt(
        "import domineering as d\n"
        "print('started', flush=True)\n"
        "try:\n"
        f"    {call}\n"
        "    print('finished')\n"
        "except KeyboardInterrupt:\n"
        "    print('interrupted', d.value('2x3').canonical, d.solve('4x4', threads=1).outcome)\n")
    assert code == 0, err
    assert out.splitlines()[-1] == "interrupted {2|-1/2} N"
    assert seconds < 10


def test_the_gil_is_released_while_the_engine_works():
    # While another thread solves, this one keeps running Python: it counts far more than it could
    # if the solve held the GIL.
    done = threading.Event()
    worker = threading.Thread(target=lambda: (d.solve("6x8", first="vertical", threads=1, tt_mb=0), done.set()))
    ticks = 0
    worker.start()
    start = time.monotonic()
    while not done.is_set():
        time.sleep(0.001)
        ticks += 1
    seconds = time.monotonic() - start
    worker.join()
    assert seconds > 0.2 and ticks > 50


def test_the_examples_in_docs_python_md_print_what_they_say():
    import contextlib
    import doctest
    import io
    import re
    from pathlib import Path
    page = (Path(__file__).parents[2] / "docs" / "python.md").read_text()
    blocks = re.findall(r"```python\n(.*?)```", page, re.S)
    examples = [b for b in blocks if b.startswith(">>>")]
    assert len(examples) >= 4
    runner = doctest.DocTestRunner()
    # One test of all the interpreter examples, so that later ones see the names earlier ones made.
    runner.run(doctest.DocTestParser().get_doctest("\n".join(examples), {}, "docs/python.md", "docs/python.md", 0))
    assert runner.summarize(verbose=False).failed == 0
    # The worked example prints the table that follows it on the page.
    script = next(b for b in blocks if "2x{n}" in b)
    out = io.StringIO()
    with contextlib.redirect_stdout(out):
        exec(script, {})
    table = out.getvalue()
    assert table.count("\n") == 12 and table in page

"""The rules core under real MicroPython 1.27 (WebAssembly, run by Node): it must behave exactly
as under CPython.

Each parity test runs the same probe (``tests/micropython/probes.py``) or game under both
interpreters and compares the printed text. One MicroPython session serves the whole module
(see ``tests/micropython/host.py``); the runner is ``tests/micropython/run.mjs``.
"""

import contextlib
import io
import os
import shutil
import subprocess

import pytest

from tests.micropython import probes
from tests.micropython.host import REPO, RUNNER, MicroPythonError, Session, node_command, run
from tests.test_subset import MISSING_METHODS

PROBES_SOURCE = os.path.join(REPO, "tests", "micropython", "probes.py")


@pytest.fixture(scope="module")
def mp():
    with Session() as session:
        with open(PROBES_SOURCE, encoding="utf-8") as f:
            session.run(f.read())
        yield session


def cpython_output(fn, *args):
    buf = io.StringIO()
    with contextlib.redirect_stdout(buf):
        fn(*args)
    return buf.getvalue()


def first_difference(cpython, micropython):
    """Where two different texts first differ: line number and both lines."""
    cp_lines = cpython.splitlines() + ["<end of output>"]
    mp_lines = micropython.splitlines() + ["<end of output>"]
    i = 0
    while i < min(len(cp_lines), len(mp_lines)) - 1 and cp_lines[i] == mp_lines[i]:
        i += 1
    return "line " + str(i + 1) + ":\n  CPython:     " + cp_lines[i][:400] + "\n  MicroPython: " + mp_lines[i][:400]


def assert_same(cpython, micropython, what):
    """Equal texts, or a failure naming the first line that differs."""
    if cpython != micropython:
        pytest.fail(what + " differs at " + first_difference(cpython, micropython))


def probe_parity(mp, name, min_lines):
    fn = getattr(probes, name)
    cpython = cpython_output(fn)
    assert len(cpython.splitlines()) >= min_lines, "the probe printed too little to compare"
    assert "CRASH" not in cpython, "bad input crashed the rules core under CPython:\n" + "\n".join(
        [line for line in cpython.splitlines() if "CRASH" in line]
    )
    assert_same(cpython, mp.run(name + "()"), name)


# --- the runner itself -------------------------------------------------------------------------


def test_runner_imports_shared_rules_and_reports_tracebacks():
    out = run("import shared_rules.rng as m\nprint(m.__file__)")
    assert out.strip() == "shared_rules/rng.py"
    with pytest.raises(MicroPythonError) as err:
        run("print('before')\nimport shared_rules.phase10.desktop as d\nd.parse_card('X9')")
    message = str(err.value)
    assert "Traceback" in message and 'File "shared_rules/phase10/desktop.py"' in message
    assert "RuleError: (203, 'X9')" in message  # code 203: P10C-2, not a card


def test_runner_exit_codes_and_output():
    done = subprocess.run(node_command("-c", "print('out')\n1/0"), capture_output=True, text=True)
    assert (done.returncode, done.stdout) == (1, "out\n")
    assert done.stderr.startswith("Traceback") and "ZeroDivisionError" in done.stderr
    done = subprocess.run(node_command("-c", "import sys\nsys.exit(3)"), capture_output=True, text=True)
    assert done.returncode == 3
    done = subprocess.run(node_command("--heap", "lots", "-c", "1"), capture_output=True, text=True)
    assert done.returncode == 2 and "--heap needs a positive number" in done.stderr


def test_runner_says_how_to_install_micropython(tmp_path):
    copy = tmp_path / "tests" / "micropython" / "run.mjs"
    copy.parent.mkdir(parents=True)
    shutil.copy(RUNNER, copy)
    done = subprocess.run([node_command()[0], str(copy), "-c", "1"], capture_output=True, text=True)
    assert done.returncode == 2
    assert "MicroPython is not installed" in done.stderr and "make test" in done.stderr


def test_session_keeps_globals_and_survives_errors(mp):
    mp.run("kept = 41")
    with pytest.raises(MicroPythonError, match="NameError"):
        mp.run("undefined_name")
    assert mp.run("print(kept + 1)") == "42\n"


# --- foundations -------------------------------------------------------------------------------


def test_RNG_1_stream_matches_the_reference_generator(mp):
    """Rng is x -> (1103515245 x + 12345) mod 2**30, returning the top 15 bits."""
    seeds = (0, 1, 99, 2**30 - 1, 123456789)
    got = mp.run(
        "from shared_rules.rng import Rng\n"
        "for s in " + repr(seeds) + ":\n"
        "    r = Rng(s)\n"
        "    print(' '.join([str(r.next15()) for _ in range(200)]))\n"
    ).splitlines()
    for seed, line in zip(seeds, got):
        x = seed
        want = []
        for _ in range(200):
            x = (1103515245 * x + 12345) % 2**30
            want.append(str(x >> 15))
        assert line == " ".join(want), "seed " + str(seed)
    assert len(got) == len(seeds)


def test_RNG_1_draws_dice_and_shuffles_identical(mp):
    probe_parity(mp, "rng", 200)


def test_P10C_1_P10C_2_P10C_16_cards_identical(mp):
    probe_parity(mp, "card_probe", 200)


def test_P10C_2_non_ascii_lookalikes_are_not_cards(mp):
    probe_parity(mp, "parse_non_ascii", len(probes.NON_ASCII_WORDS))


def test_P10C_3_P10C_4_P10C_5_P10C_7_check_group_identical(mp):
    probe_parity(mp, "group_probe", 3000)


def test_P10C_9_hit_ends_identical(mp):
    probe_parity(mp, "hit_probe", 90)


def test_P10C_19_phases_identical(mp):
    probe_parity(mp, "phase_probe", 25)


def test_subset_list_of_missing_methods_is_true(mp):
    """Every method test_subset.py forbids is really missing from MicroPython's types."""
    names = sorted(MISSING_METHODS)
    got = mp.run(
        "print(' '.join([n for n in " + repr(names) + " if hasattr('', n) or hasattr(b'', n) or hasattr(1, n)]))"
    )
    assert got.split() == []


def test_P10C_3_P10C_4_P10C_5_solver_identical(mp):
    probe_parity(mp, "solver_probe", 400)


def test_SAVE_blobs_identical(mp):
    probe_parity(mp, "save_probe", 40)


# --- whole games -------------------------------------------------------------------------------

EDITIONS = ("classic", "2020")
PHASE_LISTS = ("all", "5", "8", "odd", "even")
PROGRESSIONS = ("standard", "everyone", "free")


def baseline_games():
    """Every edition x phase list x progression, with greedy players and with a table of random,
    hard and greedy players, 2..6 seats."""
    games = []
    i = 0
    for edition in EDITIONS:
        for phases in PHASE_LISTS:
            for progression in PROGRESSIONS:
                for b in range(2):
                    players = 2 + (i + 3 * b) % 5
                    bots = "greedy" if b == 0 else [("random", "hard", "greedy")[s % 3] for s in range(players)]
                    games.append((100 + 2 * i + b, players, bots, edition, phases, progression))
                i += 1
    return games


def test_P10C_6_to_P10C_22_RNG_1_baseline_games_identical(mp):
    """Seeded games of every variant give byte-identical records under MicroPython."""
    from shared_rules.desktop.selfplay import play_record

    mp.run("from shared_rules.desktop.selfplay import play_record")
    differ = []
    records = set()
    for seed, players, bots, edition, phases, progression in baseline_games():
        args = (seed, players, bots, edition, phases, progression)
        cpython = play_record(*args)
        assert cpython.count("\n# round ") >= 1 and cpython.count("\n= ") >= 1 and cpython not in records
        records.add(cpython)
        micropython = mp.run("print(play_record" + repr(args) + ", end='')")
        mp.run("import gc\ngc.collect()")
        if cpython != micropython:
            differ.append("play_record" + repr(args) + " " + first_difference(cpython, micropython))
    assert len(records) == 60
    assert not differ, "game records differ:\n" + "\n".join(differ)

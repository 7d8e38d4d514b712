"""Game records (docs/records.md), tools.replay and tools.simulate."""

import json
import re
import subprocess
import sys

import pytest

from shared_rules import RuleError
from shared_rules import cards as C
from shared_rules.desktop.record import replay, parse, CHANCE
from shared_rules.desktop.selfplay import SelfPlay, play_record
from tests.p10 import snapshot, stack
from tools import simulate
from shared_rules.phase10.desktop import parse_cards
from shared_rules.desktop import errors as E

ROOT = __file__.rsplit("/tests/", 1)[0]


def run_tool(*args):
    return subprocess.run([sys.executable, "-m"] + list(args), cwd=ROOT, capture_output=True,
                          text=True, timeout=120)


@pytest.mark.parametrize("seed, players, edition, phases, progression",
                         [(1, 2, "classic", "all", "standard"), (2, 6, "2020", "8", "free"),
                          (3, 4, "2020", "even", "everyone"), (4, 3, "classic", "odd", "free")])
def test_RECORD_replay_reproduces_the_game(seed, players, edition, phases, progression):
    sp = SelfPlay(seed, players, "greedy", edition, phases, progression)
    sp.run()
    g = replay(sp.record_text())
    assert snapshot(g, False) == snapshot(sp.state, False)
    assert play_record(seed, players, "greedy", edition, phases, progression) == sp.record_text()
    # without its chance lines the record replays from the seed alone, to the same game
    seeded = "\n".join(l for l in sp.record_text().split("\n") if not l.startswith("="))
    assert snapshot(replay(seeded)) == snapshot(sp.state)


def test_RECORD_stacked_deck_and_dealer_in_the_header():
    deck = stack(2, ["R5 B5 G5 Y6 Y6 B6 Y3 G5 R12 B12", "R3 B3 G3 Y4 Y4 B4 G9 G10 G11 G12"], "Y8", "R11")
    sp = SelfPlay(7, 2, "greedy", header={"deck": [C.texts(deck)], "dealer": ["p1"]})
    for _ in range(3):
        sp.step()
    text = sp.record_text()
    assert "dealer: p1" in text and text.count("deck: ") == 1
    assert "p2 lay 1: R3 B3 G3 | B4 Y4 Y4" in text
    assert snapshot(replay(text), False) == snapshot(sp.state, False)


def broken(text, needle):
    with pytest.raises(RuleError) as e:
        replay(text)
    assert needle in E.text(e.value), E.text(e.value)


def test_RECORD_broken_records_name_the_line():
    sp = SelfPlay(3, 3, "greedy")
    for _ in range(40):
        sp.step()
    lines = sp.record_text().split("\n")
    first_move = next(i for i, l in enumerate(lines) if re.match(r"p\d ", l))
    seat = lines[first_move].split()[0]
    other = "p1" if seat != "p1" else "p2"
    bad = list(lines)
    bad[first_move] = other + " draw"
    broken("\n".join(bad), "line %d: it is %s's turn" % (first_move + 1, seat))
    bad = list(lines)
    bad[first_move] = seat + " discard R1"
    broken("\n".join(bad), "line %d: P10C-7" % (first_move + 1))
    bad = list(lines)
    bad[first_move] = seat + " fly away"
    broken("\n".join(bad), "line %d" % (first_move + 1))
    head_end = next(i for i, l in enumerate(lines) if l.startswith("= "))
    broken("\n".join(lines[:head_end] + ["colour: red"] + lines[head_end:]), "cannot read")
    broken("\n".join(lines).replace("players: 3", "players: three"), "bad players")
    broken("\n".join(lines).replace("game: phase10", "game: chess"), "unknown game 'chess'")
    broken("\n".join(lines).replace("players: 3", "players: 9"), "header")
    broken("\n".join(lines + ["seed: 4"]), "header lines come before")


def test_RECORD_moves_after_the_end_are_refused():
    text = play_record(2, 2)
    broken(text + "p1 draw\n", "the game is over")


def test_RECORD_parse_reads_every_header_key():
    rec = parse("game: phase10\nedition: 2020\nphases: odd\nprogression: free\n"
                "players: 5\nseed: 42\ndealer: p3\n# comment\n\n= 4 7\np4 draw\n")
    assert rec.options == {"edition": "2020", "phases": "odd", "progression": "free"}
    assert rec.players == 5 and rec.seed == 42 and rec.extra == {"dealer": ["p3"]}
    assert rec.items == [(10, CHANCE, [4, 7]), (11, 3, "draw")]


def test_RECORD_tools_replay_prints_outcome_or_line(tmp_path):
    good = tmp_path / "good.txt"
    good.write_text(play_record(5, 4))
    r = run_tool("tools.replay", str(good))
    assert r.returncode == 0, r.stderr
    assert "winner: p" in r.stdout and "rounds played:" in r.stdout and "p4:" in r.stdout
    lines = good.read_text().split("\n")
    i = next(i for i, l in enumerate(lines) if re.match(r"p\d draw", l))
    lines[i] = lines[i].split()[0] + " lay 1: R1 R1 B1 | R2 R2 B2"  # laying before drawing
    bad = tmp_path / "bad.txt"
    bad.write_text("\n".join(lines))
    r = run_tool("tools.replay", str(bad))
    assert r.returncode == 1 and ("line %d: P10C-7" % (i + 1)) in r.stderr
    r = run_tool("tools.replay", str(tmp_path / "missing.txt"))
    assert r.returncode == 2 and "cannot read" in r.stderr


def test_RECORD_tools_simulate_json_and_records(tmp_path):
    r = run_tool("tools.simulate", "--game", "phase10", "--edition", "2020", "--players", "3",
                 "--games", "4", "--seed", "9", "--phases", "5", "--progression", "free",
                 "--records", str(tmp_path), "--json")
    assert r.returncode == 0, r.stderr
    out = json.loads(r.stdout)
    assert out["games"] == 4 and sum(out["wins_per_seat"]) >= 4
    assert out["rounds_per_game"]["min"] <= out["rounds_per_game"]["mean"] <= out["rounds_per_game"]["max"]
    files = sorted(p.name for p in tmp_path.iterdir())
    assert files == ["game-10.txt", "game-11.txt", "game-12.txt", "game-9.txt"]
    assert replay((tmp_path / "game-9.txt").read_text()).over
    r = run_tool("tools.simulate", "--players", "8")
    assert r.returncode != 0 and "players" in r.stderr


def test_RECORD_simulate_counts_wins_per_seat():
    r = simulate.simulate("phase10", 2, 6, 1, {"edition": "classic"})
    assert r["games"] == 6 and sum(r["wins_per_seat"]) >= 6


# ------------------------------------------------------------------ robustness (issue 15)


def test_RECORD_non_ascii_digits_and_huge_numbers_are_refused_with_a_message():
    text = play_record(2, 2)
    lines = text.split("\n")
    i = next(i for i, l in enumerate(lines) if re.match(r"p\d ", l))
    seat = lines[i].split()[0]
    for bad in ("p\u00b2 draw", "p\u0662 draw", "p" + "1" * 5000 + " draw",
                seat + " hit R8 \u00b2", seat + " lay \u00b9: R1 R1 R1 | R2 R2 R2",
                seat + " hit R8 " + "9" * 5000, seat + " skip p" + "3" * 5000):
        broken("\n".join(lines[:i] + [bad] + lines[i + 1:]), "line %d" % (i + 1))


def test_RECORD_error_messages_cut_and_escape_the_offending_line():
    huge = "colour: " + "x" * 5000000 + "\x00\x01"
    with pytest.raises(RuleError) as e:
        replay("game: phase10\nplayers: 2\n" + huge + "\n")
    msg = E.text(e.value)
    assert len(msg) < 200 and "\x00" not in msg and "..." in msg
    with pytest.raises(RuleError) as e:
        replay("game: phase10\nplayers: 2\np1 discard \x00\x07" + "R" * 1000 + "\n")
    assert len(E.text(e.value)) < 200 and "\x00" not in E.text(e.value)


def test_RECORD_a_byte_order_mark_is_accepted():
    text = play_record(4, 3)
    assert replay("\ufeff" + text).winners == replay(text).winners


def test_RECORD_chance_lines_must_match_what_the_game_draws():
    lines = play_record(6, 2).split("\n")
    i = next(i for i, l in enumerate(lines) if l.startswith("= "))
    broken("\n".join(lines[:i] + [lines[i] + " 3"] + lines[i + 1:]), "did not draw")
    broken("\n".join(lines[:i] + [" ".join(lines[i].split()[:-5])] + lines[i + 1:]), "fewer chance outcomes")
    broken("\n".join(lines[:i] + ["= 99999"] + lines[i + 1:]), "numbers 0..32767")


def test_RECORD_a_run_below_1_is_refused_for_that_reason():
    """``W W R1`` would be -1, 0, 1: refused because a run never reaches below 1 (P10C-4),
    not as a group without a natural card."""
    from shared_rules.groups import check_group
    from shared_rules.phases import RUN

    with pytest.raises(RuleError) as e:
        check_group(RUN, 3, parse_cards("W W R1"))
    assert E.name(e.value) == "beyond_12" and "below 1" in E.reason(e.value)
    with pytest.raises(RuleError) as e:
        check_group(RUN, 3, parse_cards("W W W"))
    assert E.name(e.value) == "all_wilds"
    assert check_group(RUN, 3, parse_cards("W R2 W")) == (1, 3)


# ------------------------------------------------------------------ issue 26, records


def test_RECORD_dice_express_numbers_in_ascii_digits_only_are_read_and_others_refused(tmp_path):
    """tools.replay ended in a traceback on Dice Express records with ``give ² roll``, ``steal
    p²`` or a 5,000-digit number (isdigit() and int()), and took ``steal p٢``: each is refused
    with the line and a message (exit 1), as the other two games do."""
    text = play_record(3, 3, "hard", game="dice_express")
    lines = text.split("\n")
    i = next(i for i, l in enumerate(lines) if re.match(r"p\d roll$", l))
    seat = lines[i].split()[0]
    for bad in ("give \u00b2 roll", "give " + "1" * 5000 + " roll", "steal p\u00b2",
                "steal p\u0662", "steal p" + "2" * 5000, "take R" + "3" * 5000):
        record = "\n".join(lines[:i] + [seat + " " + bad] + lines[i + 1:])
        broken(record, "line %d" % (i + 1))
        path = tmp_path / "bad.txt"
        path.write_text(record, encoding="utf-8")
        r = run_tool("tools.replay", str(path))
        assert r.returncode == 1 and "Traceback" not in r.stderr, (bad, r.stderr)
        assert len(r.stderr) < 300, r.stderr


def test_RECORD_a_chance_line_with_no_move_after_it_is_refused():
    """docs/records.md: every chance line but the set-up's holds what the move on the next line
    drew; one at the end of the record, with no move after it, is refused (it replayed, exit 0)."""
    text = play_record(6, 2, game="dice_express").rstrip("\n")
    assert replay(text).over
    broken(text + "\n= 1 2 3\n", "no move after it")
    broken(text + "\n= 4\n# a comment\n\n", "no move after it")


def test_RECORD_a_junk_deck_token_is_quoted_short():
    """A junk token in a stacked ``deck:`` line was quoted whole (about 2 KB) in the message;
    quotes are cut to 40 characters as everywhere else."""
    junk = "X" * 2000
    with pytest.raises(RuleError) as e:
        replay("game: phase10\nplayers: 2\ndeck: R1 " + junk + "\n")
    assert len(E.text(e.value)) < 200 and "..." in E.text(e.value), E.text(e.value)

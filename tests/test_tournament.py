"""tools/tournament.py: paired seats, win shares with an interval clustered by deal, the plot."""

import json
import math

import pytest

from tools import tournament


def test_P10C_18_summary_clusters_the_interval_by_deal():
    # two seats, three deals: level a wins 2, 1 and 0 of its two games per deal
    results = [
        (1, {"a": [2.0, 2, 2], "b": [0.0, 4, 2]}, [10, 11]),
        (2, {"a": [1.0, 3, 2], "b": [1.0, 3, 2]}, [12, 12]),
        (3, {"a": [0.0, 4, 2], "b": [2.0, 2, 2]}, [9, 10]),
    ]
    levels, hands = tournament.summarise(results, ["a", "b"])
    a = levels["a"]
    assert a["win_share"] == pytest.approx(0.5)
    ys = [1.0, 0.5, 0.0]  # per deal: share of that deal's games won
    sd = math.sqrt(sum((y - 0.5) ** 2 for y in ys) / 2)
    half = 1.96 * sd / math.sqrt(3)
    assert a["ci95"] == pytest.approx([0.5 - half, 0.5 + half])
    assert a["mean_place"] == pytest.approx(9 / 6)
    assert a["fair_share"] == pytest.approx(0.5)
    assert hands == pytest.approx(64 / 6)


def test_P10C_18_every_level_sits_in_every_seat_of_every_deal():
    r = tournament.run("phase10", ["normal", "easy", "easy"], {}, 2, 11)
    assert r["games"] == 6 and r["deals"] == 2
    total = 0.0
    for lv, v in r["levels"].items():
        assert 1 <= v["mean_place"] <= 3
        assert v["ci95"][0] <= v["win_share"] <= v["ci95"][1]
        total += v["win_share"]
    assert total == pytest.approx(1.0)  # each game's win is shared out once
    assert r["levels"]["easy"]["fair_share"] == pytest.approx(2 / 3)
    assert r["hands_per_game"] >= 1
    # the rotation: seat s plays seats[(s + r) % n] in rotation r, so a deal's seat-games per
    # level are its seats times the rotations
    seed, per, rounds = tournament.play_deal(("phase10", ["normal", "easy", "easy"], {}, 11))
    assert per["normal"][2] == 3 and per["easy"][2] == 6 and len(rounds) == 3


def test_P10C_18_same_seed_same_figures():
    a = tournament.run("phase10", ["hard", "normal"], {"edition": "2020"}, 2, 5)
    b = tournament.run("phase10", ["hard", "normal"], {"edition": "2020"}, 2, 5)
    assert a["levels"] == b["levels"] and a["hands_per_game"] == b["hands_per_game"]


def test_P10C_18_command_line_json_and_plot(tmp_path, capsys):
    png = tmp_path / "shares.png"
    assert tournament.main(["--game", "phase10", "--seats", "normal,easy", "--games", "2",
                            "--seed", "3", "--json", "--plot", str(png)]) == 0
    out = json.loads(capsys.readouterr().out)
    assert out["seats"] == ["normal", "easy"] and out["games"] == 4
    from PIL import Image
    with Image.open(png) as img:
        assert img.size[0] > 200 and img.size[1] > 200


def test_P10C_18_command_line_refuses_unknown_levels_and_seat_counts():
    with pytest.raises(SystemExit):
        tournament.main(["--seats", "hard,genius", "--games", "1"])
    with pytest.raises(SystemExit):
        tournament.main(["--seats", "hard", "--games", "1"])
    with pytest.raises(SystemExit):
        tournament.main(["--game", "chess", "--games", "1"])


def test_P10C_18_the_tournament_serves_every_registered_game():
    from shared_rules import registry
    keys = tournament.game_keys()
    assert "phase10" in keys
    for e in registry.GAMES:
        mod = tournament._playable(e)
        assert (mod is not None) == (e.key in keys)
    for key in keys:
        r = tournament.run(key, ["normal", "easy"], {}, 1, 7)
        assert r["games"] == 2
        assert sum(v["win_share"] for v in r["levels"].values()) == pytest.approx(1.0)


def test_P10C_18_diagnostics_count_every_hand_of_every_seat(capsys):
    from tools import p10_diag

    counts = p10_diag.diagnose(2, 7)
    mine = sum(v[0] for k, v in counts["hands"].items() if k[0])
    others = sum(v[0] for k, v in counts["hands"].items() if not k[0])
    assert mine > 0 and others == 3 * mine  # each hand counted once for every seat
    for hands, laid, out, pts_laid, pts_not in counts["hands"].values():
        assert 0 <= out <= laid <= hands  # going out needs the phase laid
        assert pts_laid >= 0 and pts_not >= 0 and (pts_not > 0) == (laid < hands)
    # one hand's end is one player going out, and the tested seat sits in four games per deal
    assert sum(v[2] for v in counts["hands"].values()) == mine
    assert counts["finish"][0] == 8
    # every game has one last hand; a win needs the last phase laid in it
    assert sum(counts["finals"].values()) == 8
    for (where, end), n in counts["finals"].items():
        if end == "won" or end == "lost on points":
            assert where.startswith("on the last phase")
    for before, after in counts["behind"]:  # lost on points: not fewer than the winner's
        assert after >= 0
    p10_diag.main(["--deals", "1", "--seed", "7"])
    out = capsys.readouterr().out
    assert "lays" in out and "on points" in out and "the last hand of a game" in out


def test_P10C_7_the_teacher_in_real_games_deals_only_unseen_cards_anew(capsys):
    """tools/p10_teacher --table: its positions are the hard player's discards before laying
    down (``--laid``: after); a rollout's world keeps everything seat 0 knows (its hand, the
    table, the discard pile, every hand's size) and deals the rest anew; a rollout is worth at
    most one phase."""
    from tools import p10_teacher as T
    from shared_rules.phase10.game import PLAY, DISCARD

    pos, per_hand = T.table_positions(3, 11)
    assert len(pos) == 3 and per_hand > 0
    for st, move in pos:
        assert st.pending == (0, PLAY) and not st.laid[0] and move[0] == DISCARD
        w = T._redeal(st, 5)
        assert w.hands[0] == st.hands[0] and w.discard == st.discard and w.table == st.table
        assert [len(h) for h in w.hands] == [len(h) for h in st.hands]
        hidden = sorted(sum([st.hands[s] for s in range(1, 4)], []) + st.draw_pile)
        assert sorted(sum([w.hands[s] for s in range(1, 4)], []) + w.draw_pile) == hidden
        assert w.draw_pile != st.draw_pile  # really dealt anew
        assert -1.0 <= T._hand_value(w, move, 3) <= 1.0
    cv, raw, phase = T.table_regret((pos[0][0], pos[0][1], 4))
    assert raw >= 0 and 1 <= phase <= 10
    T.main(["--table", "--positions", "1", "--rollouts", "2"])
    assert "table: discard regret before laying down" in capsys.readouterr().out
    laid, per_hand = T.table_positions(2, 11, laid=True)
    assert len(laid) == 2 and per_hand > 0
    for st, move in laid:
        assert st.pending == (0, PLAY) and st.laid[0] and move[0] == DISCARD
    T.main(["--table", "--laid", "--positions", "1", "--rollouts", "2"])
    assert "table: discard regret after laying down" in capsys.readouterr().out

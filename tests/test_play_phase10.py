"""Whole Phase 10 games played by key presses on the emulated device (the driver in
tests/scripts/phase10_driver.py decides a person's moves with a rules-core player and makes them
only with the board's keys), resuming after a power cut, pass-and-play covers, computer turns
at full speed, sounds and statistics."""

import importlib
import weakref

import pytest

from tests.scripts.phase10_driver import Driver
from shared_rules.phase10.desktop import parse_card

# (board, edition, phase list, progression, seats, machine seed)
GAMES = [
    ("pybadge", "classic", "5", "standard", ("person", "normal"), 1),
    ("pybadge", "2020", "odd", "standard", ("person", "normal", "easy"), 1),
    ("pybadge", "classic", "odd", "everyone", ("person", "easy", "hard"), 3),
    ("clue_nrf52840_express", "2020", "5", "free", ("person", "normal"), 2),
]


def ids(g):
    return g[0].split("_")[0] + "-" + g[1] + "-" + g[2] + "-" + g[3]


@pytest.mark.parametrize("game", GAMES, ids=[ids(g) for g in GAMES])
def test_P10C_whole_game_by_key_presses(game, tmp_path):
    board, edition, phases, progression, seats, seed = game
    d = Driver(board, nvm_path=str(tmp_path / "nvm.bin"), seed=seed)
    d.boot()
    d.new_game(edition, phases, progression, seats)
    end = d.play_to_end()
    lines = end.split("\n")
    assert lines[0] == "Game over"
    assert lines[1].endswith(" wins!") or lines[1].endswith(" win!")
    assert "1. " in end
    # the person's seat really played: draws, a lay-down, hits, discards and a Skip
    for kind in ("draw", "lay", "hit", "discard", "discard skip"):
        assert d.moves.get(kind, 0) > 0, (kind, d.moves)
    if edition == "2020":
        assert d.moves.get("skip", 0) > 0, d.moves  # whom the Skip skips
    assert d.used_hint > 0  # one lay-down in two is filled by Hint, the others card by card
    while type(d.top).__name__ == "Summary":  # its pages, then back to the main menu
        d.key("A")
    assert d.top.menu.items[0] != "Continue"  # the finished game is no longer saved
    d.menu_choose("Statistics")  # the person's name: one game, won or not, best place
    stats = d.text().split("\n")
    assert stats[1] == "Phase 10" and stats[2].split() == ["Who", "Games", "Wins", "Best"]
    won = "ANN" in lines[1]
    assert stats[3].split()[:3] == ["ANN", "1", "1" if won else "0"]
    d.close()


def _play_until(d, done, limit=5000):
    for _ in range(limit):
        if done(d.top):
            return d.top
        if d.step() == "end":
            raise AssertionError("the game ended first")
    raise AssertionError("never reached")


def _turn(mode):
    """A person's turn screen in hand 2 or later, in mode ``draw`` or ``play``."""
    def done(t):
        return (type(t).__name__ == "Turn" and t.session.state.hand_no >= 2
                and t.mode == ("draw", "play").index(mode))
    return done


def test_resume_after_power_cut_mid_turn(tmp_path):
    """Power cut in the middle of a person's turn (a lay-down half chosen) on a board whose NVM
    is rewritten by every save (the PyBadge: saves at the end of each hand only): Continue
    comes back to the start of the hand in progress (after the summary of the hand before it),
    exactly as it was saved, and the game plays on to its end."""
    d = Driver("pybadge", nvm_path=str(tmp_path / "nvm.bin"), seed=3)
    d.boot()
    d.new_game("classic", "5", "standard", ("person", "person", "normal"))
    t = _play_until(d, _turn("play"))
    codec = importlib.import_module("shared_rules.save")
    saves = importlib.import_module("firmware.saves")
    saved = saves.unpack_game(d.booted.store.game.load())[3]
    hand_no = t.session.state.hand_no
    hand = list(t.order)
    if t.rows[0][0] == d.T.A_LAY:  # choose some cards into the first group: not a move yet
        d.row(t, (d.T.A_LAY, 0))
        d.card(t, hand[0], free=True)
    d.m.power_cut()
    assert d.m.boots == 2
    assert d.top.menu.items[0] == "Continue"
    d.continue_game()
    assert type(d.top).__name__ == "Summary" and "Hand " + str(hand_no - 1) + " over" in d.text()
    state = d.top.session.state
    assert codec.encode(state, 1) == saved and state.hand_no == hand_no
    assert "Game over" in d.play_to_end()


def test_the_store_is_let_go_between_a_games_saves_but_where_every_move_is_saved(tmp_path):
    """A game keeps no store between its saves (its code is RAM: ``App.close_store``): on the
    PyBadge none from the first turn, and none again after the save at the end of a hand, which
    Continue brings back; the PicoSystem, which saves every person's move, keeps it."""
    d = Driver("pybadge", nvm_path=str(tmp_path / "nvm.bin"), seed=3)
    d.boot()
    d.new_game("classic", "5", "standard", ("person", "normal"))
    assert d.booted._store is None
    t = _play_until(d, _turn("play"))  # hand 2: the end of hand 1 was saved
    assert d.booted._store is None
    hand_no = t.session.state.hand_no
    d.m.power_cut()
    d.continue_game()
    assert "Hand " + str(hand_no - 1) + " over" in d.text()
    p = Driver("pimoroni_picosystem", nvm_path=str(tmp_path / "pico.bin"), seed=3)
    p.boot()
    p.new_game("classic", "5", "standard", ("person", "normal"))
    assert p.booted._store is not None and p.booted.appends


def test_power_cut_inside_a_save_loses_only_that_move(tmp_path):
    """The power fails while the discard is being saved (the PicoSystem's NVM takes a save
    without an erase, so each person's move is saved): after Continue the game stands where it
    stood before that discard; every earlier move is kept."""
    d = Driver("pimoroni_picosystem", nvm_path=str(tmp_path / "nvm.bin"), seed=4)
    d.boot()
    d.new_game("2020", "odd", "standard", ("person", "normal"))
    t = _play_until(d, _turn("play"))
    codec = importlib.import_module("shared_rules.save")
    before = codec.encode(t.session.state, 1)
    card = t.order[0]
    d.card(t, card)
    d.row(t, (d.T.A_DISCARD, 0), choose=False)
    d.m.power_cut(after_nvm_bytes=20)
    d.key("A")
    assert d.m.boots == 2  # the cut came inside the save and the board started again
    d.continue_game()
    t = d.top
    assert type(t).__name__ == "Turn" and t.mode == d.T.M_PLAY and card in t.order
    assert codec.encode(t.session.state, 1) == before


def test_computer_turns_shown_at_speed_and_fast_forwarded(tmp_path):
    """Computer moves stay on screen for the set time, one line each; A runs them at once."""
    d = Driver("pybadge", nvm_path=str(tmp_path / "nvm.bin"), seed=5)
    d.boot()
    d.booted.settings.speed = 0  # slow: 1.5 s a move
    d.new_game("classic", "5", "standard", ("person", "normal", "normal"))

    def computers(t):
        return type(t).__name__ == "ComputerTurns"

    def timed(press_a):
        t = _play_until(d, computers)
        session = t.session
        n0, ms0 = len(session.lines), d.m.clock_us // 1000
        if press_a:
            d.key("A")
        while d.top is t:
            d.m.run(10)
        moves = len(session.lines) - n0 if len(session.lines) < 8 else None
        return (d.m.clock_us // 1000 - ms0), moves, list(session.lines)

    slow_ms, _, lines = timed(False)
    fast_ms, _, _ = timed(True)
    assert slow_ms >= 2 * 1500  # two computer players, a draw and a discard each at least
    assert fast_ms < 400
    for line in lines:
        assert line.split()[0] in ("ANN", "BOB", "CAT")
        assert len(line) <= 30 or " lays phase " in line  # a lay-down names its cards (wrapped)


def test_sounds_card_phase_win_and_silence_when_off(tmp_path):
    d = Driver("pybadge", nvm_path=str(tmp_path / "nvm.bin"), seed=1)
    d.boot()
    d.new_game("classic", "5", "standard", ("person", "normal"))
    d.play_to_end()
    p10 = importlib.import_module("firmware.phase10.screens")
    sound = importlib.import_module("firmware.sound")
    decide = importlib.import_module("firmware.decide")
    freqs = set(t[1] for t in d.m.tones if t[3])
    for tone in (p10.CARD, p10.PHASE, sound.WIN, decide.YOUR_TURN):  # issue 14: a turn cue
        assert tone[0] in freqs
    d.key("A")
    d.booted.settings.sound = 0
    d.booted.apply_settings()
    heard = len(d.m.tones)
    d.new_game("classic", "5", "standard", ("person", "normal"))
    d.play_to_end()
    assert len(d.m.tones) == heard
    d.close()


@pytest.mark.parametrize("seats", [("person", "normal", "person"), ("person", "normal")],
                         ids=["two-people", "one-person"])
def test_a_press_begun_during_computer_turns_does_not_act_on_the_next_screen(seats, tmp_path):
    """On the CLUE A is held 600 ms for a long press (fast-forward). When the computer turns end
    before that, the long A must not land on the next screen: not on the pass-and-play cover
    (it would show the next person's cards) and not on a person's turn (it would draw for them);
    nor may the short press's key (DOWN) when A is let go early."""
    d = Driver("clue_nrf52840_express", nvm_path=str(tmp_path / "nvm.bin"), seed=7)
    d.boot()
    d.booted.settings.speed = 2  # 150 ms a move: a computer turn is over before 600 ms
    d.new_game("classic", "5", "standard", seats)
    shown = []
    for hold_ms in (700, 400, 700):
        t = _play_until(d, lambda t: type(t).__name__ == "ComputerTurns")
        session = t.session
        d.m.hold("A")
        held = 0
        while d.top is t and held < 590:
            d.m.run(10)
            held += 10
        assert d.top is not t, "the computer turn outlasted the press"
        after = d.top
        moves = len(session.lines)
        d.m.run(hold_ms - held)
        d.m.release("A")
        d.m.run(60)
        name = type(after).__name__
        shown.append(name)
        assert d.top is after, name + " gave way to " + type(d.top).__name__
        assert len(session.lines) == moves
        if name == "Turn":  # no cover needed: the same person as last time (or the only one)
            assert after.mode == d.T.M_DRAW and after.menu.index == 0 and not after.focus_hand
        else:
            assert name == "Cover" and len(seats) == 3
        d.step()  # the next press works as usual
    if len(seats) == 3:
        assert "Cover" in shown
    d.close()


def _arranged(d, hands, table, progress, laid, kinds=(0, 2), **game):
    """A session on an arranged Phase 10 position, ANN to play a card."""
    from tests.test_phase10_screens import arrange, session

    P = importlib.import_module("shared_rules.phase10.game")
    C = importlib.import_module("shared_rules.cards")
    G = importlib.import_module("shared_rules.groups")
    st = P.Phase10(2, seed=11, dealer=1, **game)
    arrange(st, C, G.check_group, hands, table, "Y4 Y5")
    st.progress = list(progress)
    st.laid = list(laid)
    st.stage = P.PLAY
    return session(d, st, kinds, ["ANN", "BOB"]), C


def test_continue_shows_the_summary_of_a_hand_left_before_it_was_read(tmp_path):
    """B on the summary between hands goes to the main menu; Continue shows that summary first,
    then the next hand."""
    d = Driver("pybadge", nvm_path=str(tmp_path / "nvm.bin"), seed=4)
    d.boot()
    s, C = _arranged(d, ["G11", "R3 R9 B9 G9 Y12 Y2 B6 G6 R1 B1"],
                     [(0, 0, "R7 B7 G7"), (0, 0, "R8 B8 G8")], (0, 0), (1, 0), phases="5")
    t = d.top
    d.card(t, parse_card("G11"))
    d.row(t, (d.T.A_DISCARD, 0))
    assert type(d.top).__name__ == "Summary" and "Hand 1 over" in d.text()
    summary = d.text()
    d.key("B")
    assert d.top.menu.items[0] == "Continue"
    d.continue_game()
    assert type(d.top).__name__ == "Summary" and d.text() == summary
    d.key("A")
    assert type(d.top).__name__ in ("Turn", "ComputerTurns")
    d.leave()  # left again: saved only if a move was made since (a save is an erase), else
    d.continue_game()  # the summary shows once more, then the hand
    if type(d.top).__name__ == "Summary":
        assert d.text() == summary
        d.key("A")
    assert type(d.top).__name__ in ("Turn", "ComputerTurns")
    d.close()


def test_a_power_cut_at_the_end_of_a_game_never_counts_it_twice(tmp_path):
    """The last move writes the statistics and removes the saved game. A power cut between the
    two must not leave both: Continue would replay the last move and count the game again."""

    def final_move(cut=None):
        d = Driver("pybadge", nvm_path=str(tmp_path / ("nvm%s.bin" % cut)), seed=4)
        d.boot()
        s, C = _arranged(d, ["G11", "R3 R9 B9 G9 Y12 Y2 B6 G6 R1 B1"],
                         [(0, 1, "R1 R2 R3 R4 R5 R6 R7 R8")], (4, 3), (5, 0), phases="5")
        s.save()
        t = d.top
        d.card(t, parse_card("G11"))
        d.row(t, (d.T.A_DISCARD, 0), choose=False)
        before = d.m.nvm.bytes_written
        if cut is not None:
            d.m.power_cut(after_nvm_bytes=cut)
        d.key("A")
        return d, d.m.nvm.bytes_written - before

    def ann_games(d):
        d.menu_choose("Statistics")
        lines = [line.split() for line in d.text().split("\n")]
        d.key("B")
        return sum(int(w[1]) for w in lines if w and w[0] == "ANN")

    d, written = final_move()
    assert "Game over" in d.text() and "ANN wins!" in d.text()
    d.key("A")
    assert d.top.menu.items[0] != "Continue" and ann_games(d) == 1
    d.close()
    stats_bytes = written - 2  # removing the saved game writes one byte in each of its slots
    for cut in (2, stats_bytes):  # after the first of the two records, whichever comes first
        d, _ = final_move(cut)
        assert d.m.boots == 2
        while type(d.top).__name__ == "Message":  # the SAMD51 erases its whole block: all is lost
            assert "damaged" in d.text()
            d.key("A")
        if d.top.menu.items[0] == "Continue":  # the last move is played again
            d.continue_game()
            t = d.top
            d.card(t, t.order[0])  # G11, the last card
            d.row(t, (d.T.A_DISCARD, 0))
            assert "Game over" in d.text()
            d.key("A")
        assert ann_games(d) <= 1, cut
        d.close()


def test_the_end_of_an_everyone_advances_game_shows_points_not_phases(tmp_path):
    """When everyone advances every hand, every player ends with every phase 'done', laid or
    not: the ending ranks by points and does not claim phases nobody laid."""
    d = Driver("pybadge", nvm_path=str(tmp_path / "nvm.bin"), seed=4)
    d.boot()
    s, C = _arranged(d, ["G11", "R3 R9 B9 G9 Y12 Y2 B6 G6 R1 B1"],
                     [(0, 1, "R1 R2 R3 R4 R5 R6 R7 R8")], (4, 4), (5, 0), phases="5",
                     progression="everyone")
    t = d.top
    d.card(t, parse_card("G11"))
    d.row(t, (d.T.A_DISCARD, 0))
    end = d.text()
    assert "Game over" in end and "ANN wins!" in end
    lines = end.split("\n")
    assert lines[2].split() == ["points"] and lines[3].split() == ["1.", "ANN", "0"], end
    assert lines[4].startswith("2. BOB "), end
    d.close()


# ---------------------------------------------------------------- issue 14: what a player trips over


def test_issue14_1_a_refused_hit_names_P10C_13(tmp_path):
    """Classic rules, the turn ANN lays down: Y9 fits BOB's set of 9s, but other players' groups
    may be hit only from her next turn on. The Hit row says so, and the refusal names the rule
    (it used to say 'Y9 fits nowhere')."""
    d = Driver("pybadge", nvm_path=str(tmp_path / "nvm.bin"), seed=4)
    d.boot()
    s, C = _arranged(d, ["Y9 R1 B2", "R5 B6 G7"], [(0, 0, "R3 B3 G3"), (0, 0, "R4 B4 G4"),
                                                   (1, 0, "R9 B9 G9")], (1, 0), (1, 1))
    s.state.laid_this_turn = True
    t = d.top
    t.refresh()
    d.card(t, parse_card("Y9"))
    i = t.rows.index((d.T.A_HIT, 0))
    assert t.menu.items[i] == "Hit Y9: next turn" and t.menu.dim[i]
    tones = len(d.m.tones)
    d.row(t, (d.T.A_HIT, 0))
    assert "Not until next turn" in d.text()
    decide = importlib.import_module("firmware.decide")
    assert decide.REFUSED[0] in [tn[1] for tn in d.m.tones[tones:]]  # a refusal sounds distinct
    d.key("A")  # again: the whole reason, with its rule
    text = " ".join(d.text().split())
    assert "P10C-13" in text and "BOB set of 9s" in text, text
    d.close()


def test_issue14_2_a_new_game_asks_before_replacing_the_saved_one(tmp_path):
    d = Driver("pybadge", nvm_path=str(tmp_path / "nvm.bin"), seed=2)
    d.boot()
    d.new_game("classic", "5", "standard", ("person", "normal"))
    _play_until(d, lambda t: type(t).__name__ == "Turn")
    d.leave()
    saved = d.booted.store.game.load()
    assert d.top.menu.items[0] == "Continue"
    d.menu_choose("Phase 10")
    d.menu_choose("Start")
    assert type(d.top).__name__ == "Overwrite" and "replaces the saved one" in " ".join(d.text().split())
    d.menu_choose("Keep saved game")
    assert type(d.top).__name__ == "NewGame" and d.booted.store.game.load() == saved
    d.menu_choose("Start")
    d.menu_choose("Start new game")
    assert type(d.top).__name__ in ("Turn", "ComputerTurns", "Cover")
    d.close()


def test_issue14_3_keys_mashed_during_computer_turns_do_not_act_on_the_persons_turn(tmp_path):
    """A during computer turns runs them at full speed; the next presses of the same mashing
    land on the person's turn within moments and must not take a card for them."""
    d = Driver("pybadge", nvm_path=str(tmp_path / "nvm.bin"), seed=6)
    d.boot()
    d.new_game("classic", "5", "standard", ("person", "normal", "normal"))
    landed = 0
    for _ in range(3):
        t = _play_until(d, lambda t: type(t).__name__ == "ComputerTurns")
        session = t.session
        hand = len(session.state.hands[0])
        for _ in range(6):  # A every 80 ms, as a mashing thumb does
            d.m.press("A", hold_ms=40, settle_ms=40)
        top = d.top
        if type(top).__name__ == "Turn":
            assert session.state.pending == (0, 0) and top.mode == d.T.M_DRAW  # still to draw
            assert top.menu.index == 0 and len(session.state.hands[0]) == hand
            landed += 1
        d.m.run(500)
        d.step()
    assert landed >= 2  # the presses did reach the person's turn
    d.close()


def test_issue14_5_pause_menu_on_START_and_on_B_at_the_top_of_a_turn(tmp_path):
    d = Driver("pybadge", nvm_path=str(tmp_path / "nvm.bin"), seed=2)
    d.boot()
    d.new_game("classic", "5", "standard", ("person", "normal"))
    t = _play_until(d, lambda t: type(t).__name__ == "Turn")
    left = t.memo()
    turn = weakref.ref(t)
    t = None
    d.key("START")
    assert type(d.top).__name__ == "PauseMenu"
    assert turn() is None  # the pause menu takes the turn's place (Session.over)
    assert d.top.menu.items == ["Resume", "Table", "Log", "Rules", "Settings", "Leave game"]
    d.menu_choose("Resume")
    assert type(d.top).__name__ == "Turn" and d.top.memo() == left  # made again as it was left
    d.key("B")  # nothing to go back to on a turn's first decision: the pause menu, not the menu
    assert type(d.top).__name__ == "PauseMenu"
    d.menu_choose("Table")
    assert "ANN" in d.text() and "BOB" in d.text()
    d.key("B")
    d.menu_choose("Log")
    assert type(d.top).__name__ == "TextPage"
    d.key("B")
    d.menu_choose("Rules")
    assert "Phase 10" in d.text() and "Board game" not in d.text()
    d.key("B")
    d.menu_choose("Settings")
    assert "CPU speed" in " ".join(d.text().split())
    depth = len(d.top.app.stack)
    d.key("UP")  # (wraps to the last row, Language, scrolling the list)
    d.key("UP")
    assert d.top.menu.items[d.top.menu.index] == "Button test" and d.top.menu.first > 0
    shown = d.text()
    d.key("A")  # the test in Settings' place; B twice: Settings again, as it was
    assert type(d.top).__name__ == "ButtonTest" and len(d.top.app.stack) == depth
    d.key("B")
    d.key("B")
    assert type(d.top).__name__ == "SettingsScreen" and d.top.menu.items[d.top.menu.index] == "Button test"
    assert d.text() == shown  # the same rows in view
    d.key("B")
    assert type(d.top).__name__ == "PauseMenu"
    d.menu_choose("Leave game")
    assert type(d.top).__name__ == "MainMenu" and d.top.menu.items[0] == "Continue"
    d.close()


def test_issue14_6_card_marks_are_on_by_default():
    """Red and green cards look alike to a deuteranope: the colour letters under the numbers
    are on unless switched off."""
    from emulator.machine import Machine

    with Machine("pybadge", nvm_path=None) as m, m.environment():
        settings = importlib.import_module("firmware.settings")
        assert settings.defaults().marks == 1


def test_issue14_7_clue_cover_takes_a_short_press_and_a_one_page_summary_says_only_go_on(tmp_path):
    d = Driver("clue_nrf52840_express", nvm_path=str(tmp_path / "nvm.bin"), seed=3)
    d.boot()
    d.new_game("classic", "5", "standard", ("person", "person"))
    cover = _play_until(d, lambda t: type(t).__name__ == "Cover")
    assert "press A" in " ".join(d.text().split())
    d.m.press("A", hold_ms=80)  # a short press: DOWN on the CLUE
    d.m.run(60)
    assert type(d.top).__name__ == "Turn" and d.top is not cover
    d.close()
    d = Driver("clue_nrf52840_express", nvm_path=str(tmp_path / "nvm2.bin"), seed=4)
    d.boot()
    s, C = _arranged(d, ["G11", "R3"], [(0, 1, "R1 R2 R3 R4 R5 R6 R7 R8")], (0, 0), (1, 0),
                     phases="5")
    t = d.top
    d.card(t, parse_card("G11"))
    d.row(t, (d.T.A_DISCARD, 0))
    summary = d.top
    assert type(summary).__name__ == "Summary" and summary.pages == 1
    assert "more" not in summary.footer.text and "go on" in summary.footer.text
    d.close()


def test_issue14_8_the_skip_target_choice_shows_cards_and_laid_down(tmp_path):
    d = Driver("pybadge", nvm_path=str(tmp_path / "nvm.bin"), seed=4)
    d.boot()
    P = importlib.import_module("shared_rules.phase10.game")
    C = importlib.import_module("shared_rules.cards")
    G = importlib.import_module("shared_rules.groups")
    from tests.test_phase10_screens import arrange, session

    st = P.Phase10(3, edition="2020", seed=5, dealer=2)
    arrange(st, C, G.check_group, ["S R1 B2", "R5 B6 G7 Y8", "G5 G6 Y1 Y2 B2 B9 Y9"],
            [(1, 0, "R9 B9 G9")])
    st.laid = [0, 1, 0]
    st.stage = P.PLAY
    session(d, st, (0, 2, 2), ["ANN", "BOB", "CAT"])
    t = d.top
    d.card(t, C.SKIP)
    d.row(t, (d.T.A_DISCARD, 0))
    assert t.mode == d.T.M_TARGET
    assert t.menu.items[:2] == ["BOB ph1 4c laid", "CAT ph1 7c"], t.menu.items
    d.close()


def test_issue14_9_small_ones(tmp_path):
    """The phases page keeps each phase on one line; About shows the whole board id; the
    PyBadge's name editor says what UP/DOWN do; the hand summary spells out points and phases."""
    d = Driver("clue_nrf52840_express", nvm_path=str(tmp_path / "nvm.bin"), seed=4)
    d.boot()
    d.menu_choose("About")
    pages = d.text()
    d.key("DOWN")
    assert "clue_nrf52840_express" in "".join((pages + d.text()).split())
    d.close()
    d = Driver("pybadge", nvm_path=str(tmp_path / "nvm2.bin"), seed=4)
    d.boot()
    d.menu_choose("Rules")
    d.menu_choose("Phase 10 phases")
    lines = d.text().split("\n")
    assert "2. set of 3 + run of 4" in lines and not any(line.strip().isdigit() for line in lines)
    d.key("B")
    d.key("B")
    d.menu_choose("Phase 10")
    d.menu_choose("1 ANN")
    d.menu_choose("Name")
    assert "UP/DOWN: letter" in d.text()
    d.key("B")
    d.key("B")
    d.key("B")
    s, C = _arranged(d, ["G11", "R3"], [(0, 1, "R1 R2 R3 R4 R5 R6 R7 R8")], (0, 0), (1, 0),
                     phases="5")
    t = d.top
    d.card(t, parse_card("G11"))
    d.row(t, (d.T.A_DISCARD, 0))
    text = " ".join(d.text().split())
    # a table: who went out, then each seat's points this hand, in all, and its phase (1->2:
    # laid and advanced; 1: to play again)
    assert "ANN went out. hand sum ph ANN +0 0 1->2 BOB +5 5 1 " in text, text
    d.close()


def test_issue14_4_the_title_says_what_the_phase_needs_and_SELECT_shows_the_table_as_tiles(tmp_path):
    d = Driver("pybadge", nvm_path=str(tmp_path / "nvm.bin"), seed=4)
    d.boot()
    s, C = _arranged(d, ["Y9 R1 B2", "R5 B6 G7"], [(0, 0, "R3 B3 G3"), (0, 0, "R4 B4 G4"),
                                                   (1, 1, "R9 B10 G11 Y12")], (0, 1), (1, 2))
    t = d.top
    assert d.text().split("\n")[0] == "ANN ph1 laid"
    s.state.laid = [0, 2]
    t.refresh()
    assert d.text().split("\n")[0] == "ANN ph1 set3+set3"
    d.booted.settings.marks = 0  # one page (with the marks on, taller tiles: test_phase10_screens)
    d.key("SELECT")  # one key from the decision
    table = d.top
    assert type(table).__name__ == "TableView"
    drawn = [lb.text for lb in table.content if hasattr(lb, "text")]
    assert "ANN ph1 3c 0pt" in drawn and "BOB ph2 3c 0pt laid" in drawn, drawn
    assert drawn.count("3") == 3 and drawn.count("4") == 3 and "12" in drawn  # the groups' cards
    from tests.test_phase10_screens import layout_problems

    assert layout_problems(d.m.display) == []
    d.key("B")
    assert type(d.top).__name__ == "Turn" and d.top.memo() == t.memo()  # as it was (Session.over)
    t = d.top
    # while the computer plays, the person's own hand stays in view (dimmed: drawn hollow)
    d.card(t, parse_card("Y9"))
    forgot = []  # (the desktop keeps its modules: what the app asks to drop, recorded)
    d.booted.forget = lambda names, collect=True: forgot.extend(names)
    d.row(t, (d.T.A_DISCARD, 0))
    ct = d.top
    assert type(ct).__name__ == "ComputerTurns"
    # nothing redraws the hand: the cards' module goes once it is drawn (code is RAM)
    assert "firmware.cards" in forgot and not hasattr(ct, "hand")
    from tests.test_phase10_screens import drawn_cards

    cards = importlib.import_module("firmware.cards")
    drawn = drawn_cards(ct.body)  # R1 B2, hollow: black inside a frame of their colour
    assert sorted(cards.number_label(num)[0] for *_, num in drawn) == ["1", "2"]
    assert sorted(face.pixel_shader[1] for *_, face, _ in drawn) == sorted(
        (cards.SHOWN[0], cards.SHOWN[1])) and all(f.pixel_shader[0] == 0 for *_, f, _ in drawn)
    assert layout_problems(d.m.display, ct) == []
    d.close()


def test_issue8_a_game_saved_by_the_version_before_the_registry_continues(tmp_path):
    """Saves written before the registry numbered Phase 10 by its menu position (0); Continue
    reads them as game 1 and plays on."""
    from emulator.machine import Machine

    path = str(tmp_path / "nvm.bin")
    with Machine("pybadge", nvm_path=path) as m, m.environment():
        saves = importlib.import_module("firmware.saves")
        nvmstore = importlib.import_module("firmware.nvmstore")
        codec = importlib.import_module("shared_rules.save")
        P = importlib.import_module("shared_rules.phase10.game")
        st = P.Phase10(2, seed=9)
        store = nvmstore.Store(m.nvm)
        store.game.save(saves.pack_game(0, bytearray((0, 2)), ["ANN", "BOB"], codec.encode(st, 1)))
        hands, dealer = [list(h) for h in st.hands], st.dealer
    d = Driver("pybadge", nvm_path=path, seed=2)
    d.boot()
    d.continue_game()
    t = d.top
    assert type(t).__name__ in ("Turn", "ComputerTurns") and t.session.entry.gid == 1
    state = t.session.state  # the same deal; from now on chance comes from the board
    assert [list(h) for h in state.hands] == hands and state.dealer == dealer
    assert type(state.source).__name__ == "Hardware"
    d.close()


def test_issue14_7_two_buttons_wait_on_lay_down_when_the_phase_is_ready(tmp_path):
    """On the CLUE a person used to step card by card through the whole hand to reach the
    rows. When the hand holds a whole phase after the draw, the cursor waits on Lay down."""
    from tests.test_phase10_screens import person_turn

    d, t, C = person_turn("clue_nrf52840_express", tmp_path, "R3 B3 G3 R5 Y5 G5 Y11 R1 B2 G12", "R4")
    st = t.session.state
    P = importlib.import_module("shared_rules.phase10.game")
    st.stage = P.DRAW
    t.refresh()
    d.row(t, (d.T.A_DECK, 0))
    assert t.mode == d.T.M_PLAY and not t.focus_hand and t.rows[t.menu.index][0] == d.T.A_LAY
    d.key("A")
    assert t.mode == d.T.M_LAY
    d.close()


@pytest.mark.parametrize("hand,drawn,take,ready", [
    ("R3 B3 G3 R5 Y5 G5 Y11 R1 B2 G12", "B7", False, True),  # whole before the draw
    ("R3 B3 G3 R5 Y5 Y11 R1 B2 G12 B9", "G5", False, True),  # one missing: the card completes it
    ("R3 B3 G3 R5 Y5 Y11 R1 B2 G12 B9", "B7", False, False),  # one missing: this card does not
    ("R3 B3 R5 Y5 Y11 R1 B2 G12 B9 Y7", "G5", False, False),  # two missing: no card completes it
    ("R3 B3 G3 R5 Y5 Y11 R1 B2 G12 B9", "B7", True, True),  # the discard (G5) completes it
])
def test_P10C_7_two_buttons_wait_on_lay_down_after_any_draw_that_completes_the_phase(
        tmp_path, hand, drawn, take, ready):
    """The turn screen finds before the draw, with the solver loaded before its objects,
    whether the phase will be whole after drawing from the deck (yes, no, or: it depends on
    the card, found after the draw) and after taking the discard; the cursor waits on Lay down
    exactly when the hand then holds phase 1 (two sets of three)."""
    from tests.test_phase10_screens import person_turn

    d, t, C = person_turn("clue_nrf52840_express", tmp_path, hand, "R4", drawn=drawn,
                          discard="G5" if take else "")
    assert t.mode == d.T.M_DRAW
    d.row(t, (d.T.A_TAKE if take else d.T.A_DECK, 0))
    solver = importlib.import_module("shared_rules.solver")
    phases = importlib.import_module("shared_rules.phase10.phases")
    st = t.session.state
    assert (solver.missing(st.hands[0], phases.CARD_PHASES[0]) == 0) == ready
    on_lay = not t.focus_hand and t.rows[t.menu.index][0] == d.T.A_LAY
    assert t.mode == d.T.M_PLAY and on_lay == ready
    d.close()


def test_issue14_4_a_computer_lay_down_says_which_cards(tmp_path):
    d = Driver("pybadge", nvm_path=str(tmp_path / "nvm.bin"), seed=4)
    d.boot()
    s, C = _arranged(d, ["Y9 R1 B2", "R5 B5 G5 Y6 R6 B6 Y12 G1 B11"], [], (0, 0), (0, 0))
    t = d.top
    d.card(t, parse_card("Y9"))
    d.row(t, (d.T.A_DISCARD, 0))
    for _ in range(200):
        if any("lays phase" in line for line in s.lines) or type(d.top).__name__ != "ComputerTurns":
            break
        d.m.run(100)
    laid = [line for line in s.lines if "lays phase" in line]
    assert laid and laid[0].startswith("BOB lays phase 1: ") and " | " in laid[0], s.lines
    d.close()


def test_a_turn_after_the_computers_moves_ignores_keys_for_a_moment(tmp_path):
    """The person's turn screen that replaces the computers' screen (made by the main loop:
    ``Session.show_new``) is guarded: keys still pressed for the computers' moves do not act
    on it for ``GUARD_MS``; a first turn of the game, after no computer moved, is not."""
    d = Driver("pybadge", nvm_path=str(tmp_path / "nvm.bin"), seed=1)
    d.boot()
    d.new_game("classic", "5", "standard", ("person", "normal"))
    first = d.top  # the game's first screen: a person's turn, unguarded, or the computers'
    assert type(first).__name__ == "ComputerTurns" or first.open_at is None
    after = None
    for _ in range(200):
        name = d.step()
        if name == "ComputerTurns" and type(d.top).__name__ == "Turn":
            after = d.top
            break
    assert after is not None and after.open_at is not None
    text = d.text()
    d.m.press(*d.m.how("A"))  # at once: ignored
    assert d.top is after and d.text() == text
    d.close()

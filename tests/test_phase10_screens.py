"""Every Phase 10 screen on each of the six boards (160x128, 240x240, 240x135, 320x170), reached
by key presses from set-up positions: screenshots in out/screens/phase10/<board>/ for a person
to look at, and on every one a check that no label or card tile runs off the screen, no label
overlaps another, no tile overlaps another, and no label but a tile's own lies on a tile.

Positions are arranged in the rules core's state (hands, table, discard pile; all 108 cards
stay in the game) and handed to the firmware's game session, as a scenario test would."""

import importlib
import os
import shutil
import sys

import pytest

from tests.scripts.phase10_driver import Driver
from shared_rules.phase10.desktop import parse_card, parse_cards

REPO = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
BOARDS = ("pybadge", "pygamer", "clue_nrf52840_express", "adafruit_feather_esp32s3_reverse_tft",
          "lilygo_tdisplay_s3", "pimoroni_picosystem")
# the screens' fit checks: the PyGamer draws every screen as the PyBadge does (the same 160x128
# screen and footers: a stick's directions, like a d-pad's, are not hinted), so it is left out
SCREEN_BOARDS = tuple(b for b in BOARDS if b != "pygamer")


def labels(display):
    """(x, y, w, h, text, label) of every visible label with text, in screen pixels (the
    label's whole text cells)."""
    from emulator.display import visible_labels

    out = []
    for item, x, y, s in visible_labels(display):
        bx, by, bw, bh = item.bounding_box
        out.append((x + bx * s, y + by * s, bw * s, bh * s, item.text, getattr(item, "tile", item)))
    return out


def tiles(screen):
    """The card tiles a screen shows, (x, y, w, h, ids of the tile's own labels) each, and the
    cursor frame's (x, y, w, h) or None: its ``hand`` row's (``firmware.cards.HandRow``), else
    those drawn in its body (the computers' screen draws the person's hand and keeps no row)."""
    hand = getattr(screen, "hand", None)
    if hand is None:
        if screen is None:
            return [], None
        return [t[:5] for t in drawn_cards(screen.body, screen.group.x, screen.group.y)], None
    ox = screen.group.x + screen.body.x + hand.group.x
    oy = screen.group.y + screen.body.y + hand.group.y
    out = []
    for g, _, num, mark, _ in hand.tiles:
        if not g.hidden:
            out.append((ox + g.x, oy + g.y, hand.tw, hand.th, (id(num), id(mark))))
    c = hand.cursor_tile
    cursor = None if c.hidden else (ox + c.x, oy + c.y, hand.tw + 2, hand.th + 2)
    return out, cursor


def drawn_cards(group, ox=0, oy=0):
    """The card tiles drawn under ``group`` whose top-left corner is at (ox, oy) on the screen,
    read from the display tree as a person sees them: (x, y, w, h, (id of the number's tile
    grid,), face tile grid, number's tile grid) each, a card's face being the tile grid just
    before its number's (``HandRow``)."""
    number_label = importlib.import_module("firmware.cards").number_label
    ox += group.x
    oy += group.y
    items = [group[i] for i in range(len(group))]
    out = []
    for i in range(len(items)):
        g = items[i]
        if not hasattr(g, "bitmap"):  # a group
            if not g.hidden:
                out += drawn_cards(g, ox, oy)
        elif i and not g.hidden and number_label(g) is not None:
            face = items[i - 1]
            out.append((ox + face.x, oy + face.y, face.tile_width, face.tile_height, (id(g),),
                        face, g))
    return out


def _overlap(a, b):
    return a[0] < b[0] + b[2] and b[0] < a[0] + a[2] and a[1] < b[1] + b[3] and b[1] < a[1] + a[3]


def _off(r, display):
    return r[0] < 0 or r[1] < 0 or r[0] + r[2] > display.width or r[1] + r[3] > display.height


def cuts():
    """The texts the app cut to fit a line (``firmware.ui.clip``) since the last call: the
    booted app's ``clip`` is wrapped to record them at the first call."""
    ui = sys.modules.get("firmware.ui")
    if ui is None:
        return []
    clip = ui.clip
    if not hasattr(clip, "cut"):
        def clip(text, cols, _clip=clip):
            if len(text) > cols:
                clip.cut.append((text, cols))
            return _clip(text, cols)

        clip.cut = []
        ui.clip = clip
    out = list(clip.cut)
    del clip.cut[:]
    return out


def layout_problems(display, screen=None):
    """Labels and card tiles off the screen, labels overlapping another label, tiles overlapping
    each other, a label over a tile or the cursor frame other than the tile's own number and
    mark, those running out of their tile, and texts the app cut to fit a line (``cuts``)."""
    bad = ["cut to %d: %r" % (cols, text) for text, cols in cuts()]
    found = labels(display)
    cards, cursor = tiles(screen)
    owner = {}
    for ti in range(len(cards)):
        for i in cards[ti][4]:
            owner[i] = ti
    for r in found:
        if _off(r, display):
            bad.append("off screen: " + repr(r[4]) + " at " + str(r[:4]))
    for r in cards + ([cursor] if cursor else []):
        if _off(r, display):
            bad.append("tile off screen at " + str(r[:4]))
    for i in range(len(found)):
        for j in range(i + 1, len(found)):
            a, b = found[i], found[j]
            same_tile = owner.get(id(a[5]), -1) == owner.get(id(b[5]), -2)
            if not same_tile and _overlap(a, b):
                bad.append("overlap: " + repr(a[4]) + " and " + repr(b[4]))
    for i in range(len(cards)):
        for j in range(i + 1, len(cards)):
            if _overlap(cards[i], cards[j]):
                bad.append("tiles overlap at " + str(cards[i][:4]) + " and " + str(cards[j][:4]))
    for a in found:
        ti = owner.get(id(a[5]))
        if ti is not None:  # inside its tile (the cell may use the pixel around it)
            x, y, w, h = cards[ti][:4]
            if a[0] < x - 1 or a[1] < y - 1 or a[0] + a[2] > x + w + 1 or a[1] + a[3] > y + h + 1:
                bad.append("out of its tile: " + repr(a[4]) + " at " + str(a[:4]))
            continue
        for r in cards + ([cursor] if cursor else []):
            if _overlap(a, r):
                bad.append("label over a tile: " + repr(a[4]) + " at " + str(a[:4]))
                break
    return bad


class Shots:
    def __init__(self, driver, folder):
        self.d = driver
        self.folder = folder
        self.names = []
        self.problems = []

    def __call__(self, name):
        m = self.d.m
        m.run(30)
        m.screenshot(os.path.join(self.folder, name + ".png"))
        self.names.append(name)
        for p in layout_problems(m.display, self.d.top):
            self.problems.append(name + ": " + p)


def arrange(st, C, check_group, hands, table=(), discard=""):
    """Give the state these hands, laid groups ``(owner, kind, cards)`` and discard pile (top
    last); every other card goes to the draw pile."""
    pool = C.new_deck()

    def take(words):
        out = []
        for c in parse_cards(words):
            pool.remove(c)
            out.append(c)
        return out

    for s in range(st.n):
        st.hands[s] = take(hands[s])
    st.table = []
    for owner, kind, words in table:
        cards = take(words)
        a, b = check_group(kind, len(cards), cards)
        st.table.append([owner, kind, a, b, cards])
    st.discard = take(discard)
    st.draw_pile = pool


def person_turn(board_id, tmp_path, hand, other, drawn=None, discard=""):
    """A booted board on ANN's turn (after her draw, or before it with ``drawn`` on top of the
    draw pile) with ``hand``; BOB, a computer, holds ``other``. Returns the driver, the turn
    screen and the cards module the firmware uses."""
    d = Driver(board_id, nvm_path=str(tmp_path / "nvm.bin"), seed=3)
    d.boot()
    P = importlib.import_module("shared_rules.phase10.game")
    C = importlib.import_module("shared_rules.cards")
    G = importlib.import_module("shared_rules.groups")
    st = P.Phase10(2, seed=5, dealer=1)
    arrange(st, C, G.check_group, [hand, other], discard=discard)
    if drawn is None:
        st.stage = P.PLAY
    else:
        st.draw_pile.remove(parse_card(drawn))
        st.draw_pile.append(parse_card(drawn))
    session(d, st, (0, 2), ["ANN", "BOB"])
    return d, d.top, C


def session(d, state, kinds, names):
    """Start the firmware's game session on an arranged state."""
    play = importlib.import_module("firmware.session")
    registry = importlib.import_module("shared_rules.registry")
    d.booted.home()
    s = play.Session(d.booted, registry.by_key("phase10"), state, bytes(kinds), names)
    s.next()
    d.m.run(30)
    return s


@pytest.mark.parametrize("board_id", SCREEN_BOARDS)
def test_every_phase10_screen_fits(board_id, tmp_path):
    folder = os.path.join(REPO, "out", "screens", "phase10", board_id)
    shutil.rmtree(folder, ignore_errors=True)
    os.makedirs(folder)
    d = Driver(board_id, nvm_path=str(tmp_path / "nvm.bin"), seed=3)
    d.boot()
    shot = Shots(d, folder)
    d.booted.settings.marks = 1
    d.booted.settings.speed = 2
    P = importlib.import_module("shared_rules.phase10.game")
    C = importlib.import_module("shared_rules.cards")
    G = importlib.import_module("shared_rules.groups")
    SET, RUN = 0, 1

    # --- 2020 edition, three players: a whole turn of ANN's --------------------------------
    st = P.Phase10(3, edition="2020", seed=5, dealer=2)
    arrange(st, C, G.check_group,
            ["R3 B3 G3 R4 B5 Y7 W W S R8", "R1 R2 B11 G12 Y12 B6", "G5 G6 Y1 Y2 B2 B9 Y9 G9 R10 R11"],
            [(1, SET, "R9 B9 G9"), (1, RUN, "G4 B5 R6 Y7")], "B1 R7")
    st.progress = [1, 1, 0]
    st.laid = [0, 2, 0]
    st.waiting = [False, False, True]
    s = session(d, st, (0, 2, 2), ["ANN", "BOB", "CAT"])
    t = d.top
    assert type(t).__name__ == "Turn" and t.mode == d.T.M_DRAW
    shot("01-draw")
    d.row(t, (d.T.A_TAKE, 0))
    assert t.mode == d.T.M_PLAY and "You took R7" in d.text()  # issue 14.3: took, not drew
    shot("02-play")
    d.row(t, (d.T.A_HINT, 0))
    assert t.mode == d.T.M_LAY
    shot("03-hint-ready")
    d.row(t, (d.T.A_CLEAR, 0))
    for c in ("R3", "B3"):
        d.card(t, parse_card(c), free=True)
    assert "+1" in t.menu.items[0]
    shot("04-lay-set-filling")
    d.card(t, parse_card("G3"), free=True)
    assert t.filling == 1
    for c in ("R4", "B5", "W"):
        d.card(t, parse_card(c), free=True)
    assert "+1: 4 5 W=6" in t.menu.items[1], t.menu.items
    shot("05-lay-run-with-wild")
    left = t.memo()
    t.session.pause()  # (START; not every board has one) the pause menu in the turn's place
    d.m.run(100)  # (Session.over): the lay-down being chosen comes back
    d.menu_choose("Resume")
    assert d.top is not t and d.top.memo() == left and "+1: 4 5 W=6" in d.top.menu.items[1]
    t = d.top
    shot("05b-lay-after-pause")
    d.card(t, parse_card("Y7"), free=True)
    assert not t.menu.dim[2], t.menu.items
    shot("06-lay-ready")
    d.key("A")
    assert st.laid[0] == 2 and t.mode == d.T.M_PLAY
    assert t.fx is not None  # the laid cards fly up (firmware.fx)
    d.m.run(800)
    assert t.fx is None
    shot("07-laid")
    d.card(t, parse_card("R8"))
    assert t.mode == d.T.M_CARD
    shot("08-card-choice")
    d.row(t, (d.T.A_HIT, 0))
    assert t.mode == d.T.M_HIT and any(t.menu.dim) and not all(t.menu.dim[:-1])
    shot("09-hit-targets-greyed")
    d.row(t, (d.T.A_GROUP, 2))  # ANN's set of 3s: R8 does not fit: the rules core says why
    assert d.top is t and info_text(t) == "Does not fit there"  # in one line
    shot("10-refused-move")
    d.key("A")  # the same again: the whole reason
    assert type(d.top).__name__ == "Message"
    assert "That card does not fit this group" in d.text().replace("\n", " ")
    shot("10b-refused-move-why")
    d.key("A")
    assert d.top is t and info_text(t) == "Does not fit there"
    d.key("B")
    d.key("B")
    d.card(t, parse_card("W"))
    d.row(t, (d.T.A_HIT, 0))
    d.row(t, (d.T.A_GROUP, 3))  # ANN's run 4-7: both ends open
    assert t.mode == d.T.M_END
    shot("11-wild-which-end")
    d.row(t, (d.T.A_END, G.LOW))
    assert st.table[3][2] == 3
    d.row(t, (d.T.A_TABLE, 0))
    shot("12-table")
    left = t.memo()
    d.key("B")
    assert d.top is not t and d.top.memo() == left  # made again as it was left (Session.over)
    t = d.top
    d.card(t, parse_card("S"))
    d.row(t, (d.T.A_DISCARD, 0))
    assert t.mode == d.T.M_TARGET and t.menu.dim[1] and not t.menu.dim[0]
    shot("13-skip-target-waiting-greyed")
    d.row(t, (d.T.A_TARGET, 1))
    assert st.pending == (0, P.DRAW)  # BOB and CAT both wait out a Skip: ANN again
    d.row(t, (d.T.A_DECK, 0))
    d.card(t, parse_card("R7"))
    d.row(t, (d.T.A_DISCARD, 0))
    assert type(d.top).__name__ == "ComputerTurns"
    d.m.run(400)
    shot("14-computer-turns")

    # --- free choice, two people: the cover and the phase choice ---------------------------
    d.booted.settings.marks = 0
    st = P.Phase10(2, edition="classic", phases="5", progression="free", seed=8, dealer=1)
    s = session(d, st, (0, 0), ["ANN", "BOB"])
    assert type(d.top).__name__ == "Cover"
    shot("15-pass-to-ann")
    d.key("A")
    t = d.top
    shot("16-draw-no-marks")
    d.row(t, (d.T.A_DECK, 0))
    d.row(t, (d.T.A_LAY, 0))
    assert t.mode == d.T.M_PICK and len(t.rows) == 6
    shot("17-free-choice-phase")

    # --- the end of a hand that ties, and a tiebreak hand to the end -----------------------
    d.booted.settings.marks = 1
    st = P.Phase10(2, edition="classic", phases="5", seed=11, dealer=1)
    arrange(st, C, G.check_group, ["G11", "R3"],
            [(0, RUN, "R1 R2 R3 R4 R5 R6 R7 R8"), (1, RUN, "B2 B3 B4 B5 B6 B7 B8 B9")], "Y4 Y5")
    st.progress = [4, 4]
    st.laid = [5, 5]
    st.scores = [55, 50]
    st.stage = P.PLAY
    s = session(d, st, (0, 2), ["ANN", "BOB"])
    t = d.top
    d.card(t, parse_card("G11"))
    d.row(t, (d.T.A_DISCARD, 0))
    assert type(d.top).__name__ == "Summary" and st.tiebreak
    shot("18-hand-over-tie")
    end = d.play_to_end()
    assert "Game over" in end
    d.m.run(800)  # after the win flourish
    assert d.top.fx is None
    shot("19-game-over")
    while type(d.top).__name__ == "Summary":  # A turns its pages (large text: more than one)
        d.key("A")
    d.menu_choose("Statistics")
    assert "ANN" in d.text()
    shot("20-statistics")

    for name in ("01-draw", "19-game-over"):
        assert os.path.getsize(os.path.join(folder, name + ".png")) > 0
    d.close()
    assert not shot.problems, "\n".join(shot.problems)


def test_hand_sorts_by_colour_or_number_and_scrolls_when_it_does_not_fit(tmp_path):
    """A hand larger than the row (not a Phase 10 position, but the widget must cope): the row
    scrolls with the cursor, and sorting keeps the cursor on its card."""
    hand = "Y1 R2 B3 G4 Y5 R6 B7 G8 Y9 R10 B11 G12 W S R1 B1"
    d, t, C = person_turn("pybadge", tmp_path, hand, "R3")
    row = t.hand
    assert row.slots == 11 and len(t.order) == 16
    assert t.order[:3] == parse_cards("R1 B1 Y1") and t.order[-2:] == parse_cards("W S")
    for _ in range(15):
        d.key("RIGHT")
    assert t.cur == 15 and row.visible_range() == (5, 16)
    assert layout_problems(d.m.display, d.top) == []
    d.key("LEFT")
    d.row(t, (d.T.A_SORT, 0))
    assert t.order[:4] == parse_cards("R1 R2 R6 R10") and t.order[t.cur] == C.WILD
    assert "Sort by number" in d.text()
    d.close()


def info_text(t):
    """The turn screen's information line(s) as shown, joined by spaces."""
    return " ".join(lb.text for lb in t.info if lb.text and not lb.hidden)


@pytest.mark.parametrize("board_id", ["pybadge", "clue_nrf52840_express"])
def test_hint_and_lay_down_reasons_are_shown_whole(board_id, tmp_path):
    """Hint says how many cards a phase lacks and (issue 14.9) which cards it would keep, chosen
    into the groups (their rows say what each still lacks); a bad group says why, in full on
    the information line (the 160x128 line holds 25 characters; nothing may be cut off)."""
    d, t, C = person_turn(board_id, tmp_path, "R3 B3 G3 R5 Y7 G9 Y11 R1 B2 G12 B10", "R4")
    d.row(t, (d.T.A_HINT, 0))
    assert t.mode == d.T.M_LAY and info_text(t) == "Hint: 2 cards short"
    assert "Hint: 2 cards short" in d.text()
    assert t.menu.items[0].startswith(" Set3 ok: R3 B3 G3") or t.menu.items[0].startswith(">Set3 ok: R3"), t.menu.items
    assert "+2" in t.menu.items[1], t.menu.items
    d.key("B")  # back to the hand
    assert t.mode == d.T.M_PLAY
    d.row(t, (d.T.A_LAY, 0))
    assert info_text(t) == "Set3 needs 3 more"
    for c in ("R3", "B3", "G3", "R5", "Y7"):
        d.card(t, parse_card(c), free=True)
    assert t.filling == 1 and info_text(t) == "Set3 needs 1 more"
    d.card(t, parse_card("G9"), free=True)
    assert info_text(t) == "Set3: mixed numbers"
    d.row(t, (d.T.A_LAYNOW, 0))  # greyed: the screen says which group is wrong and why
    assert type(d.top).__name__ == "Turn" and info_text(t) == "Set3: mixed numbers"
    assert layout_problems(d.m.display, d.top) == []
    d.close()


@pytest.mark.parametrize("board_id", ["pybadge", "clue_nrf52840_express"])
def test_a_two_group_lay_down_shows_both_groups_and_lay_down_now(board_id, tmp_path):
    """While a two-group phase is chosen, both groups' rows and Lay down now are on screen at
    once, under the whole hand, and the information line is in the screen's text size (large
    on a 240x240 board)."""
    d, t, C = person_turn(board_id, tmp_path, "R3 B3 G3 R5 Y5 G9 Y11 R1 B2 G12 B10", "R4")
    d.row(t, (d.T.A_LAY, 0))
    for c in ("R3", "B3", "G3", "R5"):
        d.card(t, parse_card(c), free=True)
    shown = [lb.text.strip() for lb in t.menu.labels]
    assert len(shown) >= 3 and shown[0].startswith("Set3 ok") and shown[1].startswith(">Set3 +2")
    assert shown[2] == "Lay down now", shown
    assert t.hand.visible_range() == (0, 11)
    lay = d.booted.layout
    said = [lb for lb in t.info if lb.text]
    assert [lb.text for lb in said] == ["Set3 needs 2 more"] and said[0].scale == lay.scale
    assert layout_problems(d.m.display, d.top) == []
    d.close()


# codes of the rules core's refusals for moves the screens never offer (they ask only for
# moves of the pending decision, from the hand shown, on the groups shown), and of set-ups
NEVER_ASKED = ("bad_deck", "bad_target", "choose_target", "game_over", "choose_phase",
               "completed_already", "draw_first", "whole_phase", "lay_not_in_hand", "not_in_hand",
               "drawn_already", "laid_already", "wrong_phase", "no_group", "choose_card",
               "choose_number", "bad_number", "bad_direction", "choose_kind", "bad_kind",
               "keep_or_done", "choose_pile", "play", "take_steal_or_pass", "unknown_progression")
BOARD_ASKED = ("not_in_hand",)  # the board game's pick screens can offer a card that is gone


def raised_codes(name):
    """The RuleError codes (ints) a module of the rules core raises with a rule id of a game
    (P10C, P10B, DX): its ``_E_`` constants used in a raise, and those it passes on to
    ``groups`` (the code given and the next one)."""
    import ast
    import re

    from shared_rules.desktop import errors as E

    with open(os.path.join(REPO, "shared_rules", name)) as f:
        text = f.read()
    consts = dict((k, int(v)) for k, v in re.findall(r"^(_E_[A-Z0-9_]+) = const\((\d+)\)", text, re.M))
    out = []
    for node in ast.walk(ast.parse(text)):
        if isinstance(node, ast.Name) and node.id in consts:
            code = consts[node.id]
            for c in ((code, code + 1) if node.id in ("_E_WHOLE_PHASE", "_E_NO_FIT") else (code,)):
                if E.rule(c)[:3] in ("P10", "DX-") and c not in out:
                    out.append(c)
    out.sort()
    return out


def test_every_refusal_of_the_rules_core_has_a_one_line_text():
    """Every refusal code the rules core can give a person's screens has a short text for the
    information line (chosen by the int code: the rules core has no words): 19 characters
    (large text on 240x240; Dice Express's are cut to the line), or 25 with a group's name in front (a 160x128 line); Phase 10's
    have the whole reason with its rule too (the message box of a refusal made twice). Read
    from the rules core's source, so a new refusal is noticed. 'too_few' says too few (it once
    said 'too many cards')."""
    from emulator.machine import Machine
    from shared_rules.desktop import errors as E

    found = {}
    for name in ("phase10/game.py", "groups.py", "phase10board/game.py", "dice_express/game.py"):
        found[name] = [c for c in raised_codes(name) if E.name(c) not in NEVER_ASKED
                       or (name == "phase10board/game.py" and E.name(c) in BOARD_ASKED)]
    assert len(found["phase10/game.py"]) >= 9 and len(found["groups.py"]) >= 6
    assert len(found["phase10board/game.py"]) >= 9 and len(found["dice_express/game.py"]) >= 12
    with Machine("pybadge", nvm_path=None) as m, m.environment():
        T = importlib.import_module("firmware.phase10.text")
        why = importlib.import_module("firmware.phase10.why")
        L = importlib.import_module("firmware.phase10.laydown")
        BS = importlib.import_module("firmware.phase10board.why")
        DT = importlib.import_module("firmware.dice_express.turn")
        phases = importlib.import_module("shared_rules.phase10.phases")
        head = max(len(L.group_head(k, n)) for shape in phases.CARD_PHASES for k, n in shape)
        board = dict(BS.SHORT)
        for name, codes in found.items():
            for code in codes:
                if name == "phase10board/game.py":
                    short = board.get(code)
                elif name == "dice_express/game.py":
                    short = DT.SHORT.get(code)
                else:
                    short = T.short(code)
                    full = why.text(code)
                    assert "(" + E.rule(code) + ")" in full, (code, full)
                assert short is not None, (name, E.name(code))
                assert len(short) <= 19 or name == "dice_express/game.py", (code, short)  # dice: cut to the line
                if name == "groups.py":  # "Colour7: mixed colours"
                    assert head + 2 + len(short) <= 25, (code, short)
        assert T.short(E.code_of("too_few")) == "too few cards"


def test_board_game_jokers_draw_as_tiles(tmp_path):
    """The board game reuses the hand row and the table tiles: a joker (card | 0x80) is a white
    tile numbered in its colour and marked J, sorted after the number cards."""
    from emulator.machine import Machine

    with Machine("pybadge", nvm_path=None) as m, m.environment():
        import displayio

        cards = importlib.import_module("firmware.cards")
        joker = 0x80 | 0x17  # a joker of blue 7
        assert cards.sort_cards([joker, 0x40, 0x05, 0x23], False) == [0x23, 0x05, joker, 0x40]
        assert cards.look(joker) == (cards.FILL[4], cards.FRAME[1], "7", "J")

        row = cards.HandRow(displayio.Group(), 160, 20, 1, 1, True)
        row.set_cards([0x05, joker])
        g, pal, num, mark, _ = row.tiles[1]
        assert cards.number_label(num)[0] == "7" and mark == "J" and num.pixel_shader[1] == cards.FRAME[1]
        assert g[0] == 6 and pal[2] == cards.FRAME[1]  # the frame with J, in its colour


def _pixels(m, path):
    from PIL import Image

    m.screenshot(path)
    with Image.open(path) as im:
        return im.convert("RGB").tobytes()


@pytest.mark.parametrize("board_id", ["pybadge", "lilygo_tdisplay_s3"])
def test_issue14_phase_laid_and_win_animations_end_and_leave_the_screen_as_before(board_id,
                                                                                   tmp_path):
    """Laying a phase sends its cards flying from the hand to the title, a few rectangles moved
    a few pixels a frame; within half a second they are gone and the screen shows exactly what
    a full redraw of it shows. The final summary's win flourish does the same."""
    d = Driver(board_id, nvm_path=str(tmp_path / "nvm.bin"), seed=3)
    d.boot()
    d.booted.settings.speed = 2
    P = importlib.import_module("shared_rules.phase10.game")
    C = importlib.import_module("shared_rules.cards")
    G = importlib.import_module("shared_rules.groups")
    st = P.Phase10(2, edition="2020", seed=5, dealer=1)
    arrange(st, C, G.check_group, ["R3 B3 G3 R4 B5 Y7 W R8 G9 Y12 B1", "R1 R2 B11 G12 Y1 B6"],
            (), "B2")
    st.progress = [1, 1]
    s = session(d, st, (0, 2), ["ANN", "BOB"])
    t = d.top
    d.row(t, (d.T.A_DECK, 0))
    d.row(t, (d.T.A_HINT, 0))
    before = len(t.group)
    d.row(t, (d.T.A_LAYNOW, 0))
    assert st.laid[0] and t.mode == d.T.M_PLAY and t.fx is not None
    assert len(t.group) > before
    frames = []
    for _ in range(30):
        d.m.run(30)
        frames.append(_pixels(d.m, str(tmp_path / "f.png")))
        if t.fx is None:
            break
    assert t.fx is None, "the animation ends within 900 ms"
    assert all(g.hidden for g in t.group[before:]), "its rectangles are hidden"
    assert len(set(frames)) > 2, "it moves"
    after = frames[-1]
    d.booted.push(importlib.import_module("firmware.pages").Message(d.booted, "x", "x"))
    d.m.run(30)
    d.booted.pop()
    d.m.run(30)
    assert _pixels(d.m, str(tmp_path / "g.png")) == after
    summary = importlib.import_module("firmware.summary")
    s.show(summary.Summary(s, "Game over", "ANN wins!", True))  # the win flourish
    top = d.top
    assert type(top).__name__ == "Summary" and top.fx is not None
    n = len(top.group)
    d.m.run(900)
    assert top.fx is None and all(g.hidden for g in top.group[n - 6:])
    d.close()


@pytest.mark.parametrize("board_id", BOARDS)
def test_issue14_wide_screens_show_large_cards_and_fill_the_screen(board_id, tmp_path):
    """The Feather (240x135) and the T-Display (320x170) show the whole hand of eleven in large
    cards (one row; on the Feather 10-12 in small digits on narrower tiles), the T-Display its
    information line and title (issue 26, 1: whose turn and the phase, large where the menus are)
    in large text over four action rows in the small text, and the action rows reach down to the
    footer; every board still passes the fit check."""
    d, t, C = person_turn(board_id, tmp_path, "R3 B3 G3 R5 Y5 G9 Y11 R1 B2 G12 B10", "R4")
    lay = d.booted.layout
    wide = board_id in ("adafruit_feather_esp32s3_reverse_tft", "lilygo_tdisplay_s3")
    assert t.hand.visible_range() == (0, 11)
    if wide:
        assert t.hand.s == 2 and t.hand.th == 32
        cards = importlib.import_module("firmware.cards")
        numbers = [cards.number_label(tl[2]) for tl in t.hand.tiles]
        assert numbers[0][0] == "1" and numbers[0][3] == 2  # R1: one digit, large
        small = [n for n in numbers if n[0] in ("10", "11", "12")]
        assert small and all(n[3] == (2 if t.hand.tw >= 24 else 1) for n in small)
        m = t.menu
        below = lay.height - lay.footer_h - (m.top + m.max_rows * m.row_h)
        assert below < m.row_h, "no empty band under the action rows"
    if board_id == "lilygo_tdisplay_s3":
        assert t.info[0].scale == 2 and t.menu.max_rows >= 4
        assert t.title.scale == 2 and t.title.text.startswith("ANN ph1 ")
    else:
        assert t.title.scale == lay.scale
    for k in ("DOWN", "DOWN", "UP"):
        d.key(k)
        assert layout_problems(d.m.display, d.top) == []
    d.close()


def test_issue14_a_key_ends_the_phase_laid_animation(tmp_path):
    """A key pressed while the laid cards fly ends the flight at once (the rectangles leave,
    the key does what it does), so a cursor step right after laying redraws little."""
    d = Driver("pybadge", nvm_path=str(tmp_path / "nvm.bin"), seed=3)
    d.boot()
    P = importlib.import_module("shared_rules.phase10.game")
    C = importlib.import_module("shared_rules.cards")
    G = importlib.import_module("shared_rules.groups")
    st = P.Phase10(2, edition="2020", seed=5, dealer=1)
    arrange(st, C, G.check_group, ["R3 B3 G3 R4 B5 Y7 W R8 G9 Y12 B1", "R1 R2 B11 G12 Y1 B6"],
            (), "B2")
    st.progress = [1, 1]
    session(d, st, (0, 2), ["ANN", "BOB"])
    t = d.top
    d.row(t, (d.T.A_DECK, 0))
    d.row(t, (d.T.A_HINT, 0))
    before = len(t.group)
    d.row(t, (d.T.A_LAYNOW, 0))
    assert t.fx is not None
    cur = t.cur
    d.key("RIGHT")
    assert t.fx is None and all(g.hidden for g in t.group[before:]) and t.cur != cur
    d.close()


@pytest.mark.parametrize("board_id", ["pybadge", "clue_nrf52840_express"])
def test_issue26_turn_footer_says_pause_where_B_pauses_and_back_where_it_goes_back(board_id,
                                                                                  tmp_path):
    """B on the turn screen goes back a step (a card chosen: to the hand) or, with no step to
    go back to, opens the pause menu: the footer names what it does."""
    d, t, C = person_turn(board_id, tmp_path, "R1 R2 B3 G4 Y5 R6 B7 G8 Y9 R10 B11", "R3")
    hold = "hold B" if board_id.startswith("clue") else "B"
    assert t.mode == d.T.M_PLAY and t.footer.text.endswith(hold + " pause"), t.footer.text
    d.key("A")  # the card under the cursor: what to do with it
    assert t.mode == d.T.M_CARD and t.footer.text.endswith(hold + " back"), t.footer.text
    d.key("B")
    assert t.mode == d.T.M_PLAY and t.footer.text.endswith(hold + " pause"), t.footer.text
    d.key("B")
    assert type(d.top).__name__ == "PauseMenu"
    d.close()


@pytest.mark.parametrize("board_id", ["pybadge", "clue_nrf52840_express"])
def test_issue26_the_pass_screen_says_the_same_press_in_its_text_and_its_footer(board_id,
                                                                                tmp_path):
    """The pass screen between two people: its text and its footer name the same press (on the
    CLUE a short press of A, which shows the cards), and that press shows them."""
    d = Driver(board_id, nvm_path=str(tmp_path / "nvm.bin"), seed=3)
    d.boot()
    P = importlib.import_module("shared_rules.phase10.game")
    session(d, P.Phase10(2, seed=5, dealer=1), (0, 0), ["ANN", "BOB"])
    cover = d.top
    assert type(cover).__name__ == "Cover"
    assert "press A." in " ".join(d.text().split()), d.text()
    assert cover.footer.text.startswith("A show my cards"), cover.footer.text
    d.m.key("A")  # a short press
    assert type(d.top).__name__ == "Turn"
    d.close()


@pytest.mark.parametrize("marks", [True, False])
def test_issue26_the_table_views_tiles_show_the_colour_letters_when_the_marks_are_on(marks,
                                                                                     tmp_path):
    """The table (SELECT, or the pause menu's Table): with the colour-blind marks on in
    Settings, each laid card's tile shows its colour's letter under its number, as the hand's
    tiles do (a Wild only its W); with them off, the number alone. Screenshot in
    out/screens/phase10/pybadge/12b-table-marks.png."""
    d, t, C = person_turn("pybadge", tmp_path, "R1 R2 B3 G4 Y5 R6 B7 G8 Y9 R10 B11", "R3")
    t.app.settings.marks = marks
    st = t.session.state
    phases = importlib.import_module("shared_rules.phases")
    cards = parse_cards("G9 B9 W")
    st.table.append([1, phases.SET, 9, 9, cards])
    d.key("SELECT")
    assert type(d.top).__name__ == "TableView"
    shown = [x[4] for x in labels(d.m.display)]
    marks_shown = [x for x in shown if x in ("G", "B", "R", "Y")]
    assert marks_shown == (["G", "B"] if marks else []), shown
    assert layout_problems(d.m.display) == []
    if marks:
        d.m.screenshot(os.path.join(REPO, "out", "screens", "phase10", "pybadge",
                                    "12b-table-marks.png"))
    d.close()


@pytest.mark.parametrize("code", ["en", "ru", "pl"])
def test_issue26_a_hands_and_a_games_summary_are_tables_that_fit_a_line_of_the_clue(code):
    """The hand summary and the game-over screen show the players as a table under a header
    (hand, total, phase before -> after; places with phases and points), first after the one
    line that names who went out or won, so a four-player summary needs no second page on the
    PyBadge; every line within the CLUE's 19 columns, at four-digit totals."""
    from emulator.machine import Machine

    with Machine("pybadge").environment():
        lang = importlib.import_module("firmware.lang")
        ends = importlib.import_module("firmware.phase10.ends")
        lang.set_lang(("en", "ru", "pl").index(code))
        try:
            head = lang.t("p10.hand_head")
            rows = [["ANN", "+105", "1005", "9->10"], ["BOB", "+0", "95", "5"]]
            lines = ends.columns(head, rows)
            assert all(len(x) <= 19 for x in lines), lines
            # the figures right-aligned under their labels, the phase left
            assert lines[1].index("1005") + 4 == lines[2].index("95") + 2
            assert lines[0].split() == head.split("|")
            places = ends.columns(lang.t("p10.places_head"),
                                     [["1. ANN", "10", "1005"], ["2. BOB", "9", "95"]])
            assert all(len(x) <= 19 for x in places), places
        finally:
            lang.set_lang(0)


@pytest.mark.parametrize("board_id", ["clue_nrf52840_express", "lilygo_tdisplay_s3",
                                      "adafruit_feather_esp32s3_reverse_tft", "pybadge"])
def test_issue26_drawing_and_discarding_the_drawn_card_takes_at_most_four_presses(board_id,
                                                                                 tmp_path):
    """The commonest turn, draw from the deck and throw that card away, on every kind of
    buttons (two: CLUE; three: T-Display, Feather; a d-pad: PyBadge): at most four presses,
    the cursor waiting after the draw on the card just drawn."""
    # a hand far from phase 1 (so the cursor does not wait on Lay down), Y12 drawn
    d, t, C = person_turn(board_id, tmp_path, "R1 B3 G5 Y7 R9 B11 G2 Y4 R6 B8", "R3 R4",
                          drawn="Y12", discard="G12")
    st = t.session.state
    assert type(t).__name__ == "Turn" and t.mode == d.T.M_DRAW
    before = d.keys
    for _ in range(6):
        if st.pending[0] != 0:
            break
        if t.mode == d.T.M_DRAW:
            d.row(t, (d.T.A_DECK, 0))
        elif t.mode == d.T.M_PLAY:
            d.card(t, parse_card("Y12"))
        else:
            d.row(t, (d.T.A_DISCARD, 0))
    assert st.discard[-1] == parse_card("Y12") and st.pending[0] != 0
    assert d.keys - before <= 4, d.keys - before
    d.close()


def test_P10C_11_2020_the_log_says_who_loses_the_turn(tmp_path):
    """Issue 26, 3: in the 2020 edition the player chosen by a Skip loses their next turn, which
    may come a move or two later; the discard that passes the turn over them says so, on the
    device's log in the app's language."""
    from types import SimpleNamespace

    from tests.test_phase10_rules import DISCARD, DRAW_DECK, S, TARGET, three_players_with_skip

    names = ["ANN", "BOB", "CAT"]
    g = three_players_with_skip("2020")
    g.apply((DRAW_DECK,))
    g.apply((DISCARD, S))
    g.apply((TARGET, 0))  # BOB chooses ANN, whose turn comes after CAT's
    assert g.pending[0] == 2 and g.waiting[0]
    g.apply((DRAW_DECK,))
    card = g.hands[2][0]
    d = Driver("pybadge", nvm_path=str(tmp_path / "nvm.bin"), seed=3)
    d.boot()
    try:
        screens = importlib.import_module("firmware.phase10.screens")
        cards = importlib.import_module("shared_rules.cards")
        log = screens.Screens(SimpleNamespace(state=g, names=names))
        assert log.describe((DISCARD, card)) == "CAT discards %s, ANN is skipped" % cards.text(card)
        g.apply((DISCARD, card))
        assert g.pending[0] == 1  # ANN's turn was lost
    finally:
        d.close()


def test_P10C_P10B_the_turn_screens_move_kinds_are_the_rules_cores():
    """The card games' turn screen (firmware/phase10/turn.py, rows.py, text.py, laydown.py)
    copies the rules core's decision and move kinds and variant values as private constants (each held to
    shared_rules.phase10.game by tests/test_subset.py), so that the board game's turn screen
    does not load the card game's rules core for them; the board game's moves share them."""
    import re

    from shared_rules.phase10board import game as B

    seen = 0
    for name in ("turn", "rows", "text", "laydown"):
        with open(os.path.join(REPO, "firmware", "phase10", name + ".py")) as f:
            text = f.read()
        assert "shared_rules.phase10 import game" not in text
        for const_name, n in re.findall(r"^_([A-Z_]+) = const\((\d+)\)  # shared_rules\.phase10\.game\.",
                                        text, re.M):
            if const_name in ("DRAW_DECK", "TAKE_DISCARD", "LAY", "HIT", "DISCARD"):
                assert getattr(B, const_name) == int(n), (name, const_name)
            seen += 1
    assert seen == 12


def test_a_persons_turn_loads_the_solver_and_the_lay_down_only_when_asked(tmp_path):
    """Code is RAM on a board (docs/firmware.md, "Code for the moment"): a person's turn
    imports the solver for a hint (and on a board releases it then) and the lay-down when one
    is started; a game without computer players never imports the computers' screen."""
    d = Driver("pybadge", nvm_path=str(tmp_path / "nvm.bin"), seed=3)
    d.boot()
    d.new_game("classic", "5", "standard", ("person", "person"))
    for _ in range(20):  # the cover that passes the board to the first person
        if type(d.top).__name__ == "Turn":
            break
        d.key("A")
    t = d.top
    T = importlib.import_module("firmware.phase10.rows")
    d.row(t, (T.A_DECK, 0))
    assert t.mode == T.M_PLAY

    def loaded():
        return {m for m in ("shared_rules.solver", "firmware.phase10.laydown", "firmware.turns")
                if m in sys.modules}

    assert loaded() == set()
    d.row(t, (T.A_HINT, 0))
    assert t.mode == T.M_LAY, d.text()  # the hint chose the plan closest to the phase
    assert loaded() == {"shared_rules.solver", "firmware.phase10.laydown"}
    d.close()

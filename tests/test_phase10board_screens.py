"""Every screen of Phase 10, the board game, on each of the six boards (160x128, 240x240, 240x135,
320x170), reached by key presses in a seeded game of two people (pass and play) and two
computer players: screenshots in out/screens/phase10board/<board>/ for a person to look at, and
on every one the card game's check that no label or card tile runs off the screen and nothing
overlaps (tests/test_phase10_screens.layout_problems). Also: a cursor move on the board screen
redraws the highlight frames only (the figure is printed); a computer's roll and move are shown
on the board (its token walking to the space it chose), redrawing little; the board game's
colour 1 is purple, marked P."""

import importlib
import re
import os

import pytest

from tests.conftest import draw_every_refresh
from tests.scripts.phase10_driver import Driver
from tests import test_phase10_screens as P10S
from tests.test_phase10_screens import REPO, SCREEN_BOARDS, layout_problems
from tests.test_phase10board_device import start, step


def tag_of(t):
    name = type(t).__name__
    BD = importlib.import_module("shared_rules.phase10board.desktop")
    if getattr(t, "auto", False):  # a computer's roll and move on the board
        name += "-computer"
    if hasattr(t, "session") and t.session.state.pending and name != "Summary":
        return name + "-" + BD.PENDING_NAMES[t.session.state.pending[1]]
    if name == "Summary":
        return name + ("-final" if t.final else "-round")
    return name


def _tiles(screen):
    """The card tiles of the screen's rows: ``hand`` and, on the action screens, ``ctx`` (the
    hand under the row being picked from)."""
    out, cursor = _one_row(screen)
    ctx = getattr(screen, "ctx", None)
    if ctx is not None and not ctx.group.hidden:

        class Proxy:
            pass

        p = Proxy()
        p.group = screen.group
        p.body = screen.body
        p.hand = ctx
        more, _ = _one_row(p)
        for t in more:
            out.append(t)
    return out, cursor


_one_row = P10S.tiles


def fit_problems(display, screen):
    P10S.tiles = _tiles
    try:
        return layout_problems(display, screen)
    finally:
        P10S.tiles = _one_row


WANT = {"BoardScreen-roll", "BoardScreen-go", "BoardScreen-computer-go", "BoardTurn-play",
        "Pick-pile", "Pick-search", "Pick-swap",
        "Pick-ask", "Pick-free", "Pick-keep", "Summary-round", "Summary-final", "Cover-roll"}


def check_choice_screen(t, tag):
    """Issue 26, 7: Search shows every card of the discard pile, as many as its prompt says;
    Ask asks first for the number (twelve rows, what the hand holds of each), then for the
    order of asking, the other players by name; Free's prompt is a whole sentence."""
    if tag == "Pick-search":
        pile = t.session.state.view(t.seat).discard_pile
        assert len(t.cards) == len(pile) and str(len(pile)) in t.prompt[0].text
        assert t.cards[0] == pile[-1]  # the top first
    elif tag == "Pick-ask":
        assert t.asked is None and [x.split()[0] for x, _ in t.rows] == [str(n) for n in range(1, 13)]
    elif tag == "Pick-free":
        assert " ".join(lb.text for lb in t.prompt).rstrip().endswith(":")


@pytest.mark.parametrize("board_id", SCREEN_BOARDS)
def test_every_board_game_screen_fits(board_id, tmp_path):
    folder = os.path.join(REPO, "out", "screens", "phase10board", board_id)
    os.makedirs(folder, exist_ok=True)
    d = Driver(board_id, nvm_path=str(tmp_path / "nvm.bin"), seed=5)
    d.boot()
    problems = []
    got = set()
    try:
        start(d, "4", ("person", "person", "normal", "normal"))
        seen = set()
        for _ in range(20000):
            t = d.top
            tag = tag_of(t)
            if tag not in got:
                got.add(tag)
                d.m.run(600)  # the dice have stopped tumbling
                d.m.screenshot(os.path.join(folder, tag + ".png"))
                for p in fit_problems(d.m.display, d.top):
                    problems.append(tag + ": " + p)
                check_choice_screen(t, tag)
            if step(d, seen) == "end":
                break
        assert not problems, "\n".join(problems)
        assert WANT <= got, sorted(WANT - got)
    finally:
        d.close()


def _until(d, wanted, what, players="2", kinds=None):
    """Start a game and play on (``step``) until ``wanted(top screen)``: that screen."""
    start(d, players, kinds)
    seen = set()
    for _ in range(5000):
        t = d.top
        if wanted(t):
            return t
        step(d, seen)
    raise AssertionError(what)


@pytest.mark.parametrize("board_id", ["pybadge", "clue_nrf52840_express"])
def test_a_highlight_move_on_the_board_redraws_the_frames_and_the_panel_only(board_id, tmp_path):
    """On the board screen after a roll with two reachable spaces, a cursor move redraws the
    cursor frame (where it was and where it goes) and the panel's lines about the space: a
    small share of the screen (printed)."""
    d = Driver(board_id, nvm_path=str(tmp_path / "nvm.bin"), seed=5)
    d.boot()
    try:
        t = _until(d, lambda t: type(t).__name__ == "BoardScreen" and not t.auto
                   and t.session.state.pending[1] == 1 and len(t.session.state.targets) == 2,
                   "never two reachable spaces")
        d.wait_guard()
        d.m.run(800)  # the dice have settled
        disp = draw_every_refresh(d.m)
        shares = []
        for _ in range(4):
            before = disp.pixels_drawn
            sel = t.sel
            d.key("DOWN")
            d.m.run(100)
            assert t.sel != sel
            drawn = disp.pixels_drawn - before
            shares.append(drawn)
        area = disp.width * disp.height
        print(board_id, "highlight move redraws", shares, "pixels:",
              ", ".join(["%.1f%%" % (100.0 * x / area) for x in shares]))
        assert max(shares) * 100 < area * 12
    finally:
        d.close()


def test_board_game_tiles_show_purple_and_P_the_card_game_keeps_blue_and_B():
    """The board game's colour 1 is purple (R P G Y, docs/phase10board.md): its tiles are
    filled purple and marked P when the colour-blind letters are on, its jokers of colour 1
    numbered in purple; the card game's colour 1 stays blue, B."""
    from emulator.machine import Machine

    with Machine("pybadge", nvm_path=None) as m, m.environment():
        import displayio

        cards = importlib.import_module("firmware.cards")
        fill = cards.FILL[cards.PURPLE]
        r, g, b = fill >> 16, (fill >> 8) & 255, fill & 255
        assert r > g + 60 and b > g + 60 and r * 3 > b * 2, "purple, not blue: %06X" % fill
        purple7, joker = 0x17, 0x80 | 0x13
        for board, letter, k in ((True, "P", cards.PURPLE), (False, "B", 1)):
            row = cards.HandRow(displayio.Group(), 160, 20, 1, 1, True, board=board)
            row.set_cards([purple7, joker])
            _, pal, num, mark, _ = row.tiles[0]
            assert mark == letter and pal[0] == cards.FILL[k] and cards.number_label(num)[0] == "7"
            _, pal, num, mark, _ = row.tiles[1]
            assert mark == "J" and num.pixel_shader[1] == cards.FRAME[k] and pal[0] == cards.FILL[4]
            row.set_cards([purple7], [True])  # chosen: hollow, framed and numbered in its colour
            _, pal, num, mark, _ = row.tiles[0]
            assert pal[1] == cards.SHOWN[k] and num.pixel_shader[1] == cards.SHOWN[k]
            assert cards.look(purple7, board) == (cards.FILL[k], cards.INK[k], "7", letter)
        assert cards.LETTERS[cards.PURPLE] == "P" and cards.kind(0x27, True) == 2


def test_P10B_1_the_board_game_screens_draw_colour_1_purple_marked_P(tmp_path):
    """In a game with the colour-blind letters on, every tile of a colour-1 card on the board
    game's screens (the action screens, the turn screen, the hand under the computers' moves)
    is purple and marked P; no tile says B, and the turn screen's texts name colour-1 cards P7,
    never B7 or blue."""
    d = Driver("pybadge", nvm_path=str(tmp_path / "nvm.bin"), seed=5)
    d.boot()
    try:
        d.booted.settings.marks = 1
        start(d, "2")
        cards = importlib.import_module("firmware.cards")
        seen = set()
        checked = set()
        for _ in range(3000):
            t = d.top
            for row in (getattr(t, "hand", None), getattr(t, "ctx", None)):
                if row is None or not hasattr(row, "tiles") or row.group.hidden:
                    continue
                first, last = row.visible_range()
                for i in range(first, last):
                    c = row.cards[i]
                    _, pal, num, mark, _ = row.tiles[i - first]
                    assert mark is not None and mark != "B", (type(t).__name__, hex(c))
                    if c & 0x80:
                        continue
                    if c >> 4 == 1:
                        if row.chosen[i]:  # hollow: framed in its colour
                            assert mark == "P" and pal[1] == cards.SHOWN[cards.PURPLE], hex(c)
                        else:
                            assert mark == "P" and pal[0] == cards.FILL[cards.PURPLE], hex(c)
                        checked.add(type(t).__name__)
            if type(t).__name__ == "ComputerTurns":  # the hand under the moves, as drawn
                for *_, face, num in P10S.drawn_cards(t.body):
                    assert face[0] != 2, "a tile marked B"  # (cards._mark_tile: blue's mark)
                    if face[0] == 5:  # marked P (cards._mark_tile), hollow: framed in purple
                        assert face.pixel_shader[1] == cards.SHOWN[cards.PURPLE]
                        checked.add("ComputerTurns")
            if type(t).__name__ == "BoardTurn":  # its texts too: rows, messages, the top discard
                text = d.text()
                assert not re.search(r"\bB(1[0-2]|[1-9])\b", text) and "blue" not in text, text
                if re.search(r"\bP(1[0-2]|[1-9])\b", text):
                    checked.add("BoardTurn text")
            if {"Pick", "BoardTurn", "ComputerTurns", "BoardTurn text"} <= checked \
                    or step(d, seen) == "end":
                break
        assert {"Pick", "BoardTurn", "ComputerTurns", "BoardTurn text"} <= checked, checked
    finally:
        d.close()


def st_moved(st, seat):
    """Seat ``seat`` has rolled and moved (its decision now is not a roll or a move)."""
    return st.pending[0] != seat or st.pending[1] not in (0, 1)


def _cell_of(t, tg, d=0):
    """The space whose cell holds the top left corner of the tile grid ``tg`` (a frame: ``d``
    pixels outside it)."""
    for sp in range(len(t.cells)):
        x, y = t.cells[sp]
        if x <= tg.x + d < x + t.p and y <= tg.y + d < y + t.p:
            return sp
    return -1


@pytest.mark.parametrize("board_id", ["pybadge", "clue_nrf52840_express"])
def test_P10B_5_a_computers_roll_and_move_are_shown_on_the_board(board_id, tmp_path):
    """With computers at the table the board appears for each computer's roll (after the
    computer speed's delay on the computer-turns screen, as any computer move): the dice
    tumble, the cursor frame goes to the space it chose, after the delay again its token walks
    there, and the computer-turns screen shows the action. Each frame redraws a small share of
    the screen (printed). A makes the computers play at full speed, without the board.
    Screenshots: out/screens/phase10board/<board>/Computer-*.png."""
    folder = os.path.join(REPO, "out", "screens", "phase10board", board_id)
    os.makedirs(folder, exist_ok=True)
    d = Driver(board_id, nvm_path=str(tmp_path / "nvm.bin"), seed=5)
    d.boot()
    B = importlib.import_module("shared_rules.phase10board.game")
    try:
        start(d, "3", ("person", "normal", "easy"))
        delay = importlib.import_module("firmware.settings").DELAYS[d.booted.settings.speed]
        seen = set()
        fast = None
        for _ in range(3000):
            t = d.top
            name = type(t).__name__
            if name == "ComputerTurns" and fast is None and t.session.state.pending[1] == B.ROLL:
                fast = t.session.state.pending[0]
                d.key("A")  # full speed (a long press on the CLUE: the board may be up by then)
                was = d.top if getattr(d.top, "auto", False) else None
                for _ in range(300):  # the computers play on at full speed, not on the board
                    if d.top is not was:
                        assert not getattr(d.top, "auto", False), "the board at full speed"
                    if t.session.kinds[t.session.state.pending[0]] == 0:
                        break
                    d.m.run(10)
                assert st_moved(t.session.state, fast)
                continue
            if name == "BoardScreen" and t.auto and fast is not None and not t.session.fast:
                break
            step(d, seen)
        else:
            raise AssertionError("no computer's turn on the board")
        st = t.session.state
        seat = t.seat
        assert t.session.kinds[seat] != 0 and st.pending == (seat, B.GO)  # rolled, not moved
        assert t.session.names[seat] in d.text() and "faster" in d.text()
        here = st.tokens[seat]
        assert _cell_of(t, t.tokens[seat]) == here
        chosen = t.auto_move[1]
        disp = draw_every_refresh(d.m)
        area = disp.width * disp.height
        steps = []
        settled = walked = None
        ms = 0
        while d.top is t:
            before = disp.pixels_drawn
            d.m.run(20)
            ms += 20
            steps.append(disp.pixels_drawn - before)
            if settled is None and not t.spin and d.top is t:
                settled = ms
                assert _cell_of(t, t.cursor, 2) == chosen and not t.cursor.hidden
                assert _cell_of(t, t.tokens[seat]) == here
                assert [lb.text for _, lb in t.dice_g] == [str(x) for x in st.dice]
                assert ("To " + str(chosen)) in d.text()
                d.m.screenshot(os.path.join(folder, "Computer-chosen.png"))
                for p in fit_problems(disp, t):
                    raise AssertionError(p)
            if walked is None and t.walk:
                walked = ms
            if t.walk and 0 < t.walk_i < len(t.walk) - 1:
                assert _cell_of(t, t.tokens[seat]) == t.walk[t.walk_i]  # on its way
                if t.walk_i == 1:
                    d.m.screenshot(os.path.join(folder, "Computer-walking.png"))
            assert ms < 10000, "the computer's move on the board never ended"
        assert settled is not None and walked is not None
        assert delay - 40 <= walked - settled <= delay + 40, (walked - settled, delay)
        assert st.tokens[seat] == chosen
        assert type(d.top).__name__ == "ComputerTurns"
        assert any((" " + str(chosen) + " ") in (line + " ") for line in t.session.lines[-3:]), \
            t.session.lines[-3:]
        steps.pop()  # the last: the computer-turns screen replaces the board
        print(board_id, "computer's roll and move on the board: %d frames, the largest %.1f%%, "
              "in all %.0f%% of the screen" % (len(steps), 100.0 * max(steps) / area,
                                              100.0 * sum(steps) / area))
        assert max(steps) * 100 < area * 15 and sum(steps) * 2 < area
    finally:
        d.close()


def _person_board(d, players, kinds, want_go=False):
    """Play on (``step``) until a person's board screen asks for a roll (or, ``want_go``, for
    the space after a roll with two reachable spaces); the guard is over."""
    B = importlib.import_module("shared_rules.phase10board.game")

    def wanted(t):
        if type(t).__name__ != "BoardScreen" or t.auto:
            return False
        st = t.session.state
        return st.pending[1] == B.GO and len(st.targets) == 2 if want_go else st.pending[1] == B.ROLL

    t = _until(d, wanted, "no person's board screen", players, kinds)
    d.wait_guard()
    d.m.run(700)  # the dice have stopped
    return t


def _page_text(page):
    return " ".join(lb.text for lb in page.labels if lb.text)


@pytest.mark.parametrize("board_id,key,how", [("pybadge", "SELECT", "SELECT"),
                                              ("clue_nrf52840_express", "UP", "B"),
                                              ("lilygo_tdisplay_s3", "UP", "KEY")])
def test_P10B_2_the_board_screen_legend_names_every_space_kind_a_key_away(board_id, key, how,
                                                                         tmp_path):
    """Issue 26 (2): from the board screen one key (SELECT, or on the two-button boards the
    short press of UP, said in the footer) shows the legend: a line per kind of space (P10B-2)
    with its marks as this board draws them (``1 2 3`` in the PyBadge's small cells, ``+1 +2
    +3`` in larger ones) and what it does, and what the tokens show; B comes back to the board
    as it was, also after a roll with the highlight on the second space: the board made again
    (the legend took its place, ``Session.over``: code and pixels are RAM), the dice as they
    fell, without their tumble."""
    d = Driver(board_id, nvm_path=str(tmp_path / "nvm.bin"), seed=5)
    d.boot()
    B = importlib.import_module("shared_rules.phase10board.game")
    words = None
    try:
        t = _person_board(d, "2", None, want_go=True)
        words = d.tr("p10b.legend").split("|")
        assert (how + " " + d.tr("hint.spaces")) in t.footer.text, t.footer.text
        d.key("DOWN")  # the highlight on the second space
        sel = t.sel
        assert sel == 1
        pending = t.session.state.pending
        d.key(key)
        page = d.top
        assert type(page).__name__ == "Legend", type(page).__name__
        texts = [_page_text(page)]
        for _ in range(page.pages - 1):
            d.key("DOWN")
            texts.append(_page_text(page))
        text = " ".join(texts)
        small = t.p < 14
        marks = ("1 2 3", "E", "S", "W", "A", "J", "?", "F") if small else \
            ("+1 +2 +3", "E", "S", "W1 W2 W3 W4", "A", "J", "?", "F")
        for k in range(8):
            assert (marks[k] + ": " + words[k]) in text, (marks[k], text)
        assert words[8] in text
        d.key("B")
        again = d.top
        assert type(again).__name__ == "BoardScreen" and again is not t
        assert again.sel == sel and again.session.state.pending == pending
        assert again.session.state.pending[1] == B.GO and not again.cursor.hidden
        assert _cell_of(again, again.cursor, 2) == again.targets[sel] == t.targets[sel]
        dice = again.session.state.dice
        assert not again.spin and [lb.text for _, lb in again.dice_g] == [str(dice[0]), str(dice[1])]
    finally:
        d.close()


def _ink_letter(bm, x0, y0, w, h):
    """The capital letter drawn (value 1) in the ``w`` x ``h`` area of ``bm`` at (x0, y0), read
    against the app's font at scale 1 or 2; '' when nothing is drawn, '?' when no capital
    matches."""
    ui = importlib.import_module("firmware.ui")
    pts = [(i, j) for j in range(h) for i in range(w) if bm[x0 + i, y0 + j]]
    if not pts:
        return ""
    left = min(p[0] for p in pts)
    top = min(p[1] for p in pts)
    got = set((i - left, j - top) for i, j in pts)
    for ch in "ABCDEFGHIJKLMNOPQRSTUVWXYZ":
        g = ui.FONT.get_glyph(ord(ch))
        x1 = g.tile_index * g.width
        ink = [(i, j) for j in range(g.height) for i in range(g.width) if g.bitmap[x1 + i, j]]
        gl = min(p[0] for p in ink)
        gt = min(p[1] for p in ink)
        for s in (1, 2):
            want = set()
            for i, j in ink:
                for a in range(s):
                    for b in range(s):
                        want.add(((i - gl) * s + a, (j - gt) * s + b))
            if want == got:
                return ch
    return "?"


@pytest.mark.parametrize("board_id", ["pybadge", "clue_nrf52840_express", "lilygo_tdisplay_s3"])
def test_P10B_4_the_tokens_show_the_players_initials(board_id, tmp_path):
    """Issue 26 (2): a token (P10B-4, 5) is drawn on its space's cell in its player's colour with
    the first letter of the player's name: alone it covers the cell's face; tokens sharing the
    start space are blocks of its face side by side, not overlapping, with the initial where a
    block is large enough (all but the PyBadge's quarters and sixths). A token's letter is read
    back from its drawn pixels against the font."""
    d = Driver(board_id, nvm_path=str(tmp_path / "nvm.bin"), seed=5)
    d.boot()
    board = importlib.import_module("firmware.phase10board.board")
    try:
        t = _person_board(d, "6", ("person", "normal", "normal", "normal", "normal", "normal"))
        st = t.session.state
        names = t.session.names
        n = t.p - 1
        shared = 0
        boxes = []
        for x in range(st.n):
            tg = t.tokens[x]
            assert t.tok_g[x] is tg and not tg.hidden
            sp = st.tokens[x]
            assert _cell_of(t, tg) == sp, (x, sp)
            cx, cy = t.cells[sp]
            bm = tg.bitmap
            w, h = bm.width, bm.height
            assert cx <= tg.x and tg.x + w <= cx + n and cy <= tg.y and tg.y + h <= cy + n
            assert tg.pixel_shader[0] == board.PLAYER[x] and tg.pixel_shader[1] == board.TOKEN_INK
            count = st.tokens.count(sp)
            letter = _ink_letter(bm, 0, 0, w, h)
            if count == 1:
                assert (w, h) == (n, n), "alone, a token covers the cell's face"
                assert letter == names[x][0], (x, letter)
            else:
                shared += 1
                assert w < n
                if w >= 5 and h >= 9:
                    assert letter == names[x][0], (x, letter)
            for bx in boxes:  # no two tokens overlap
                assert tg.x + w <= bx[0] or bx[0] + bx[2] <= tg.x or tg.y + h <= bx[1] \
                    or bx[1] + bx[3] <= tg.y, "tokens overlap"
            boxes.append((tg.x, tg.y, w, h))
        assert shared >= 2, "no space shared by tokens: %r" % (st.tokens,)
        assert len(set(names[x][0] for x in range(st.n))) == st.n
    finally:
        d.close()


@pytest.mark.parametrize("board_id,scale", [("lilygo_tdisplay_s3", 2), ("pybadge", 1)])
def test_P10B_9_the_action_screen_uses_the_large_text_on_the_t_display(board_id, scale, tmp_path):
    """Issue 26 (1): on the T-Display the board game's action screen (PILE, P10B-9, and the
    other actions) writes its prompt and rows in the large text (``Layout.game()``, scale 2),
    its card tiles at the hand's size; elsewhere its layout is the board's. Nothing is cut or
    overlaps."""
    d = Driver(board_id, nvm_path=str(tmp_path / "nvm.bin"), seed=5)
    d.boot()
    try:
        t = _until(d, lambda t: type(t).__name__ == "Pick" and t.rows, "no action screen with rows")
        d.m.run(100)
        assert t.layout.scale == scale and t.prompt[0].scale == scale
        assert all(lb.scale == scale for lb in t.menu.labels)
        assert t.menu.row_h == t.layout.row_h
        assert t.hand.s == t.ctx.s == t.app.layout.scale  # the tiles: the hand's size
        assert not fit_problems(d.m.display, t)
    finally:
        d.close()


def test_P10B_6_a_persons_next_screen_of_another_kind_is_made_once_the_last_is_gone(tmp_path):
    """A person's choice of cards (``Pick``) followed by the same person's PLAY: the turn screen
    is made once nothing keeps the choice's screen alive (on a board its objects and its
    module's code would stay on the heap while the turn screen loads: ``Session.next`` asks
    ``Screens.shows`` and drops the old screen, and the main loop makes the new one)."""
    import gc
    import weakref

    B = importlib.import_module("shared_rules.phase10board.game")
    d = Driver("pybadge", nvm_path=str(tmp_path / "nvm.bin"), seed=5)
    d.boot()
    try:
        start(d, "2", ("person", "normal"))
        seen = set()
        for _ in range(3000):
            t = d.top
            if type(t).__name__ == "Pick":
                from tests.test_phase10board_device import want

                s = t.session
                move = want(t)
                seat = t.seat
                assert s.apply(move) is None
                if s.state.pending == (seat, B.PLAY):
                    old = weakref.ref(t)
                    t = None
                    made = []
                    decision = s.game.decision

                    def check(seat):
                        gc.collect()
                        made.append(old() is None)
                        return decision(seat)

                    s.game.decision = check
                    s.next()  # the old screen goes now, the loop makes the next (App.later)
                    d.m.run(20)
                    del s.game.decision
                    assert made == [True]
                    assert type(d.top).__name__ == "BoardTurn"
                    return
                s.next()
                continue
            t = None
            step(d, seen)
        raise AssertionError("no person's choice of cards followed by their PLAY")
    finally:
        d.close()


def test_the_board_games_table_and_refusal_words_are_loaded_for_their_moment(tmp_path):
    """The board game's table (the pile, then each player's phase, space and cards) and a
    refusal's few words come from modules imported for that moment (firmware/phase10board/
    table.py, kept with the table on a board, and why.py, dropped once read); a refusal of
    the groups' rules has the card game's words."""
    import sys

    from shared_rules.desktop import errors as E

    d = Driver("pybadge", nvm_path=str(tmp_path / "nvm.bin"), seed=4)
    d.boot()
    start(d, "2")
    s = d.top.session
    RuleError = importlib.import_module("shared_rules").RuleError
    table, why = "firmware.phase10board.table", "firmware.phase10board.why"
    assert table not in sys.modules and why not in sys.modules
    st = s.state
    entries = s.game.table(st.pending[0])
    assert table in sys.modules and why not in sys.modules
    assert entries[0] == ("Deck {}, top {}".format(len(st.draw), s.game.card_text(st.discard[-1])), None)
    assert [e[0] for e in entries[1:]] == [s.names[x] + " ph1 @0 10c" for x in range(st.n)]
    assert s.game.refusal(RuleError(E.code_of("roll_first", "P10B-5"))) == "Roll first"
    assert why not in sys.modules  # dropped once read (everywhere: it is read once)
    assert s.game.refusal(RuleError(E.code_of("mixed_colours"))) == "mixed colours"
    d.close()

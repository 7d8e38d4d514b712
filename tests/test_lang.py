"""The console in English, Russian and Polish (issue 28): the language files against the code
that reads them, the font against their letters, the settings byte, the first power-on's
question, whole games of the three games in Russian and Polish on the PyBadge and the CLUE with
every screen checked to fit and for its words (tests/scripts/lang/), the Rules pages read a page
at a time with no sentence's tail alone on a page, and tools.replay --lang."""

import ast
import os

import pytest

from tools import make_texts

REPO = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
CODES = ("en", "ru", "pl")


def _constants():
    """Every string constant of the app's modules (firmware/, boards/)."""
    out = set()
    for top in ("firmware", "boards"):
        for dirpath, _, files in os.walk(os.path.join(REPO, top)):
            for f in files:
                if f.endswith(".py"):
                    with open(os.path.join(dirpath, f), encoding="utf-8") as fh:
                        tree = ast.parse(fh.read())
                    for n in ast.walk(tree):
                        if isinstance(n, ast.Constant) and isinstance(n.value, str):
                            out.add(n.value)
    return out


def _used_keys():
    """The keys the app can ask for: the literal ones, and those it builds (a footer verb, a
    game's registry key, a seat's kind, a variant and its values, a place, a phase's words)."""
    from firmware.settings import KIND_NAMES
    from shared_rules import registry

    consts = _constants()
    keys = {c for c in consts if "." in c and " " not in c and c.split(".")[0].isalnum()}
    keys |= {"hint." + c.replace(" ", "_").replace(":", "") for c in consts}
    keys.add("hint.hold")
    for e in registry.GAMES:
        keys.add("game." + e.key)
        for key, _, values in e.variants:
            keys.add("var." + key)
            keys |= {"val." + key + "." + v for v in values}
    keys |= {"kind." + k for k in KIND_NAMES}
    keys |= {"stats.place" + str(p) for p in (1, 2, 3)}
    return keys


def test_every_key_in_every_language_and_none_the_app_does_not_use():
    texts = {c: make_texts.load(c) for c in CODES}
    for c in CODES[1:]:
        assert set(texts[c]) - set(texts["en"]) == set(), c + ": keys English does not have"
        assert set(texts["en"]) - set(texts[c]) == set(), c + ": keys missing"
    used = _used_keys() | set(make_texts.BUILD_KEYS)  # (the phase pages are made of these)
    unused = sorted(k for k in texts["en"] if k not in used)
    assert unused == [], "keys no code asks for"
    built = make_texts.compiled(texts["en"])
    asked = {c for c in _constants() if c.split(".")[0] in
             {k.split(".")[0] for k in built} and "." in c and " " not in c
             and not c.endswith(".")}
    assert sorted(asked - set(built)) == [], "keys the code asks for that no file has"


def test_every_placeholder_matches_english():
    texts = {c: make_texts.load(c) for c in CODES}
    for k, en in texts["en"].items():
        for c in CODES[1:]:
            assert texts[c][k].count("{") == en.count("{"), (c, k)


def test_the_lng_files_are_built_from_the_sources():
    assert make_texts.main(["--check"]) == 0


def test_every_letter_of_every_language_is_in_the_font():
    from firmware.font import Font

    f = Font()
    for c in CODES:
        for k, v in make_texts.load(c).items():
            missing = sorted({ch for ch in v if ch != "\n" and not f.has(ord(ch))})
            assert missing == [], (c, k, missing)
    from firmware.lang import NAMES

    assert all(f.has(ord(ch)) for ch in "".join(NAMES) + "Language/Язык/Język")


@pytest.mark.parametrize("code", CODES)
def test_t_reads_each_key_from_the_file_by_seek(code):
    from firmware import lang

    texts = make_texts.compiled(make_texts.load(code))  # as the .lng holds them
    old = lang.lang()
    try:
        lang.set_lang(CODES.index(code))
        for k, v in texts.items():
            assert lang.t(k) == v, k
            assert lang.t(lang.key_hash(k)) == v, k  # the key as deploy compiles it for a board
        assert lang.t("no.such_key") == "no.such_key"
        assert lang.t(lang.key_hash("no.such_key")) == "#%06x" % lang.key_hash("no.such_key")
        assert lang.t_or(lang.key_hash("no.such_key"), "Pig") == "Pig"
        assert lang.t_or(lang.key_hash("p10.hint"), "Pig") == texts["p10.hint"]
        assert lang.span(lang.key_hash("p10.hint")) == lang.span("p10.hint") is not None
    finally:
        lang.set_lang(old)


def test_fit_short_labels_in_every_language():
    """Labels drawn in a fixed room: the Dice Express rows' names left of the dice (4 columns),
    the statistics' header over its columns (19: the CLUE's text width), the title line of the
    first power-on (25: the PyBadge's)."""
    for c in CODES:
        texts = make_texts.load(c)
        assert len(texts["dx.kept"]) <= 4 and len(texts["dx.roll"]) <= 4, c
        assert len(texts["stats.head"]) <= 19, c
        assert len(texts["dx.letters"]) == 6 and len(set(texts["dx.letters"])) == 6, c
        assert len(texts["dx.colours"].split(" ")) == 6, c
        for v in ("dx.roll_info",):
            assert len(texts[v].format(3, 7)) <= 19, (c, v)


def test_old_settings_load_in_english_and_the_language_is_kept():
    from firmware import saves
    from firmware.settings import defaults

    s = defaults()
    old = saves.settings_bytes(s)  # the reserved byte 0: what every earlier version wrote
    t = defaults()
    assert saves.load_settings(t, old) and t.lang == 0
    s.lang = 2
    u = defaults()
    assert saves.load_settings(u, saves.settings_bytes(s)) and u.lang == 2
    bad = bytearray(saves.settings_bytes(s))
    bad[7] = 3  # no fourth language
    assert not saves.load_settings(defaults(), bytes(bad))


def test_the_first_power_on_asks_for_the_language_once():
    from emulator.machine import Machine

    with Machine("pybadge") as m:
        m.cold_boot = True
        m.boot()
        m.run(1500)
        m.key("A")  # the title
        m.run(300)
        assert "English" in m.screen_text() and "Русский" in m.screen_text()
        m.key("DOWN")
        m.key("A")
        m.run(300)
        assert "Настройки" in m.screen_text()
        m.cold_boot = True
        m.power_cut()  # power-on again: the settings are saved, no question
        m.run(1500)
        m.key("A")
        m.run(300)
        assert "Настройки" in m.screen_text() and "Polski" not in m.screen_text()


# the parts of a game's script: what is done at the first screen a person answers (the pause
# menu), and after the game
PAUSE = "# ---- at the first screen a person answers ----\n"
PLAY = "# ---- the rest of the game, played by the test ----\n"
MODES = ("draw", "play", "card", "hit", "end", "pick", "lay", "target")  # firmware.phase10.rows


def screen_tag(t):
    """The kind of screen ``t`` is: its class, and the turn's mode, a summary's end or the
    board's computer move."""
    name = type(t).__name__
    if name in ("Turn", "BoardTurn"):
        return name + "-" + MODES[t.mode]
    if name == "Summary":
        return name + ("-final" if t.final else "-hand")
    if name == "BoardScreen" and t.auto:
        return name + "-computer"
    return name


# Per game, the words each kind of screen shows in each language (the scripts' ``expect`` lines
# check the menus, the set-up, the pause menu, Statistics and a Rules page).
WORDS = {
    "p10": {
        "ru": {"Cover": "Отдайте ANN", "Turn-draw": "Взять из колоды", "Turn-play": "Выложить фазу",
               "Turn-lay": "Наб3: ещё 3", "Turn-hit": "Куда добавить", "Turn-target": "Кого пропустить?",
               "Turn-card": "Сбросить или добавить", "Message": "Пропуск сверху стопки сброса",
               "PauseMenu": "Журнал", "Summary-hand": "очки итог фаза",
               "Summary-final": "Игра окончена"},
        "pl": {"Cover": "Podaj: ANN", "Turn-draw": "Dobierz ze stosu", "Turn-play": "Wyłóż fazę",
               "Turn-lay": "Jed3: brak 3", "Turn-hit": "Gdzie dołożyć", "Turn-target": "Kto pauzuje?",
               "Turn-card": "Odrzucić czy dołożyć", "Message": "Pauzy ze stosu kart odrzuconych",
               "PauseMenu": "Dziennik", "Summary-hand": "pkt suma faza",
               "Summary-final": "Koniec gry"},
    },
    "p10b": {
        "ru": {"Cover": "Отдайте ANN", "BoardScreen": "ANN ф1", "BoardScreen-computer": "быстрее",
               "Pick": "Взять из колоды", "BoardTurn-play": "Выложите", "BoardTurn-lay": "ещё",
               "BoardTurn-hit": "Куда добавить", "BoardTurn-card": "Сбросить или добавить",
               "ComputerTurns": "Ходит CAT", "PauseMenu": "Журнал",
               "Summary-hand": "Дорожка фаз", "Summary-final": "Игра окончена"},
        "pl": {"Cover": "Podaj: ANN", "BoardScreen": "ANN f1", "BoardScreen-computer": "szybciej",
               "Pick": "Dobierz ze stosu", "BoardTurn-play": "Wyłóż lub odrzuć",
               "BoardTurn-lay": "brak", "BoardTurn-hit": "Gdzie dołożyć",
               "BoardTurn-card": "Odrzucić czy dołożyć", "ComputerTurns": "Gra CAT",
               "PauseMenu": "Dziennik", "Summary-hand": "Tor faz", "Summary-final": "Koniec gry"},
    },
}


# the PyBadge and the CLUE; every board in the long run (SCREENS_FIT=all, README.md)
LANG_BOARDS = ["pybadge", "clue_nrf52840_express"] + (
    ["pygamer", "adafruit_feather_esp32s3_reverse_tft", "lilygo_tdisplay_s3", "pimoroni_picosystem"]
    if os.environ.get("SCREENS_FIT") == "all" else [])


@pytest.mark.parametrize("board_id", LANG_BOARDS)
@pytest.mark.parametrize("code", ["ru", "pl"])
@pytest.mark.parametrize("game", ["dx", "p10", "p10b"])
def test_DX_P10C_P10B_whole_game_by_script_in_russian_and_polish_every_screen_fits(
        game, code, board_id, tmp_path):
    """A whole game of each game in the language chosen in Settings (tests/scripts/lang/):
    Dice Express between two people (DX-1 to DX-11 on the way), its summary, Statistics, a
    Rules page and About, by its script alone; Phase 10 (2020 edition, five phases, everyone
    advances: laying down, hitting, whom a Skip skips, P10C-8's refusal of a Skip on top) and
    the board game (every action of its spaces, laying down, hitting) between two people and a
    computer, the set-up and the pause menu by script, the people's moves (laying down,
    hitting, every action of the board) made by tools/phase10_driver.py with the keys, then
    Statistics and a Rules page by script. Every kind of screen shows its words in the language
    (the scripts' ``expect`` lines, ``WORDS``); after every command and key, the screen's labels
    and card tiles stay on the screen and overlap nothing (the screens tests' fit check)."""
    from emulator import script as emscript
    from tests.scripts.phase10_driver import Driver
    from tests.test_phase10board_device import step
    from tests.test_phase10board_screens import fit_problems

    path = os.path.join(REPO, "tests", "scripts", "lang", game + "_" + code + ".txt")
    with open(path, encoding="utf-8") as f:
        text = f.read()
    parts = text.split(PAUSE)
    if len(parts) > 1:
        parts = [parts[0]] + parts[1].split(PLAY)
    shots = os.path.join(REPO, "out", "lang", code, board_id)
    d = Driver(board_id, nvm_path=str(tmp_path / "nvm.bin"), seed=1)
    problems = []
    texts = {}  # screen kind: its text when first seen
    last = [None]

    def check(where):
        text = d.m.screen_text()
        top = d.top
        tag = screen_tag(top)
        if tag not in texts:
            texts[tag] = text
            if os.environ.get("LANG_SCREENS"):  # every kind of screen, to look at
                d.m.screenshot(os.path.join(shots, game + "-" + tag + ".png"))
        if text != last[0]:
            last[0] = text
            for p in fit_problems(d.m.display, top):
                problems.append("%s: %s" % (where, p))

    def script(text, name):
        steps = emscript.parse(text, name)
        emscript.run(d.m, steps, screenshots=shots, name=name,
                     after=lambda number, cmd, arg: check("%s line %d" % (name, number)))

    try:
        d.boot()
        script(parts[0], os.path.basename(path))
        if len(parts) > 1:
            key = d.key

            def checked_key(name):
                key(name)
                check("key " + name)

            d.key = checked_key
            paused = False
            for _ in range(20000):
                check("play")
                if not paused and screen_tag(d.top) in ("Cover", "BoardScreen", "Turn-draw"):
                    paused = True
                    d.key = key
                    script(parts[1], os.path.basename(path) + " at a person's screen")
                    d.key = checked_key
                if (d.step() if game == "p10" else step(d, set())) == "end":
                    break
            else:
                raise AssertionError("the game did not end")
            d.key = key
            script(parts[2], os.path.basename(path) + " after the game")
    finally:
        d.close()
    assert not problems, "\n".join(problems)
    for tag, words in WORDS.get(game, {}).get(code, {}).items():
        assert tag in texts, tag + " never shown"
        assert words in " ".join(texts[tag].split()), (tag, words, texts[tag])


def test_RECORD_tools_replay_lang_prints_the_summary_in_russian_and_polish(tmp_path, capsys):
    """The record stays English (a file format); --lang changes only the words printed."""
    from shared_rules.desktop.selfplay import play_record
    from tools import replay

    path = tmp_path / "g.txt"
    path.write_text(play_record(5, 4))
    out = {}
    for code in ("en", "ru", "pl"):
        assert replay.main(["--lang", code, str(path)]) == 0
        out[code] = capsys.readouterr().out
    assert "winner: p" in out["en"] and "rounds played:" in out["en"] and "points" in out["en"]
    assert "победитель: p" in out["ru"] and "сыграно раундов:" in out["ru"] and "очков" in out["ru"]
    assert "zwycięzca: p" in out["pl"] and "rozegrane rundy:" in out["pl"] and "fazy" in out["pl"]
    # the same figures in every language
    digits = {c: [ch for ch in out[c] if ch.isdigit()] for c in out}
    assert digits["en"] == digits["ru"] == digits["pl"]


def test_boots_without_terminalio_in_the_emulator_and_switches_to_russian(tmp_path):
    """A PyBadge build without terminalio (CircuitPython's ru build for it): in the emulator,
    whose board refuses the modules its build lacks, the app boots into the menus and Settings
    switches it to Russian; terminalio is never imported."""
    import sys

    from emulator import script as emscript
    from emulator.machine import Machine

    m = Machine("pybadge", seed=1, nvm_path=str(tmp_path / "nvm.bin"))
    m.included_modules = [n for n in m.included_modules if n != "terminalio"]
    saved = sys.modules.pop("terminalio", None)  # Blinka's, imported with the emulator
    try:
        with m:
            m.boot()
            emscript.run(m, emscript.parse(
                "wait 300\nexpect Pocket Phase 10\nkey DOWN\nkey DOWN\nkey DOWN\nkey A\nkey UP\n"
                "key A\nexpect Язык Русский\nkey B\nexpect Весёлый кубик\n"), screenshots=str(tmp_path))
            assert "terminalio" not in sys.modules
    finally:
        if saved is not None:
            sys.modules["terminalio"] = saved


def test_boots_without_terminalio_under_micropython_and_reads_russian_from_the_file():
    """The MicroPython stand-ins have no terminalio (as CircuitPython's ja, ko and ru builds
    for the PyBadge): the app boots into the menus with its own font, and Settings switches
    it to Russian, read from data/ru.lng with seek under MicroPython."""
    from tools.micropython_firmware import STUBS, run_script

    assert not os.path.exists(os.path.join(STUBS, "terminalio.py"))
    script = ("wait 300\nexpect Pocket Phase 10\nexpect Settings\nkey DOWN\nkey DOWN\nkey DOWN\n"
              "key A\nkey UP\nkey A\nexpect Язык Русский\nkey B\nexpect Настройки\n"
              "expect Весёлый кубик\n")
    r = run_script(script, board="pybadge", heap=170000, snapshots=True)
    assert r.status == 0, r.message
    assert "Весёлый кубик" in r.snapshots[-1][1]


def test_the_pause_menu_offers_the_rules_of_the_games_that_have_rules_pages():
    """firmware.pause knows the games with Rules pages without importing firmware.texts (its
    names would stay interned on a board for the rest of the game)."""
    from emulator.machine import Machine

    with Machine("pybadge"):
        pass
    from firmware import pause, texts

    keys = []
    for key, _, _ in texts.TOPICS:
        if key not in keys:
            keys.append(key)
    assert pause._RULES == tuple(keys)


# (cols, rows) of a text page: PyBadge/PyGamer 160x128, CLUE 240x240, Feather 240x135 and
# T-Display 320x170 (their text layout at scale 2), PicoSystem 240x240
PAGE_SIZES = {"pybadge": (25, 7), "clue": (19, 7), "feather": (19, 4), "tdisplay": (25, 5)}


@pytest.mark.parametrize("code", CODES)
def test_rules_pages_read_a_page_at_a_time_and_no_page_is_a_fragment(code):
    """Every Rules page in every language on every text layout: the how-to pages are read from
    the language file a page at a time (firmware.pages.Long), every line fits its columns, every
    page its rows, the pages together are the whole text, pages are filled, a paragraph broken
    between pages leaves two lines at least on each (no lone line, as 'even: only those.' once
    was), and no page ends with a label whose text is on the next (the About page's 'Board id:'
    on the PyBadge)."""
    about = "Version 1\nRules core 1\nBoard: X\nScreen 1x1\nFree memory 1 KB\nGame saves 1 B\nBoard id:\nx"
    from emulator.machine import Machine
    from firmware import lang, texts, ui
    from firmware import pages as pages_mod

    with Machine("pybadge"):  # the app's modules importable (displayio and board stand-ins)
        pass
    src = pages_mod.Chars(about)
    starts = pages_mod.paginate(src, 25, 7)
    assert [pages_mod.page_text(src, starts, p) for p in range(len(starts))][-1] == "Board id:\nx"
    old = lang.lang()
    try:
        lang.set_lang(CODES.index(code))
        for _, _, what in texts.TOPICS:
            src = texts.text(what)
            assert type(src).__name__ == "Long" and src.size > 200
            whole = lang.t(what)
            for board, (cols, rows) in PAGE_SIZES.items():
                starts = pages_mod.paginate(src, cols, rows)
                pages = [pages_mod.page_text(src, starts, p) for p in range(len(starts))]
                assert " ".join(" ".join(pages).split()) == " ".join(whole.split())
                for p, page in enumerate(pages):
                    lines = ui.wrap(page, cols)
                    assert len(lines) == sum(len(pages_mod.line_starts(x, cols))
                                             for x in page.split("\n"))  # as drawn
                    where = (what, board, p + 1, page)
                    assert len(lines) <= rows and all(len(x) <= cols for x in lines), where
                    if p + 1 < len(pages) and "\n" in page and page.endswith(":"):
                        # a label below other text, its text on the next page
                        assert src.read(starts[p + 1] - 1, starts[p + 1]) != b"\n", where
                    if p and src.read(starts[p] - 1, starts[p]) != b"\n":
                        # begins inside a paragraph: two of its lines at least on either page
                        assert len(ui.wrap(page.split("\n")[0], cols)) >= 2, where
                        assert len(ui.wrap(pages[p - 1].split("\n")[-1], cols)) >= 2, where
                    if p + 1 < len(pages):
                        # filled as a book is (at most a label and a paragraph's two lines moved on)
                        assert len(lines) >= rows - 3, where
    finally:
        lang.set_lang(old)

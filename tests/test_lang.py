"""The console in English, Russian and Polish (issue 28): the language files against the code
that reads them, the font against their letters, the settings byte, the first power-on's
question, and whole Dice Express games in Russian and Polish on the PyBadge and the CLUE with
every screen checked to fit (tests/scripts/lang/)."""

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
    from firmware.saves import KIND_NAMES
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
    keys |= {"ph." + w + n for w in ("set", "run", "colour") for n in ("1", "N")}
    keys |= {"stats.place" + str(p) for p in (1, 2, 3)}
    return keys


def test_every_key_in_every_language_and_none_the_app_does_not_use():
    texts = {c: make_texts.load(c) for c in CODES}
    for c in CODES[1:]:
        assert set(texts[c]) - set(texts["en"]) == set(), c + ": keys English does not have"
        assert set(texts["en"]) - set(texts[c]) == set(), c + ": keys missing"
    used = _used_keys()
    unused = sorted(k for k in texts["en"] if k not in used)
    assert unused == [], "keys no code asks for"
    asked = {c for c in _constants() if c.split(".")[0] in
             {k.split(".")[0] for k in texts["en"]} and "." in c and " " not in c
             and not c.endswith(".") and c not in ("ph.set", "ph.run", "ph.colour")}
    assert sorted(asked - set(texts["en"])) == [], "keys the code asks for that no file has"


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

    texts = make_texts.load(code)
    old = lang.lang()
    try:
        lang.set_lang(CODES.index(code))
        for k, v in texts.items():
            assert lang.t(k) == v, k
        assert lang.t("no.such_key") == "no.such_key"
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
    from firmware.saves import Settings

    s = Settings()
    old = s.to_bytes()  # the reserved byte 0: what every earlier version wrote
    t = Settings()
    assert t.load(old) and t.lang == 0
    s.lang = 2
    u = Settings()
    assert u.load(s.to_bytes()) and u.lang == 2
    bad = bytearray(s.to_bytes())
    bad[7] = 3  # no fourth language
    assert not Settings().load(bytes(bad))


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


@pytest.mark.parametrize("board_id", ["pybadge", "clue_nrf52840_express"])
@pytest.mark.parametrize("code", ["ru", "pl"])
def test_DX_whole_game_by_script_in_russian_and_polish_every_screen_fits(board_id, code):
    """Dice Express between two people to the game's end (DX-1 to DX-11 on the way), its
    summary, Statistics, a Rules page and About, in the language chosen in Settings; after
    every command the screen's labels stay on the screen and overlap nothing."""
    from emulator import script as emscript
    from emulator.machine import Machine
    from tests.test_phase10_screens import layout_problems

    path = os.path.join(REPO, "tests", "scripts", "lang", "dx_" + code + ".txt")
    with open(path, encoding="utf-8") as f:
        steps = emscript.parse(f.read(), os.path.basename(path))
    problems = []
    with Machine(board_id, seed=1) as m:
        m.set_render_stride(1000)
        m.boot()
        last = [None]

        def after(number, cmd, arg):
            text = m.screen_text()
            if text != last[0]:
                last[0] = text
                for p in layout_problems(m.display):
                    problems.append("line %d: %s" % (number, p))

        emscript.run(m, steps, screenshots=os.path.join(REPO, "out", "lang", code, board_id),
                     name=os.path.basename(path), after=after)
    assert problems == []


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


def test_boots_without_terminalio_under_micropython_and_reads_russian_from_the_file():
    """The MicroPython stand-ins have no terminalio (as CircuitPython's ja, ko and ru builds
    for the PyBadge): the app boots into the menus with its own font, and Settings switches
    it to Russian, read from data/ru.lng with seek under MicroPython."""
    from tools.micropython_firmware import STUBS, run_script

    assert not os.path.exists(os.path.join(STUBS, "terminalio.py"))
    script = ("wait 300\nexpect Pocket Phase 10\nexpect Settings\nkey DOWN\nkey DOWN\nkey DOWN\n"
              "key A\nkey UP\nkey A\nexpect Язык Русский\nkey B\nexpect Настройки\n"
              "expect Весёлый кубик\n")
    r = run_script(script, board="pybadge", heap=170000)
    assert r.status == 0, r.message
    assert "Весёлый кубик" in r.snapshots[-1][1]

"""The rules core's RuleError codes (``shared_rules/desktop/errors.py``): every code a module of
``shared_rules/`` raises has an entry with a rule id and a sentence, the numbers are unique, and
every ``_E_NAME = const(n)`` in ``shared_rules/`` and ``firmware/`` names the entry of its number.
Read from the source, so a new refusal without words is noticed."""

import ast
import os
import re

from shared_rules.desktop import errors as E
from shared_rules import RuleError

REPO = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
CONST = re.compile(r"^(_E_[A-Z0-9_]+) = const\((\d+)\)", re.M)
RULE = re.compile(r"^(P10C-\d+|P10B-\d+|DX-\d+|SETUP|MOVE|SAVE|RECORD|SIM)$")


def sources(*folders):
    for folder in folders:
        for root, _, files in os.walk(os.path.join(REPO, folder)):
            for f in sorted(files):
                if f.endswith(".py"):
                    path = os.path.join(root, f)
                    with open(path) as fh:
                        yield os.path.relpath(path, REPO), fh.read()


def test_codes_are_unique_and_each_has_a_rule_and_a_sentence():
    numbers = [e[0] for e in E.CODES]
    assert len(numbers) == len(set(numbers))
    pairs = [(e[1], e[2]) for e in E.CODES]
    assert len(pairs) == len(set(pairs)), "a name and rule stand for one code"
    for code, name, rule, sentence in E.CODES:
        assert 0 < code < 256 and re.match(r"^[a-z0-9_]+$", name), (code, name)
        assert RULE.match(rule), (code, rule)
        assert sentence and sentence == sentence.strip(), code


def test_every_named_code_matches_the_table():
    seen = 0
    for path, text in sources("shared_rules", "firmware"):
        for const_name, n in CONST.findall(text):
            entry = E.entry(int(n))
            assert const_name == "_E_" + entry[1].upper() or const_name.startswith(
                "_E_" + entry[1].upper() + "_"), (path, const_name, entry)
            seen += 1
    assert seen > 100


def test_every_code_raised_in_the_rules_core_has_an_entry():
    """Every ``RuleError(x)`` of ``shared_rules/`` (not its desktop side) names an ``_E_`` code
    of its module, or is the code given to ``groups.lay_groups`` / ``hit_end`` (and the next one):
    these are checked at their callers."""
    raised = 0
    for path, text in sources("shared_rules"):
        if "desktop" in path:
            continue
        consts = dict((k, int(v)) for k, v in CONST.findall(text))
        for node in ast.walk(ast.parse(text)):
            if isinstance(node, ast.Call) and getattr(node.func, "id", None) in ("RuleError", "bad"):
                if not node.args:
                    continue  # bad(): the save's "impossible value"
                arg = ast.unparse(node.args[0])
                if arg in ("code", "code + 1", "why"):
                    continue  # passed on: groups' codes, save.bad(code), steal_check's answer
                assert arg in consts, (path, node.lineno, arg)
                E.entry(consts[arg])
                raised += 1
    for path in ("phase10/game.py", "phase10board/game.py"):  # lay_groups(code), hit_end(code)
        with open(os.path.join(REPO, "shared_rules", path)) as f:
            consts = dict((k, int(v)) for k, v in CONST.findall(f.read()))
        for base in (consts["_E_WHOLE_PHASE"], consts["_E_NO_FIT"]):
            assert E.name(base) in ("whole_phase", "no_fit")
            assert E.name(base + 1) in ("lay_not_in_hand", "end_closed")
            assert E.rule(base) == E.rule(base + 1)
    assert raised > 100


def test_the_desktop_words_of_an_error():
    e = RuleError(E.code_of("draw_first"))
    assert E.rule(e) == "P10C-7" and E.text(e).startswith("P10C-7: draw a card first")
    assert E.reason(RuleError(E.code_of("version"), 3)) == "the save is of another format version (3)"
    assert E.reason(RuleError(E.code_of("too_long", "DX-7"), 4)) == "4 dice take a piece of length 4 at most"


def test_the_rule_ids_the_device_shows_are_the_tables():
    """firmware/phase10/why.py shows a refusal's whole reason with its rule id (P10C-13): the same
    rule id as the desktop's table."""
    with open(os.path.join(REPO, "firmware", "phase10", "why.py")) as f:
        text = f.read()
    consts = dict((k, int(v)) for k, v in CONST.findall(text))
    rows = re.findall(r"\((_E_[A-Z0-9_]+), \"([A-Z0-9-]+)\", \"", text)
    assert len(rows) >= 15
    for const_name, rule_id in rows:
        assert E.rule(consts[const_name]) == rule_id, const_name

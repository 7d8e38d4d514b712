"""Copy only what changed, keep the user's files, verify, and remember what was written.

The manifest ``/.deploy-manifest.json`` on the board lists every file this tool wrote, with
size, SHA-256, SHA-1 and Adler-32 (whichever check the board can compute). It is how the tool
knows which files are its own:

- a file of ours that still matches the manifest may be overwritten or (``--clean``) removed;
- any other file in the way (changed on the board since the last deploy, or never written by
  this tool) is a *conflict*: nothing is changed and the deploy stops (exit 7), unless
  ``--force``, which first copies each such file to ``out/deploy-backups/<time>/`` on the
  computer. CircuitPython's sample ``code.py`` is the one foreign file replaced without asking.
- files the tool never wrote (settings.toml, boot_out.txt, saves, fonts, ...) are never touched
  here (``pystack`` adds one setting to settings.toml).

Before copying, the manifest records the files about to be written as *pending*; if the copy
is cut short, the rerun recognises what it wrote and carries on. Leftover ``*.deploy-tmp``
files from a cut are removed first.
"""

import json
import time

from . import layout
from .errors import CONFLICT, NO_SPACE, VERIFY_FAILED, DeployError
from .progress import Progress, human_size
from .targets import TMP_SUFFIX

MANIFEST = "/.deploy-manifest.json"
MANIFEST_FORMAT = 1
# CircuitPython runs the first of code.txt, code.py, main.py, main.txt (supported_filenames
# in CircuitPython's main.c): a code.txt on the board runs instead of the app's code.py.
CODE_TXT = "/code.txt"
CODE_TXT_WARNING = (
    "warning: the board has /code.txt, which CircuitPython runs instead of code.py, so the game "
    "does not start. Rename or delete code.txt on the board (this tool leaves it alone).")
# CircuitPython writes this code.py on a fresh filesystem; replacing it loses nothing.
SAMPLE_CODE = b'print("Hello World!")\n'


def backups_dir():
    return layout.REPO / "out" / "deploy-backups"


def new_backup_folder():
    """A new folder for this run's backups, ``out/deploy-backups/<YYYYmmdd-HHMMSS>``, or with
    ``-2``, ``-3`` ... when another run (another deploy in the same second, here or in another
    process) has that name already: each run's backups stay apart, none replaces another.
    Creating the folder is the claim (mkdir fails if it exists), so two runs cannot share one."""
    root = backups_dir()
    root.mkdir(parents=True, exist_ok=True)
    stamp = time.strftime("%Y%m%d-%H%M%S")
    n = 1
    while True:
        folder = root / (stamp if n == 1 else "{}-{}".format(stamp, n))
        try:
            folder.mkdir()
            return folder
        except FileExistsError:
            n += 1


def _entry(f):
    return dict(f.checks, size=len(f.data))


def _matches(entry, size, check):
    """Whether a board file of ``size`` with content check ``(algo, hex)`` is ``entry``."""
    return bool(entry) and check is not None and entry.get("size") == size and (
        entry.get(check[0]) == check[1])


def read_manifest(target, out):
    """(manifest dict, its bytes on the board or None)."""
    empty = {"files": {}, "pending": {}}
    if target.stat([MANIFEST])[MANIFEST] in (None, -1):
        return empty, None
    raw = target.read(MANIFEST)
    try:
        data = json.loads(raw.decode("utf-8"))
        if data.get("format") != MANIFEST_FORMAT or not isinstance(data.get("files"), dict):
            raise ValueError("unknown format")
        data.setdefault("pending", {})
        return data, raw
    except (ValueError, UnicodeDecodeError, AttributeError) as exc:
        out("warning: {} on the board is unreadable ({}); every file in the way counts as "
            "the user's.".format(MANIFEST, exc))
        return empty, raw


class Plan:
    """What a deploy would do; ``describe()`` lists it, ``apply()`` does it."""

    def __init__(self, target, app, clean=False, out=print, replaceable=()):
        self.target = target
        self.app = app
        self.out = out
        # files in the way that may be replaced after a backup, without --force: a library
        # copy that cannot run on this board (libraries.resolve)
        self.replaceable = set(replaceable)
        self.unusable = []
        self.manifest, self.manifest_raw = read_manifest(target, out)
        ours, pending = self.manifest["files"], self.manifest["pending"]
        want = {f.path: f for f in app}

        # The other form of an app module (x.py <-> x.mpy). CircuitPython imports x.py before
        # x.mpy: deploying .mpy, any x.py shadows the new file and must go; deploying .py, an
        # x.mpy cannot shadow anything (a library bundle's is left alone), and one this tool
        # wrote is simply superseded and removed.
        must_go = {layout.counterpart(p) for p in want if p.endswith(".mpy")} - {None} - set(want)
        superseded = {layout.counterpart(p) for p in want if p.endswith(".py")} - {None} - set(want)
        superseded = {p for p in superseded if p in ours or p in pending} - must_go
        shadows = must_go | superseded
        old = (set(ours) | set(pending)) - set(want) - shadows
        dirs = sorted({p.rsplit("/", 1)[0] or "/" for p in set(want) | old})
        self.stale_tmp = sorted(
            (d.rstrip("/") + "/" + name) for d in dirs for name in target.listdir(d)
            if name.endswith(TMP_SUFFIX)
        )
        sizes = target.stat(sorted(set(want) | shadows | old | {CODE_TXT}))
        self.code_txt = sizes.get(CODE_TXT) not in (None, -1)
        if CODE_TXT not in want:
            del sizes[CODE_TXT]
        self.sizes = sizes

        # Content checks only where the size leaves a doubt.
        need_hash = []
        for p, size in sizes.items():
            doubt = {ours.get(p, {}).get("size"), pending.get(p, {}).get("size")}
            if p in want:
                doubt.add(len(want[p].data))
            if p == "/code.py":
                doubt.add(len(SAMPLE_CODE))
            if size is not None and size >= 0 and size in doubt:
                need_hash.append(p)
        self.checks = target.hashes(need_hash, sizes) if need_hash else {}
        # A manifest written before SHA-1 was recorded cannot answer a board that only has
        # SHA-1: ask such files for the Adler-32 every manifest has.
        redo = sorted(p for p, (algo, _value) in self.checks.items()
                      if any(e is not None and algo not in e for e in (ours.get(p), pending.get(p))))
        if redo:
            self.checks.update(target.hashes(redo, sizes, algo="adler32"))

        # owned: what is on the board now that is known to be ours (path -> manifest entry)
        self.owned, self.writes, self.unchanged, self.deletes, self.conflicts = {}, [], [], [], []
        for f in app:
            size, check = sizes[f.path], self.checks.get(f.path)
            if _matches(_entry(f), size, check):
                self.unchanged.append(f)
                self.owned[f.path] = _entry(f)
            else:
                self.writes.append(f)
                self._claim(f.path, size, check)
        # Removals: a .py shadowing a new .mpy must go (a conflict unless it is ours); our own
        # files that are no longer needed (a superseded .mpy, old files with --clean) go only
        # while unchanged: one edited on the board since is kept, and said.
        may_go = superseded | (old if clean else set())
        self.kept = []
        for p in sorted(must_go):
            if sizes[p] is not None:
                self.deletes.append(p)
                self._claim(p, sizes[p], self.checks.get(p), removing=True)
        for p in sorted(may_go):
            if sizes[p] is None:
                continue
            entry = self._ours(p, sizes[p], self.checks.get(p))
            if entry:
                self.deletes.append(p)
                self.owned[p] = entry
            else:
                self.kept.append(p)
        self.leftovers = [] if clean else sorted(p for p in old if sizes[p] is not None)
        for p in self.leftovers + self.kept:
            self.owned[p] = ours.get(p) or pending[p]
        # libraries before code.py: the entry point changes last
        self.writes.sort(key=lambda f: (f.path == "/code.py", f.path))

    def _ours(self, path, size, check):
        """The manifest entry (written, or pending) that the board's file matches, or None."""
        for entry in (self.manifest["files"].get(path), self.manifest["pending"].get(path)):
            if _matches(entry, size, check):
                return entry
        return None

    def _claim(self, path, size, check, removing=False):
        """Record a conflict unless the file in the way is ours (or CircuitPython's sample).
        ``removing``: the file is to be removed (a .py that would shadow a new .mpy)."""
        if size is None:
            return
        if size == -1:
            self.conflicts.append((path, "a folder is in the way"))
            return
        entry = self._ours(path, size, check)
        if entry:
            self.owned[path] = entry
            return
        if path == "/code.py" and _matches(dict(layout.digests(SAMPLE_CODE),
                                                size=len(SAMPLE_CODE)), size, check):
            return
        if path in self.replaceable:
            self.unusable.append(path)
            return
        why = ("changed on the board since the last deploy" if path in self.manifest["files"]
               else "not written by this tool")
        if removing:
            why += ("; CircuitPython would import it instead of {}, so it has to be removed"
                    .format(layout.counterpart(path)))
        self.conflicts.append((path, why))

    # -- reporting ---------------------------------------------------------------------------
    def copy_bytes(self):
        return sum(len(f.data) for f in self.writes)

    def describe(self):
        lines = ["{} files to copy ({}), {} unchanged, {} to remove".format(
            len(self.writes), human_size(self.copy_bytes()), len(self.unchanged), len(self.deletes))]
        lines += ["  copy    {}".format(f.path) for f in self.writes]
        lines += ["  remove  {}".format(p) for p in self.deletes]
        lines += ["  tidy    {} (left by an interrupted deploy)".format(p) for p in self.stale_tmp]
        lines += ["  keep    {} (no longer part of the app; --clean removes it)".format(p)
                  for p in self.leftovers]
        lines += ["  keep    {} (no longer part of the app, but changed on the board since the "
                  "last deploy: left in place)".format(p) for p in self.kept]
        lines += ["  replace {} (a library copy that cannot run on this board; saved to {} "
                  "first)".format(p, backups_dir()) for p in self.unusable]
        lines += ["  CONFLICT {}: {}".format(p, why) for p, why in self.conflicts]
        return "\n".join(lines)

    def conflict_error(self):
        listing = "\n".join("  {}: {}".format(p, why) for p, why in self.conflicts)
        return DeployError(
            CONFLICT,
            "These files on the board are in the way and are not the ones this tool last wrote; "
            "nothing was changed:\n" + listing,
            "If they hold work you want, copy them off the board first. To {} them anyway, run "
            "again with --force: each one is first saved to {} on this computer.".format(
                "replace or remove" if any("removed" in why for _p, why in self.conflicts)
                else "replace", backups_dir()),
        )

    def space_needed(self):
        """(free bytes on the board now, bytes short at the tightest point of the deploy or 0).

        The deploy is simulated cluster by cluster in the order ``apply`` runs it: the
        manifest rewritten with the pending list, the removals, each file written beside the
        old one and renamed over it, and the final manifest (each manifest is written through
        a temporary copy too, beside the old one)."""
        start, cluster = self.target.free()
        free = start
        c = lambda n: -(-n // cluster) * cluster if n > 0 else 0  # noqa: E731
        sizes = self.sizes
        # Folders cost clusters for good: a new folder its first cluster, and every folder its
        # new FAT entries (32 bytes, plus one per 13 characters of a long name; counted with
        # the longer temporary name). Paid at the first file written into the folder.
        dirs = {}
        for f in self.writes:
            parent, name = f.path.rsplit("/", 1)
            if sizes.get(f.path) is None:
                entries = 1 + -(-len(name + TMP_SUFFIX) // 13)
                dirs.setdefault(parent or "/", [0])[0] += 32 * entries
        chains = {}
        for d in dirs:
            parts = [p for p in d.split("/") if p]
            chains[d] = ["/" + "/".join(parts[:i + 1]) for i in range(len(parts))]
        ancestors = sorted({a for chain in chains.values() for a in chain})
        existing = self.target.stat(ancestors) if ancestors else {}
        created, paid = set(), set()
        margin = 2 * cluster
        worst = 0

        def enter(path):
            nonlocal free
            d = path.rsplit("/", 1)[0] or "/"
            for a in chains.get(d, []):
                if existing.get(a) is None and a not in created:
                    created.add(a)
                    free -= cluster
            if d in dirs and d not in paid:
                paid.add(d)
                free -= c(dirs[d][0])

        def replace(old_size, new_size, path=None):
            nonlocal free, worst
            if path is not None:
                enter(path)
            worst = max(worst, c(new_size) + margin - free)
            free += c(old_size or 0) - c(new_size)

        manifest = len(self.manifest_raw) if self.manifest_raw is not None else 0
        if self.writes or self.deletes:
            pending = len(self._manifest(self.writes))
            replace(manifest, pending)
            manifest = pending
        for p in self.deletes:
            free += c(sizes.get(p) or 0)
        for f in self.writes:
            old = sizes.get(f.path)
            replace(old if old and old > 0 else 0, len(f.data), f.path)
        if self.changes_anything():
            replace(manifest, len(self._manifest()))
        return start, max(0, worst)

    def space_error(self, free, short):
        return DeployError(
            NO_SPACE,
            "Not enough space on the board: {} more is needed to copy {} ({} free); nothing "
            "was changed.".format(human_size(short), human_size(self.copy_bytes()),
                                  human_size(free)),
            "Delete files you no longer need from the board (your own files are never touched "
            "by this tool), use --clean to remove old files of this app, or leave out --py "
            "(compiled .mpy files are smaller).",
        )

    # -- doing it ----------------------------------------------------------------------------
    def backup_conflicts(self):
        folder = new_backup_folder()
        for path in [p for p, _why in self.conflicts] + self.unusable:
            if self.sizes.get(path) == -1:
                continue
            dest = folder / path.lstrip("/")
            dest.parent.mkdir(parents=True, exist_ok=True)
            with open(dest, "xb") as f:  # never over another file: the folder is this run's
                f.write(self.target.read(path))
            self.out("saved the board's {} to {}".format(path, dest))
        return folder

    def _manifest(self, pending=None):
        """Before copying: what is ours on the board now, plus ``pending`` (about to be
        written); after: the app's files, the leftovers and the files kept."""
        if pending:
            files = dict(self.owned)
        else:
            files = {p: self.owned[p] for p in self.leftovers + self.kept}
            files.update({f.path: _entry(f) for f in self.app})
        doc = {"format": MANIFEST_FORMAT, "tool": "pocket-phase10 tools/deploy.py",
               "board_id": self.target.board_id, "files": files}
        if pending:
            doc["pending"] = {f.path: _entry(f) for f in pending}
        return json.dumps(doc, indent=1, sort_keys=True).encode("utf-8") + b"\n"

    def changes_anything(self):
        return bool(self.writes or self.deletes or self.stale_tmp) or (
            self._manifest() != self.manifest_raw)

    def check(self, force=False):
        """Raise what would stop this deploy before it changes anything, in the order the
        deploy meets it: files in the way (7), not enough space (5), a filesystem that
        cannot be written (6, only when something has to change). A dry run calls this, so
        it exits with the code the deploy would."""
        if self.conflicts and not force:
            raise self.conflict_error()
        free, short = self.space_needed()
        if short:
            raise self.space_error(free, short)
        if self.changes_anything():
            problem = self.target.read_only()
            if problem is not None:
                raise problem

    def known_checks(self):
        """{path: (size, check)} of the app files the plan found unchanged: the deploy does
        not touch them, so the verification needs no second hash of them."""
        return {f.path: (self.sizes[f.path], self.checks[f.path]) for f in self.unchanged}

    def apply(self, force=False, stream=None):
        self.check(force)
        if not self.changes_anything():
            verify(self.target, self.app, stream, self.known_checks())
            return
        self.target.check_writable()
        if self.conflicts or self.unusable:
            self.backup_conflicts()
        for p in self.stale_tmp:
            self.target.remove(p)
        copied = 0
        try:
            if self.writes or self.deletes:
                self.manifest_raw = self._manifest(self.writes)
                self.target.write(MANIFEST, self.manifest_raw)
            for p in self.deletes:
                self.target.remove(p)
            bar = Progress("copy", self.copy_bytes(), len(self.writes), stream)
            for f in self.writes:
                self.target.write(f.path, f.data, lambda n, p=f.path: bar.advance(n, label=p))
                copied += 1
                bar.advance(0, items=1, label=f.path)
            bar.close()
            verify(self.target, self.app, stream, self.known_checks())
            final = self._manifest()
            if final != self.manifest_raw:
                self.target.write(MANIFEST, final)
        except DeployError as exc:
            if exc.code == NO_SPACE:
                raise self.filled_up(exc, copied)
            raise

    def filled_up(self, exc, copied):
        """The board ran out of space during the copy (the check before found enough: something
        else wrote to it meanwhile, or the estimate fell short): say what is on it now."""
        return DeployError(
            NO_SPACE,
            "{} That was after {} of the {} files to copy were written: those are in place, "
            "the rest are not yet. Every file on the board is whole, its old version or its new "
            "one (each is written under a temporary name and renamed only when complete).".format(
                exc.message, copied, len(self.writes)),
            "Free space on the board (delete files you no longer need; this tool never touches "
            "your own), use --clean to remove old files of this app, or leave out --py (.mpy "
            "files are smaller); then run the same command again: it copies the rest and "
            "completes the deploy.")


def verify(target, app, stream=None, known=None):
    """Check every app file on the board against the app; DeployError listing differences.

    ``known``: {path: (size, check)} computed moments ago by the plan for files the deploy
    did not touch; those are trusted when their size is still the same (every file's size
    is read again), so a rerun hashes each file once, not twice."""
    known = known or {}
    total = sum(len(f.data) for f in app)
    bar = Progress("verify", total, len(app), stream)
    sizes = target.stat([f.path for f in app])
    present = [f for f in app if sizes[f.path] == len(f.data)]
    checks = {f.path: known[f.path][1] for f in present
              if f.path in known and known[f.path][0] == sizes[f.path]}
    for f in present:
        if f.path in checks:
            bar.advance(len(f.data), items=1, label=f.path)
    todo = [f.path for f in present if f.path not in checks]
    if todo:
        checks.update(target.hashes(todo, sizes, lambda n, p: bar.advance(n, items=1, label=p)))
    bad = []
    for f in app:
        size = sizes[f.path]
        if size is None:
            bad.append("{}: missing".format(f.path))
        elif size != len(f.data):
            bad.append("{}: {} bytes on the board, {} in the app".format(f.path, size, len(f.data)))
        else:
            algo, value = checks[f.path]
            if value != f.checks[algo]:
                bad.append("{}: content differs ({} check)".format(f.path, algo))
    bar.close("{} differ".format(len(bad)) if bad else "all match")
    if bad:
        raise DeployError(VERIFY_FAILED, "{} of {} app files on the board differ from the app:\n  "
                          .format(len(bad), len(app)) + "\n  ".join(bad),
                          "Run the same command again; if it repeats, the board's flash may "
                          "be failing.")

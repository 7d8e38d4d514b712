"""Drive real MicroPython (``tests/micropython/run.mjs`` under Node) from CPython.

``run(code)`` runs one program in a fresh MicroPython and returns its stdout. ``Session`` keeps
one MicroPython alive and runs code in it step by step, each step one top-level ``runPython``
call (between such calls this build's garbage collector can free memory); globals persist from
step to step. Both raise :class:`MicroPythonError` with MicroPython's traceback, or with a clear
message when Node or the npm package is missing.
"""

import json
import os
import shutil
import subprocess

REPO = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
RUNNER = os.path.join(REPO, "tests", "micropython", "run.mjs")


class MicroPythonError(Exception):
    """Python code failed under MicroPython, or MicroPython could not be started."""


def node_command(*args, heap=None):
    """The command line that runs ``run.mjs`` with ``args``."""
    node = shutil.which("node")
    if node is None:
        raise MicroPythonError("Node is not on PATH: install Node 20 (see README.md), then run `make test`")
    command = [node, RUNNER]
    if heap is not None:
        command += ["--heap", str(heap)]
    return command + list(args)


def run(code, heap=None, timeout=600):
    """Run ``code`` as one program in a fresh MicroPython; return its stdout."""
    done = subprocess.run(
        node_command("-c", code, heap=heap), capture_output=True, text=True, timeout=timeout, cwd=REPO
    )
    if done.returncode != 0:
        raise MicroPythonError(done.stderr.strip() or "run.mjs exited with " + str(done.returncode))
    return done.stdout


class Session:
    """One running MicroPython; ``run(code)`` executes one top-level step and returns its stdout.

    ``last_ms`` is the time MicroPython spent in the last step (measured inside Node, so it
    excludes the pipe round trip). Use as a context manager, or call ``close()``.
    """

    def __init__(self, heap=None):
        self.last_ms = 0.0
        self._proc = subprocess.Popen(
            node_command("--serve", heap=heap),
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            stderr=subprocess.PIPE,
            text=True,
            encoding="utf-8",
            cwd=REPO,
        )
        ready = self._reply()
        self.boot_ms = ready["ms"]

    def _reply(self):
        line = self._proc.stdout.readline()
        if not line:
            self._proc.wait()
            problem = self._proc.stderr.read().strip()
            raise MicroPythonError(problem or "MicroPython stopped (exit code " + str(self._proc.returncode) + ")")
        return json.loads(line)

    def run(self, code):
        """Run ``code`` as one top-level step; return its stdout. Raises MicroPythonError."""
        if self._proc.poll() is not None:
            raise MicroPythonError("the MicroPython session has stopped")
        self._proc.stdin.write(json.dumps({"code": code}) + "\n")
        self._proc.stdin.flush()
        reply = self._reply()
        self.last_ms = reply["ms"]
        if reply["error"] is not None:
            raise MicroPythonError(reply["out"] + reply["err"] + reply["error"])
        return reply["out"]

    def close(self):
        if self._proc.poll() is None:
            self._proc.stdin.close()
            try:
                self._proc.wait(timeout=10)
            except subprocess.TimeoutExpired:
                self._proc.kill()
                self._proc.wait()
        self._proc.stdout.close()
        self._proc.stderr.close()

    def __enter__(self):
        return self

    def __exit__(self, *exc):
        self.close()

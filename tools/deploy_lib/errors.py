"""One error type with an exit code and a "what to do next" hint; the exit codes."""

OK = 0
INTERNAL = 1
USAGE = 2
NO_BOARD = 3
MISMATCH = 4
NO_SPACE = 5
READ_ONLY = 6
CONFLICT = 7
VERIFY_FAILED = 8
CONNECTION = 9
FLASH_FAILED = 10
NO_COMPILER = 11  # no CircuitPython mpy-cross: none cached, and the download failed
INTERRUPTED = 130  # Ctrl-C (128 + SIGINT, as a shell reports it)
BROKEN_PIPE = 141  # the output went to a program that stopped reading it (128 + SIGPIPE)

EXIT_CODES_HELP = """exit codes:
  0   done (--dry-run: the deploy would go ahead; --verify-only: all app files match)
  1   internal error (a bug: please report it with the output)
  2   bad command line or unreadable input file (firmware, mpy-cross, app sources)
  3   no board found, several found and none chosen, or nothing answers on --port
  4   wrong board: firmware for another chip or UF2 family, --board differs from the board,
      the board came back from flashing as another board, or the device on --port is not a
      CircuitPython board (it echoes, answers like a modem, never stops talking, or has no
      'board' module): the wrong port or device, not a cable
  5   not enough free space on the board. Found before copying (--dry-run says so too):
      nothing was changed. If the board fills up during the copy (something else wrote to
      it, or the estimate fell short): the files copied so far are in place, every file is
      whole (old or new), and after freeing space the same command completes the deploy
  6   the board's filesystem cannot be written: read-only to code (serial path), or the drive
      is read-only to this computer (the message names the causes; --dry-run says so too)
  7   files on the board were changed since the last deploy (nothing was changed; --force
      backs each up to a new folder out/deploy-backups/<time>/ and overwrites it; --dry-run
      says so too)
  8   a file on the board differs from the app after copying, or --verify-only found differences
      (--dry-run predicts every code up to 7, and 11; 8, 9, 10, and 5 when the board fills up
      mid-copy, happen while writing)
  9   the board went away or stopped answering after the tool had reached it (serial
      connection lost, drive unmounted); run the same command again: it repairs half-done work
  10  flashing CircuitPython failed, or the board did not come back afterwards
  11  no CircuitPython mpy-cross to make the .mpy files: none cached and the download failed
      (no network, or none published for this computer), or what arrived was not a working
      mpy-cross of the board's version (not kept); nothing was changed. Ways out: --mpy-cross
      PATH, or --py to install the .py sources (--dry-run says so too)
  130 stopped with Ctrl-C; run the same command again: it finishes the job
  141 the output went to a program that stopped reading it (| head): the deploy stopped
      there; run the same command again"""


class DeployError(Exception):
    """A failure the user can act on: ``message`` says what happened, ``hint`` what to do."""

    def __init__(self, code, message, hint=None):
        Exception.__init__(self, message)
        self.code = code
        self.message = message
        self.hint = hint

"""Phase 10 the board game on the desktop only: its record notation read back (cards and
moves). Never installed on a board: the device writes records (``Board.move_text``) and never
reads one.
"""

from shared_rules.groups import LOW, HIGH
from shared_rules.desktop.notation import small_int
from shared_rules.phase10board.game import (CCW, CW, DISCARD, DONE, DRAW_DECK, HIT, JOKER_BIT,
                                            KIND_NAMES, K_FREE, LAY, M_ASK, M_FREE, M_GO, M_KEEP,
                                            M_ROLL, M_SWAP, PICK, SPACES, TAKE_DISCARD)
from shared_rules.desktop import errors as E
from shared_rules import RuleError

PENDING_NAMES = ("roll", "go", "pile", "search", "swap", "ask", "free", "play", "keep")  # by kind


def parse_card(word):
    """The card named by ``word`` (``R7``, ``JP12``); RuleError for anything else."""
    w = word.strip()
    joker = 0
    if w[:1] in ("J", "j"):
        joker = JOKER_BIT
        w = w[1:]
    if len(w) >= 2:
        col = "RPGYrpgy".find(w[0])
        n = small_int(w[1:], 2)
        if col >= 0 and 1 <= n <= 12:
            return joker | (col % 4) << 4 | n
    raise RuleError(E.P10B_BAD_CARD, word)


def parse_move(text):
    """A move from its record notation (see ``move_text``); a RuleError of rule RECORD if malformed."""
    words = text.split()
    if not words:
        raise RuleError(E.RECORD, "empty move")
    verb = words[0]
    nw = len(words)
    if nw == 1:
        if verb == "roll":
            return (M_ROLL,)
        if verb == "draw":
            return (DRAW_DECK,)
        if verb == "take":
            return (TAKE_DISCARD,)
        if verb == "done":
            return (DONE,)
    if nw == 2:
        if verb == "go":
            v = small_int(words[1], 2)
            if 0 <= v < SPACES:
                return (M_GO, v)
        if verb == "search":
            return (PICK, parse_card(words[1]))
        if verb == "swap":
            return (M_SWAP, parse_card(words[1]))
        if verb == "keep":
            return (M_KEEP, parse_card(words[1]))
        if verb == "discard":
            return (DISCARD, parse_card(words[1]))
        if verb == "free":
            for k in range(K_FREE):
                if KIND_NAMES[k] == words[1]:
                    return (M_FREE, k)
    if verb == "ask" and nw == 3 and words[2] in ("cw", "ccw"):
        v = small_int(words[1], 2)
        if 1 <= v <= 12:
            return (M_ASK, v, CW if words[2] == "cw" else CCW)
    if verb == "hit" and nw in (3, 4):
        gi = small_int(words[2], 3)
        end = 0
        if nw == 4:
            end = LOW if words[3] == "low" else (HIGH if words[3] == "high" else -1)
        if gi >= 1 and end >= 0:
            return (HIT, parse_card(words[1]), gi - 1, end)
    if verb == "lay":
        parts = text.split(":", 1)
        hw = parts[0].split()
        if len(parts) == 2 and len(hw) == 2:
            num = small_int(hw[1], 2)
            if 0 <= num <= 10:
                groups = []
                for part in parts[1].split("|"):
                    groups.append([parse_card(w) for w in part.split()])
                return (LAY, num, groups)
    raise RuleError(E.RECORD, "cannot read the move '" + text.strip() + "'")

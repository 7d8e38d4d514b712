"""Dice Express on the desktop only: its record notation read back. Never installed on a board:
the device writes records (``DiceExpress.move_text``) and never reads one.
"""

from shared_rules.dice_express.game import ROLL, KEEP, STOP, TAKE, STEAL, PASS, COLOURS, piece
from shared_rules.desktop import errors as E
from shared_rules.desktop.notation import seat_word, shown, small_int
from shared_rules import RuleError


def parse_move(text):
    """A move from its record notation; a RuleError of rule RECORD if malformed (numbers in ASCII
    digits only, as docs/records.md says)."""
    w = text.split()
    if not w:
        raise RuleError(E.RECORD, "empty move")
    v = w[0]
    if v == "roll" and len(w) == 1:
        return (ROLL, 0)
    if v == "give" and len(w) == 3 and small_int(w[1], 2) >= 0 and w[2] == "roll":
        return (ROLL, small_int(w[1], 2))
    if v == "stop" and len(w) == 1:
        return (STOP,)
    if v == "pass" and len(w) == 1:
        return (PASS,)
    if v == "keep" and len(w) <= 2:
        kept = []
        if len(w) == 2:
            for ch in w[1].upper():
                if ch not in COLOURS:
                    raise RuleError(E.RECORD, "'" + shown(w[1]) + "' is not a list of die colours")
                kept.append(COLOURS.index(ch))
        kept.sort()
        return (KEEP, tuple(kept))
    if v == "take" and len(w) == 2:
        return (TAKE, parse_piece(w[1]))
    if v == "steal" and len(w) == 2 and seat_word(w[1]) >= 0:
        return (STEAL, seat_word(w[1]))
    raise RuleError(E.RECORD, "cannot read the move '" + shown(text.strip()) + "'")


def parse_piece(text):
    """``R3`` -> piece; a RuleError of rule RECORD if it is not a piece."""
    t = text.strip().upper()
    if len(t) == 2 and t[0] in COLOURS and t[1] in "23456":
        return piece(COLOURS.index(t[0]), int(t[1]))
    raise RuleError(E.DX_BAD_PIECE, shown(text))

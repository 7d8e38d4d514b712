"""The board game's refusals a person meets, in a few words for the information line, by the
rules core's ``RuleError.code`` (the groups' are the card game's: ``firmware.phase10.why``).
Loaded for the moment a move is refused (code is RAM)."""

from micropython import const

from firmware.lang import t

_E_LAY_NOT_IN_HAND = const(71)  # the rules core's RuleError codes (shared_rules/desktop/errors.py)
_E_NO_FIT = const(72)
_E_END_CLOSED = const(73)
_E_NOT_REACHABLE = const(75)
_E_LAY_FIRST = const(78)
_E_NOT_IN_HAND_HIT = const(79)
_E_NOT_IN_HAND = const(81)
_E_ROLL_FIRST = const(82)
_E_CHOOSE_SPACE = const(83)
_E_NOT_IN_DISCARD = const(85)
_E_NOT_IN_HAND_GIVE = const(87)
_E_KIND_FULL = const(93)
_E_NOT_IN_HAND_KEEP = const(95)
_E_KEEP_FIVE = const(96)
_E_DRAW_EMPTY = const(97)
_E_DISCARD_EMPTY = const(100)

SHORT = (
    (_E_ROLL_FIRST, "p10b.e.roll_first"),
    (_E_CHOOSE_SPACE, "p10b.e.pick_space"),
    (_E_NOT_REACHABLE, "p10b.e.out_of_reach"),
    (_E_DRAW_EMPTY, "p10b.e.no_cards"),
    (_E_DISCARD_EMPTY, "p10b.e.no_discard"),
    (_E_NOT_IN_DISCARD, "p10b.e.not_in_pile"),
    (_E_LAY_NOT_IN_HAND, "p10b.e.not_in_hand"),
    (_E_NOT_IN_HAND_HIT, "p10b.e.not_in_hand"),
    (_E_NOT_IN_HAND, "p10b.e.not_in_hand"),
    (_E_NOT_IN_HAND_GIVE, "p10b.e.not_in_hand"),
    (_E_NOT_IN_HAND_KEEP, "p10b.e.not_in_hand"),
    (_E_KIND_FULL, "p10b.e.all_taken"),
    (_E_KEEP_FIVE, "p10b.e.keep_five"),
    (_E_NO_FIT, "p10.e.no_fit"),
    (_E_END_CLOSED, "p10.e.end_closed"),
    (_E_LAY_FIRST, "p10.e.lay_first"),
)


def short(code):
    """The few words of a refusal code, or None."""
    for c, key in SHORT:
        if c == code:
            return t(key)
    from firmware.phase10 import text as p10text

    return p10text.short(code)

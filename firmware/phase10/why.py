"""The whole reason of each refusal a person meets on Phase 10's turn screen, with the rule that
refuses it: shown in a message box when the same refusal comes twice (``text.full_reason``), and
loaded only for that moment (code is RAM). The codes are the rules core's
(``shared_rules/desktop/errors.py``, where the desktop's sentences are)."""

from micropython import const

_E_TOO_FEW = const(30)
_E_ALL_WILDS = const(31)
_E_SKIP_IN_GROUP = const(32)
_E_BEYOND_12 = const(33)
_E_MIXED_NUMBERS = const(34)
_E_MIXED_COLOURS = const(35)
_E_NOT_A_RUN = const(36)
_E_NO_FIT = const(42)
_E_END_CLOSED = const(43)
_E_NO_PHASE_LEFT = const(47)
_E_KEEP_ONE = const(49)
_E_LAY_FIRST = const(50)
_E_SKIP_HIT = const(52)
_E_OTHER_GROUPS_NEXT_TURN = const(54)
_E_NOTHING_TO_DRAW = const(60)
_E_ALREADY_WAITING = const(62)
_E_NO_DISCARD = const(63)
_E_SKIP_ON_TOP = const(64)

WHY = (
    (_E_TOO_FEW, "P10C-7", "The group needs more cards"),
    (_E_ALL_WILDS, "P10C-4", "Every group needs at least one natural card"),
    (_E_SKIP_IN_GROUP, "P10C-5", "A Skip never counts toward a phase"),
    (_E_BEYOND_12, "P10C-4", "A run never reaches below 1 or above 12"),
    (_E_MIXED_NUMBERS, "P10C-3", "A set holds cards of one number"),
    (_E_MIXED_COLOURS, "P10C-3", "A colour group holds cards of one colour"),
    (_E_NOT_A_RUN, "P10C-3", "A run is consecutive numbers in order (wilds fill the gaps)"),
    (_E_NO_FIT, "P10C-9", "That card does not fit this group"),
    (_E_END_CLOSED, "P10C-9", "That end of the run is closed for this card"),
    (_E_NO_PHASE_LEFT, "P10C-7", "You have no phase left to lay down"),
    (_E_KEEP_ONE, "P10C-14", "Keep a card to discard: in the classic rules you go out only by "
     "discarding"),
    (_E_LAY_FIRST, "P10C-7", "Lay down your phase before you hit"),
    (_E_SKIP_HIT, "P10C-5", "A Skip can never be hit"),
    (_E_OTHER_GROUPS_NEXT_TURN, "P10C-13", "In the classic rules you hit other players' groups "
     "from your next turn on"),
    (_E_NOTHING_TO_DRAW, "P10C-10", "The draw pile is empty and there is nothing to reshuffle"),
    (_E_ALREADY_WAITING, "P10C-11", "That player is already waiting out a Skip"),
    (_E_NO_DISCARD, "P10C-7", "The discard pile is empty"),
    (_E_SKIP_ON_TOP, "P10C-8", "A Skip on top of the discard pile can never be drawn"),
)


def text(code):
    """``A Skip can never be hit (P10C-5).``; a code without a sentence: ``Not allowed.``"""
    for c, rule, sentence in WHY:
        if c == code:
            return sentence + " (" + rule + ")."
    return "Not allowed."

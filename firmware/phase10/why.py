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

WHY = (  # code, rule, the language files' key of the sentence
    (_E_TOO_FEW, "P10C-7", "p10.w.too_few"),
    (_E_ALL_WILDS, "P10C-4", "p10.w.all_wilds"),
    (_E_SKIP_IN_GROUP, "P10C-5", "p10.w.skip_in_group"),
    (_E_BEYOND_12, "P10C-4", "p10.w.beyond_12"),
    (_E_MIXED_NUMBERS, "P10C-3", "p10.w.mixed_numbers"),
    (_E_MIXED_COLOURS, "P10C-3", "p10.w.mixed_colours"),
    (_E_NOT_A_RUN, "P10C-3", "p10.w.not_a_run"),
    (_E_NO_FIT, "P10C-9", "p10.w.no_fit"),
    (_E_END_CLOSED, "P10C-9", "p10.w.end_closed"),
    (_E_NO_PHASE_LEFT, "P10C-7", "p10.w.no_phase"),
    (_E_KEEP_ONE, "P10C-14", "p10.w.keep_one"),
    (_E_LAY_FIRST, "P10C-7", "p10.w.lay_first"),
    (_E_SKIP_HIT, "P10C-5", "p10.w.skip_hit"),
    (_E_OTHER_GROUPS_NEXT_TURN, "P10C-13", "p10.w.next_turn"),
    (_E_NOTHING_TO_DRAW, "P10C-10", "p10.w.nothing_to_draw"),
    (_E_ALREADY_WAITING, "P10C-11", "p10.w.waiting"),
    (_E_NO_DISCARD, "P10C-7", "p10.w.no_discard"),
    (_E_SKIP_ON_TOP, "P10C-8", "p10.w.skip_on_top"),
)


def text(code):
    """``A Skip can never be hit (P10C-5).`` in the app's language; a code without a sentence:
    ``Not allowed.``"""
    from firmware.lang import t

    for c, rule, key in WHY:
        if c == code:
            return t("p10.w.sentence").format(t(key), rule)
    return t("p10.w.none")

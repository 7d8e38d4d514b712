"""The refusals a person meets on Phase 10's turn screen: a few words for the information line
(``text.short``), and the whole reason with the rule that refuses it, shown in a message box
when the same refusal comes twice (``text.full_reason``). Loaded only for that moment (code is
RAM). The codes are the rules core's (``shared_rules/desktop/errors.py``, where the desktop's
sentences are)."""

from micropython import const

from firmware.lang import t

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

# RuleError.code -> a few words for the information line (19 characters: the large text of a
# 240x240 screen; 25 on a 160x128 line with a group's name in front); the whole reason with its
# rule: WHY
SHORT = (  # the language files' keys (firmware/lang.py)
    (_E_NOTHING_TO_DRAW, "p10.e.nothing_to_draw"),
    (_E_NO_DISCARD, "p10.e.no_discard"),
    (_E_SKIP_ON_TOP, "p10.e.skip_on_top"),
    (_E_NO_FIT, "p10.e.no_fit"),
    (_E_OTHER_GROUPS_NEXT_TURN, "p10.e.next_turn"),
    (_E_END_CLOSED, "p10.e.end_closed"),
    (_E_KEEP_ONE, "p10.e.keep_one"),
    (_E_SKIP_HIT, "p10.e.skip_hit"),
    (_E_ALREADY_WAITING, "p10.e.waiting"),
    (_E_LAY_FIRST, "p10.e.lay_first"),
    (_E_NO_PHASE_LEFT, "p10.e.no_phase"),
    (_E_MIXED_NUMBERS, "p10.e.mixed_numbers"),
    (_E_MIXED_COLOURS, "p10.e.mixed_colours"),
    (_E_NOT_A_RUN, "p10.e.not_a_run"),
    (_E_ALL_WILDS, "p10.e.all_wilds"),
    (_E_BEYOND_12, "p10.e.beyond_12"),
    (_E_TOO_FEW, "p10.e.too_few"),
    (_E_SKIP_IN_GROUP, "p10.e.skip_in_group"),
)


def short(code):
    """The few words of a refusal code, or None."""
    for c, key in SHORT:
        if c == code:
            return t(key)
    return None


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
    for c, rule, key in WHY:
        if c == code:
            return t("p10.w.sentence").format(t(key), rule)
    return t("p10.w.none")

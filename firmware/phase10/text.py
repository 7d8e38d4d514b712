"""Phase 10's texts on the device: phases, progress, laid groups, the table, and the short
text of each refusal of the rules core, chosen by its ``RuleError.code`` (an int: the rules core
holds no words; ``shared_rules/desktop/errors.py`` lists the codes). Shared by
``firmware.phase10.screens`` and the turn screen ``firmware.phase10.turn``."""

from micropython import const

from shared_rules.phases import CARD_PHASES

from firmware.lang import t, phase_text

# constants of other modules, copied so that they compile away (tests/test_subset.py
# holds each to its source); the card game's rules core is not imported: the board game's
# turn screen uses this module without it
_SET = const(0)  # shared_rules.phases.SET
_RUN = const(1)  # shared_rules.phases.RUN
_CLASSIC = const(0)  # shared_rules.phase10.game.CLASSIC
_FREE = const(2)  # shared_rules.phase10.game.FREE

_E_TOO_FEW = const(30)  # the rules core's RuleError codes (shared_rules/desktop/errors.py)
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
# rule: firmware.phase10.why
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
    """The short text of a refusal code, or None."""
    for c, key in SHORT:
        if c == code:
            return t(key)
    return None


def card_text(c):
    """A card as a player reads it, in the app's language: ``R7``, ``W``, ``S`` in English
    (the record's notation, P10C-2), ``К7``, ``W``, ``П`` in Russian (``card.letters``)."""
    letters = t("card.letters")
    if c & 0x80:  # the board game's joker
        return "J" + card_text(c & 0x7F)
    k = c >> 4
    return letters[k] if k >= 4 else letters[k] + str(c & 15)


def full_reason(err):
    """The whole reason of a refusal, with the rule that refuses it: ``In the classic rules
    ... (P10C-13).`` (``firmware.phase10.why``, loaded for the moment: code is RAM)."""
    from firmware.app import forget
    from firmware.phase10 import why

    text = why.text(err.code)
    forget("firmware.phase10.why")
    return text


def phase_short(number):
    """``set3 + run4``, ``colour7``."""
    return phase_text(CARD_PHASES[number - 1], " + ")


def progress_text(state, seat):
    """``phase 3``, ``2/5 done`` (free choice) or ``done``."""
    if state.progression == _FREE and not state.tiebreak:
        return t("p10.done_of").format(state.completed(seat), len(state.phase_numbers))
    p = state.phase_of(seat)
    return t("p10.phase_n").format(p) if p else t("p10.done")


COLOURS = "p10.colours"  # the key of the colours' names (the board game's: its own key)


def group_text(g, names=None, colours=COLOURS):
    """A laid group in a few characters: ``set of 7s``, ``run 3-9``, ``red x7``; with the
    owner's name first when ``names`` is given; ``colours``: the names of the game's colours
    (the board game's colour 1 is purple)."""
    owner, kind, a, b, cards = g
    if kind == _SET:
        out = t("p10.g.set").format(a)
    elif kind == _RUN:
        out = t("p10.g.run").format(a, b)
    else:
        out = t("p10.g.colour").format(t(colours).split(" ")[a], len(cards))  # a key: its words
    if names is not None:
        out = names[owner] + " " + out
    return out


def turn_title(view, seat, name):
    """The turn screen's title: whose turn, which phase and what it needs (``ANN ph3
    set4+run4``, 19 characters at most: the large text of a 240x240 screen), or ``laid`` once
    it is down; ``2/5 done`` in free choice."""
    if view.laid[seat]:
        return t("p10.t.laid").format(name, view.laid[seat])
    if view.progression == _FREE and not view.tiebreak:
        return name + " " + t("p10.done_of").format(view.completed(seat), len(view.phase_numbers))
    p = view.phase_of(seat)
    if not p:
        return t("p10.t.done").format(name)
    return t("p10.t.phase").format(name, p, phase_text(CARD_PHASES[p - 1]))


def target_text(view, seat, name):
    """A row of the Skip target choice: ``BOB ph2 7c laid`` (phase, cards in hand, laid down),
    ``waits`` when already skipped."""
    out = name + " " + phase_tag(view, seat) + " " + t("p10.cards_c").format(view.hand_size(seat))
    if view.laid[seat]:
        out += " " + t("p10.laid")
    if view.waiting[seat]:
        out += " " + t("p10.waits")
    return out


def later_targets(view, card):
    """The other players' groups ``card`` fits but may not be hit on yet: the turn its owner
    laid down in the classic rules (P10C-13). [] otherwise."""
    from shared_rules.groups import hit_ends

    if not (view.laid[view.seat] and view.laid_this_turn and view.edition == _CLASSIC):
        return []
    out = []
    for gi in range(len(view.table)):
        g = view.table[gi]
        if g[0] != view.seat and hit_ends(g[1], g[2], g[3], card):
            out.append(gi)
    return out


def phase_tag(view, seat):
    """``ph3``, or ``2/5`` phases done in free choice."""
    if view.progression == _FREE and not view.tiebreak:
        return str(view.completed(seat)) + "/" + str(len(view.phase_numbers))
    return t("p10.ph").format(view.phase_of(seat) or "-")


def table_entries(view, names):
    """The table as tiles (firmware.tableview): the pile, then per player a line (phase, cards
    in hand, penalty points, laid / waits) and their laid groups' cards as tiles."""
    from firmware.cards import look

    top = view.discard_top
    out = [(t("p10.deck_top").format(view.draw_size, card_text(top) if top >= 0 else "-"), None)]
    for s in range(view.n):
        if not view.active[s]:
            continue
        line = names[s] + " " + phase_tag(view, s) + " " + t("p10.cards_c").format(view.hand_size(s)) \
            + " " + t("p10.pt").format(view.scores[s])
        if view.laid[s]:
            line += " " + t("p10.laid")
        if view.waiting[s]:
            line += " " + t("p10.waits")
        tiles = []
        for grp in view.table:
            if grp[0] == s:
                if tiles:
                    tiles.append(None)
                for c in grp[4]:
                    tiles.append(look(c))
        out.append((line, tiles or None))
    if len(out) <= 3:  # room for the legend on the same page
        out.append((t("p10.legend"), None))
    return out

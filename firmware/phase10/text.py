"""Phase 10's texts on the device: phases, progress, laid groups, the table, and the short
text of each refusal of the rules core, chosen by its ``RuleError.code`` (an int: the rules core
holds no words; ``shared_rules/desktop/errors.py`` lists the codes). Shared by
``firmware.phase10.screens`` and the turn screen ``firmware.phase10.turn``."""

from micropython import const

from shared_rules.phase10 import game as P
from shared_rules.phases import CARD_PHASES, SET, RUN, compact

from shared_rules.cards import text as card_text

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
SHORT = (
    (_E_NOTHING_TO_DRAW, "No cards to draw"),
    (_E_NO_DISCARD, "No discard to take"),
    (_E_SKIP_ON_TOP, "Can't take a Skip"),
    (_E_NO_FIT, "Does not fit there"),
    (_E_OTHER_GROUPS_NEXT_TURN, "Not until next turn"),
    (_E_END_CLOSED, "That end is closed"),
    (_E_KEEP_ONE, "Keep one to discard"),
    (_E_SKIP_HIT, "Skips can't be hit"),
    (_E_ALREADY_WAITING, "Already skipped"),
    (_E_LAY_FIRST, "Lay down first"),
    (_E_NO_PHASE_LEFT, "No phase left"),
    (_E_MIXED_NUMBERS, "mixed numbers"),
    (_E_MIXED_COLOURS, "mixed colours"),
    (_E_NOT_A_RUN, "not a run"),
    (_E_ALL_WILDS, "all Wilds"),
    (_E_BEYOND_12, "beyond 1-12"),
    (_E_TOO_FEW, "too few cards"),
    (_E_SKIP_IN_GROUP, "no Skips allowed"),
)


def short(code):
    """The short text of a refusal code, or None."""
    for c, text in SHORT:
        if c == code:
            return text
    return None


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
    return compact(CARD_PHASES[number - 1], " + ")


def progress_text(state, seat):
    """``phase 3``, ``2/5 done`` (free choice) or ``done``."""
    if state.progression == P.FREE and not state.tiebreak:
        return str(state.completed(seat)) + "/" + str(len(state.phase_numbers)) + " done"
    p = state.phase_of(seat)
    return "phase " + str(p) if p else "done"


COLOURS = ("red", "blue", "green", "yellow")


def group_text(g, names=None, colours=COLOURS):
    """A laid group in a few characters: ``set of 7s``, ``run 3-9``, ``red x7``; with the
    owner's name first when ``names`` is given; ``colours``: the names of the game's colours
    (the board game's colour 1 is purple)."""
    owner, kind, a, b, cards = g
    if kind == SET:
        t = "set of " + str(a) + "s"
    elif kind == RUN:
        t = "run " + str(a) + "-" + str(b)
    else:
        t = colours[a] + " x" + str(len(cards))
    if names is not None:
        t = names[owner] + " " + t
    return t


def turn_title(view, seat, name):
    """The turn screen's title: whose turn, which phase and what it needs (``ANN ph3
    set4+run4``, 19 characters at most: the large text of a 240x240 screen), or ``laid`` once
    it is down; ``2/5 done`` in free choice."""
    if view.laid[seat]:
        return name + " ph" + str(view.laid[seat]) + " laid"
    if view.progression == P.FREE and not view.tiebreak:
        return name + " " + str(view.completed(seat)) + "/" + str(len(view.phase_numbers)) + " done"
    p = view.phase_of(seat)
    if not p:
        return name + " done"
    return name + " ph" + str(p) + " " + compact(CARD_PHASES[p - 1])


def target_text(view, seat, name):
    """A row of the Skip target choice: ``BOB ph2 7c laid`` (phase, cards in hand, laid down),
    ``waits`` when already skipped."""
    t = name + " " + phase_tag(view, seat) + " " + str(view.hand_size(seat)) + "c"
    if view.laid[seat]:
        t += " laid"
    if view.waiting[seat]:
        t += " waits"
    return t


def later_targets(view, card):
    """The other players' groups ``card`` fits but may not be hit on yet: the turn its owner
    laid down in the classic rules (P10C-13). [] otherwise."""
    from shared_rules.groups import hit_ends

    if not (view.laid[view.seat] and view.laid_this_turn and view.edition == P.CLASSIC):
        return []
    out = []
    for gi in range(len(view.table)):
        g = view.table[gi]
        if g[0] != view.seat and hit_ends(g[1], g[2], g[3], card):
            out.append(gi)
    return out


def phase_tag(view, seat):
    """``ph3``, or ``2/5`` phases done in free choice."""
    if view.progression == P.FREE and not view.tiebreak:
        return str(view.completed(seat)) + "/" + str(len(view.phase_numbers))
    return "ph" + str(view.phase_of(seat) or "-")


def table_entries(view, names):
    """The table as tiles (firmware.tableview): the pile, then per player a line (phase, cards
    in hand, penalty points, laid / waits) and their laid groups' cards as tiles."""
    from firmware.cards import look

    top = view.discard_top
    out = [("Deck " + str(view.draw_size) + ", top " + (card_text(top) if top >= 0 else "-"), None)]
    for s in range(view.n):
        if not view.active[s]:
            continue
        line = names[s] + " " + phase_tag(view, s) + " " + str(view.hand_size(s)) + "c " \
            + str(view.scores[s]) + "pt"
        if view.laid[s]:
            line += " laid"
        if view.waiting[s]:
            line += " waits"
        tiles = []
        for grp in view.table:
            if grp[0] == s:
                if tiles:
                    tiles.append(None)
                for c in grp[4]:
                    tiles.append(look(c))
        out.append((line, tiles or None))
    if len(out) <= 3:  # room for the legend on the same page
        out.append(("c: cards in hand, pt: penalty points", None))
    return out

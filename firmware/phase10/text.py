"""Phase 10's texts on the device: phases, progress, laid groups, Skip targets, cards, and the
refusals of the rules core by their ``RuleError.code`` (an int: the rules core holds no words;
``shared_rules/desktop/errors.py`` lists the codes), whose words ``firmware.phase10.why`` holds
and is loaded for. Shared by ``firmware.phase10.screens`` and the turn screen
``firmware.phase10.turn``; the table's are ``firmware.phase10.table``'s."""

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


def short(code):
    """The short text of a refusal code, or None (``firmware.phase10.why``, loaded for the
    moment: code is RAM)."""
    return _why(code, False)


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
    ... (P10C-13).`` (``firmware.phase10.why``, loaded for the moment)."""
    return _why(err.code, True)


def _why(code, whole):
    from firmware.app import forget
    from firmware.phase10 import why

    text = why.text(code) if whole else why.short(code)
    forget("firmware.phase10.why")
    return text


def phase_short(number):
    """``set3 + run4``, ``colour7``."""
    return phase_text(CARD_PHASES[number - 1], " + ")


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

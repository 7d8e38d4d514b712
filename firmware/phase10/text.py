"""The card game's texts on the device: the turn's title, phases, progress, Skip targets, and
the refusals of the rules core by their ``RuleError.code`` (an int: the rules core holds no
words; ``shared_rules/desktop/errors.py`` lists the codes), whose words ``firmware.phase10.why``
holds and is loaded for. Loaded where the card game shows them (``firmware.phase10.turn``,
``rows``, ``laydown``, ``table``); the board game's turn, which shares the turn screen, loads it
only for a refusal's words. A card's and a laid group's texts are the game's ``Screens``' and
``firmware.phase10.rows``'."""

from micropython import const

from shared_rules.phase10.phases import CARD_PHASES

from firmware.lang import t, phase_text

# constants of other modules, copied so that they compile away (tests/test_subset.py
# holds each to its source); the card game's rules core is not imported: the board game's
# refusals use this module without it
_FREE = const(2)  # shared_rules.phase10.game.FREE


def short(code):
    """The short text of a refusal code, or None (``firmware.phase10.why``, loaded for the
    moment: code is RAM)."""
    return _why(code, False)


def full_reason(err):
    """The whole reason of a refusal, with the rule that refuses it: ``In the classic rules
    ... (P10C-13).`` (``firmware.phase10.why``, loaded for the moment)."""
    return _why(err.code, True)


def _why(code, whole):
    from firmware import forget
    from firmware.phase10 import why

    text = why.text(code) if whole else why.short(code)
    forget("firmware.phase10.why")
    return text


def phase_short(number):
    """``set3 + run4``, ``colour7``."""
    return phase_text(CARD_PHASES[number - 1], " + ")


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


def phase_tag(view, seat):
    """``ph3``, or ``2/5`` phases done in free choice."""
    if view.progression == _FREE and not view.tiebreak:
        return str(view.completed(seat)) + "/" + str(len(view.phase_numbers))
    return t("p10.ph").format(view.phase_of(seat) or "-")

"""Helpers for Phase 10 scenario tests: stacked decks so every situation is exact."""

from shared_rules import cards as C
from shared_rules.phase10.game import Phase10
from shared_rules.phase10.desktop import parse_card, parse_cards


def stack(players, hands, discard, draw="", dealer=0, active=None):
    """A 108-card deck (top first) that deals ``hands`` (text, one per seat, 10 cards each, for
    every dealt seat), turns up ``discard`` and then offers ``draw`` (text, top first) from
    the draw pile; the remaining cards follow in a fixed order."""
    active = active or list(range(players))
    parsed = [parse_cards(h) if h is not None else None for h in hands]
    deck = []
    first = (dealer + 1) % players
    while first not in active:
        first = (first + 1) % players
    for r in range(10):
        s = first
        for _ in range(players):
            if s in active:
                deck.append(parsed[s][r])
            s = (s + 1) % players
    deck.append(parse_card(discard))
    deck.extend(parse_cards(draw))
    rest = C.new_deck()
    for c in deck:
        rest.remove(c)  # ValueError if the scenario uses a card more often than the deck has it
    return deck + rest


def game(players, hands, discard, draw="", dealer=0, more_decks=(), **options):
    """A game whose first hand is stacked as in :func:`stack`."""
    decks = [stack(players, hands, discard, draw, dealer)] + list(more_decks)
    return Phase10(players, decks=decks, dealer=dealer, **options)


def cards(text):
    return parse_cards(text)


def hand_text(g, seat):
    return C.texts(sorted(g.hands[seat]))


def snapshot(g, chance=True):
    """Everything in the state, to check a rejected move changed nothing (``chance=False``:
    without the generator's state, for a game replayed from recorded outcomes)."""
    return (repr(g.hands), repr(g.draw_pile), repr(g.discard), repr(g.table), repr(g.progress),
            repr(g.laid), repr(g.scores), repr(g.waiting), repr(g.active), g.tiebreak, g.hand_no,
            g.turn, g.stage, g.laid_this_turn, g.went_out, repr(g.winners), g.source.state if chance else 0,
            g.dealer, repr(g.last_hand), len(g.decks), repr(g.history))


def count_cards(g):
    every = list(g.draw_pile) + list(g.discard)
    for h in g.hands:
        every.extend(h)
    for grp in g.table:
        every.extend(grp[4])
    return sorted(every)

"""The save payload of Phase 10, the card game (the envelope is ``shared_rules.save``).

Options, stage, turn, dealer, hand number, flags, the chance source's state, per seat progress /
laid phase / score / hand, the draw and discard piles, the laid groups, winners, the last hand's
summary, this hand's public history and any stacked decks still to come. A 6-player game
mid-hand is about 250 bytes plus two bytes per public event of the hand. Read back by
``shared_rules.phase10.load`` (for Continue only: code is RAM, and every hand's save loads this).
"""

from shared_rules.payload import Writer, bits


def encode(game):
    from shared_rules.phases import PHASE_LISTS
    w = Writer()
    n = game.n
    lists = [k for k, _ in PHASE_LISTS]
    w.u8(n)
    w.u8(game.edition)
    w.u8(game.progression)
    w.u8(lists.index(game.phase_list_name))
    w.u8(game.stage)
    w.u8(game.turn)
    w.u8(game.dealer)
    w.u16(game.hand_no)
    w.u8((1 if game.tiebreak else 0) | (2 if game.laid_this_turn else 0))
    w.u8(game.went_out + 1)
    w.u32(game.source.state)
    w.u8(bits(game.waiting))
    w.u8(bits(game.active))
    for s in range(n):
        w.u16(game.progress[s])
        w.u8(game.laid[s])
        w.u16(game.scores[s])
        w.cards(game.hands[s])
    w.cards(game.draw_pile)
    w.cards(game.discard)
    w.u8(len(game.table))
    for g in game.table:
        w.u8(g[0])
        w.u8(g[1])
        w.u8(g[2])
        w.u8(g[3])
        w.cards(g[4])
    w.cards(game.winners)
    if game.last_hand is None:
        w.u8(0)
    else:
        out, points, advanced = game.last_hand
        w.u8(out + 1)
        for s in range(n):
            w.u16(points[s])
        w.u8(bits(advanced))
    w.u8(len(game.decks))
    for d in game.decks:
        w.buf.extend(bytes(d))
    w.u16(len(game.history))
    for seat, kind, card in game.history:
        w.u8(seat << 4 | kind)
        w.u8(card & 0xFF)
    return bytes(w.buf)


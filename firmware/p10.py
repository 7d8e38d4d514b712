"""Phase 10, the card game, on the device: the rules module that ``firmware.play`` asks for what
is particular to this game (new game, save blob, computer players, texts between hands, the
ranking, sounds). The person's turn screen is ``firmware.p10turn``.

Computer players come from the rules core: *easy* ``EasyBot``, *normal* ``GreedyBot``, *hard*
``HardBot`` (how they play and how strong they are: docs/rules-decisions.md).
"""

from shared_rules import codec
from shared_rules import phase10 as P
from shared_rules.bots import EasyBot, GreedyBot, HardBot
from shared_rules.phases import CARD_PHASES, SET, RUN

from firmware.play import CARD, PHASE
from firmware.cards import text as card_text

GAME_ID = 0
EDITIONS = ("classic", "2020")
PHASE_LISTS = ("all", "5", "8", "odd", "even")
PROGRESSIONS = ("standard", "everyone", "free")


def new(settings, seed):
    s = settings
    return P.Phase10(s.players, edition=EDITIONS[s.edition], phases=PHASE_LISTS[s.phases],
                     progression=PROGRESSIONS[s.progression], seed=seed)


def encode(state):
    return codec.encode(state, 1)


def decode(blob):
    return codec.decode(blob)[1]


def bot(level, rng):
    """The computer player of a level: 1 easy, 2 normal, 3 hard (docs/rules-decisions.md)."""
    if level == 1:
        return EasyBot(rng)
    if level == 3:
        return HardBot(rng)
    return GreedyBot(rng)


def round_no(state):
    return state.hand_no


def decision(session, seat):
    from firmware.p10turn import Turn

    return Turn(session, seat)


def tone(move):
    k = move[0]
    if k == P.LAY:
        return PHASE
    if k == P.DISCARD or k == P.HIT:
        return CARD
    return None


# ---------------------------------------------------------------------- texts


def phase_short(number):
    """``set 3 + run 4``, ``colour 7``."""
    parts = []
    for kind, size in CARD_PHASES[number - 1]:
        parts.append(("set ", "run ", "colour ")[kind] + str(size))
    return " + ".join(parts)


def progress_text(state, seat):
    """``phase 3``, ``2/5 done`` (free choice) or ``done``."""
    if state.progression == P.FREE and not state.tiebreak:
        return str(state.completed(seat)) + "/" + str(len(state.phase_numbers)) + " done"
    p = state.phase_of(seat)
    return "phase " + str(p) if p else "done"


def group_text(g, names=None):
    """A laid group in a few characters: ``set of 7s``, ``run 3-9``, ``red x7``; with the
    owner's name first when ``names`` is given."""
    owner, kind, a, b, cards = g
    if kind == SET:
        t = "set of " + str(a) + "s"
    elif kind == RUN:
        t = "run " + str(a) + "-" + str(b)
    else:
        t = ("red", "blue", "green", "yellow")[a] + " x" + str(len(cards))
    if names is not None:
        t = names[owner] + " " + t
    return t


def status(session):
    st = session.state
    parts = ["Hand " + str(st.hand_no)]
    for s in range(st.n):
        if st.active[s]:
            parts.append(session.names[s] + ":" + (str(st.completed(s)) if st.progression == P.FREE
                                                   else str(st.phase_of(s) or "-")))
    return " ".join(parts)


def table_text(view, names):
    """Every player's phase, cards in hand, penalty total and laid groups (the Table screen)."""
    lines = ["Deck " + str(view.draw_size) + ", top " + (card_text(view.discard_top)
                                                         if view.discard_top >= 0 else "-")]
    for s in range(view.n):
        if not view.active[s]:
            continue
        p = phase_tag(view, s)
        line = names[s] + " " + p + " " + str(view.hand_size(s)) + "c " + str(view.scores[s]) + "pt"
        if view.laid[s]:
            line += " laid"
        if view.waiting[s]:
            line += " wait"
        lines.append(line)
        for gi in range(len(view.table)):
            grp = view.table[gi]
            if grp[0] == s:
                lines.append(" " + str(gi + 1) + " " + group_text(grp) + " (" + str(len(grp[4])) + ")")
    lines.append("c: cards, pt: penalty")
    return "\n".join(lines)


def phase_tag(view, seat):
    """``ph3``, or ``2/5`` phases done in free choice."""
    if view.progression == P.FREE and not view.tiebreak:
        return str(view.completed(seat)) + "/" + str(len(view.phase_numbers))
    return "ph" + str(view.phase_of(seat) or "-")


def round_text(session):
    """Penalty points of the hand just ended and who advances."""
    st = session.state
    names = session.names
    out, points, advanced = st.last_hand
    lines = [names[out] + " went out. Points (total):"]
    again = st.tiebreak and getattr(session, "p10_tie", False)
    session.p10_tie = st.tiebreak
    if again:
        lines.append("Nobody laid phase " + str(st.phase_numbers[-1]) + ": the tiebreak hand "
                     "is dealt again.")
    for s in range(st.n):
        if not st.active[s] and not points[s]:
            continue
        line = names[s] + " +" + str(points[s]) + " =" + str(st.scores[s])
        line += " up" if advanced[s] else " stays"
        lines.append(line)
    if st.tiebreak and not again:
        tied = [names[s] for s in range(st.n) if st.active[s]]
        lines.append("Tie! " + ", ".join(tied) + " play a tiebreak hand: first to lay phase "
                     + str(st.phase_numbers[-1]) + " wins.")
    return "Hand " + str(st.hand_no - 1) + " over", "\n".join(lines)


def ranking(state):
    """Place of every seat (1 = won): winners first, then most phases, then fewest points."""
    n = state.n
    keys = []
    for s in range(n):
        if s in state.winners:
            keys.append((0, 0, 0))
        else:
            keys.append((1, -state.completed(s), state.scores[s]))
    places = []
    for s in range(n):
        better = 0
        for t in range(n):
            if keys[t] < keys[s]:
                better += 1
        places.append(better + 1)
    return places


def ending_text(session):
    st = session.state
    names = session.names
    won = [names[w] for w in st.winners]
    head = " and ".join(won) + (" win!" if len(won) > 1 else " wins!")
    lines = [head]
    if st.last_hand is not None and not st.tiebreak:
        out = st.last_hand[0]
        lines.append("Last hand: " + names[out] + " went out.")
    if st.tiebreak:
        lines.append("Tiebreak hand: " + won[0] + " laid phase " + str(st.phase_numbers[-1])
                     + " first.")
    # everyone advances: everyone has played every phase, laid or not, and points decide
    everyone = st.progression == P.EVERYONE
    if everyone:
        lines.append("Fewest points win.")
    places = ranking(st)
    order = sorted(range(st.n), key=lambda s: (places[s], s))
    for s in order:
        line = str(places[s]) + ". " + names[s] + " "
        if not everyone:
            line += str(st.completed(s)) + " ph "
        lines.append(line + str(st.scores[s]) + " pt")
    return "Game over", "\n".join(lines)

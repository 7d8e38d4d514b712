"""Phase 10's texts at the end of a hand and of the game, for the summaries
(``Screens.round_text``, ``Screens.ending_text``): loaded when a hand ends (code is RAM on a
board). It imports no rules core: at the game's end (``firmware.summary.finish``) the game's
modules are gone, and this module must not load them again for its text."""

from micropython import const

from firmware.lang import t

# constants of other modules, copied so that they compile away (tests/test_subset.py
# holds each to its source)
_EVERYONE = const(1)  # shared_rules.phase10.game.EVERYONE
_FREE = const(2)  # shared_rules.phase10.game.FREE


def columns(head, rows):
    """``rows`` (lists of texts, a name first) as lines of a table under ``head``, the
    '|'-separated labels of the columns after the first: the names left, the figures right
    under their labels, the last column left (a phase, "5->6")."""
    rows = [[""] + head.split("|")] + rows
    n = len(rows[0])
    w = [max([len(r[i]) for r in rows]) for i in range(n)]
    out = []
    for r in rows:
        line = r[0] + " " * (w[0] - len(r[0]))
        for i in range(1, n - 1):
            line += " " + " " * (w[i] - len(r[i])) + r[i]
        out.append(line + " " + r[n - 1])
    return out


def round_text(screens):
    """Penalty points of the hand just ended and who advances."""
    st = screens.session.state
    names = screens.session.names
    out, points, advanced = st.last_hand
    lines = [t("p10.went_out").format(names[out])]
    again = st.tiebreak and screens.tie
    screens.tie = st.tiebreak
    if again:
        lines.append(t("p10.nobody").format(st.phase_numbers[-1]))
    free = st.progression == _FREE
    rows = []
    for s in range(st.n):
        if not st.active[s] and not points[s]:
            continue
        # the phase (free choice: the phases laid) before the hand, and after it where the
        # seat advanced: "5->6"
        if free:
            k = st.completed(s)
            phase = str(k - 1) + "->" + str(k) if advanced[s] else str(k)
        else:
            nxt = st.phase_of(s)
            phase = str(nxt)
            if advanced[s] and not st.tiebreak:
                phase = str(st.phase_numbers[st.progress[s] - 1]) + "->" + (
                    phase if nxt else t("p10.done"))
        rows.append([names[s], "+" + str(points[s]), str(st.scores[s]), phase])
    lines += columns((t("p10.free_head") if free else t("p10.hand_head")), rows)
    if st.tiebreak and not again:
        tied = [names[s] for s in range(st.n) if st.active[s]]
        lines.append(t("p10.tie").format(", ".join(tied), st.phase_numbers[-1]))
    return t("p10.hand_over").format(st.hand_no - 1), "\n".join(lines)


def ending_text(session):
    """The winner or winners, the places and how the game ended."""
    st = session.state
    names = session.names
    won = [names[w] for w in st.winners]
    winners = (" " + t("p10.and") + " ").join(won)
    head = (t("p10.win") if len(won) > 1 else t("p10.wins")).format(winners)
    # everyone advances: everyone has played every phase, laid or not, and points decide
    everyone = st.progression == _EVERYONE
    places = st.ranking()
    rows = []
    for s in sorted(range(st.n), key=lambda s: (places[s], s)):
        row = [str(places[s]) + ". " + names[s], str(st.scores[s])]
        if not everyone:
            row.insert(1, str(st.completed(s)))
        rows.append(row)
    # the winner and the places first (a page), then how the game ended
    lines = [head] + columns((t("p10.points_head") if everyone else t("p10.places_head")), rows)
    if st.tiebreak:
        lines.append(t("p10.tiebreak").format(won[0], st.phase_numbers[-1]))
    elif st.last_hand is not None:
        lines.append(t("p10.last_hand").format(names[st.last_hand[0]]))
    if everyone:
        lines.append(t("p10.fewest"))
    return t("p10.over"), "\n".join(lines)

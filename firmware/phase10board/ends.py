"""The board game's texts at the end of a round and of the game, for the summaries
(``Screens.round_text``, ``Screens.ending_text``): loaded when a round ends (code is RAM on a
board). They name a phase with ``Screens.ph``: this module imports no screens module (the
game's modules may be gone when the game's end is written: ``firmware.summary.finish``)."""

from firmware.lang import t


def round_text(screens):
    """Who went out, and each player's phase before and after the round."""
    s = screens.session
    ph = screens.ph
    st = s.state
    out, before, after = st.last_round
    lines = [t("p10b.went_out").format(s.names[out])]
    for x in range(st.n):
        step = after[x] - before[x]
        line = s.names[x] + " " + ph(before[x])
        if step:
            line += " -> " + ph(after[x]) + " (+" + str(step) + ")"
        else:
            line += " " + t("p10b.stays")
        lines.append(line)
    return t("p10b.round_over").format(st.round_no - 1), "\n".join(lines)


def ending_text(screens):
    """The winner, who went out last, and the places with each player's phase."""
    s = screens.session
    ph = screens.ph
    st = s.state
    places = st.ranking()
    lines = [t("p10b.wins").format(s.names[st.winners[0]])]
    if st.last_round is not None:
        lines.append(t("p10b.last").format(s.names[st.last_round[0]]))
    for x in sorted(range(st.n), key=lambda v: (places[v], v)):
        lines.append(str(places[x]) + ". " + s.names[x] + " " + ph(st.markers[x]))
    return t("p10.over"), "\n".join(lines)

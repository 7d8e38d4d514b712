"""The board game's PLAY decision (lay down, hit, discard: P10B-6, 7, 17) on the card game's turn
screen (``firmware.phase10.turn.Turn``) with the board game's phase table; the board's ``View`` is
shown to it in the card game's terms (``PlayView``)."""

from micropython import const

from shared_rules.phase10board.phases import BOARD_PHASES
from firmware import ui
from firmware.lang import t, phase_text

from firmware.phase10.turn import Turn

# constants of other modules, copied so that they compile away (tests/test_subset.py
# holds each to its source)
_FINISH = const(10)  # shared_rules.phase10board.game.FINISH


class PlayView:
    """What ``Turn`` reads of a card game's view, from the board game's ``View``."""

    progression = 0
    tiebreak = False
    laid_this_turn = False
    edition = 0

    def __init__(self, v):
        self.v = v
        self.seat = v.seat
        self.n = v.n
        self.pending = (v.seat, 1)  # the card game's PLAY
        self.hand = v.hand
        self.table = v.table
        self.draw_size = v.draw_size
        self.discard_top = v.discard_top
        self.laid = [(v.markers[x] + 1) if v.laid[x] else 0 for x in range(v.n)]

    def open_phases(self):
        v = self.v
        if v.laid[v.seat] or v.markers[v.seat] >= _FINISH:
            return []
        return [v.markers[v.seat] + 1]

    def phase_of(self, seat):
        return self.v.markers[seat] + 1

    def can_draw_deck(self):
        return self.v.can_deck

    def can_take_discard(self):
        return self.v.can_discard

    def hit_targets(self, card):
        return self.v.hit_targets(card)


class BoardTurn(Turn):
    BOARD = True  # colour 1 is purple (P), not the card game's blue
    COLOURS = "p10b.colours"  # the key of its colours' names (firmware.phase10.rows.group_text)

    def view(self):
        return PlayView(self.session.state.view(self.seat, False))

    def title_text(self, v):
        st = self.session.state
        m = st.markers[self.seat]
        need = t("p10.laid") if st.laid[self.seat] else phase_text(BOARD_PHASES[m])  # a player at the finish has won
        return ui.seat_title(self.title_layout.cols, self.session.names[self.seat],
                             t("p10b.ph").format(m + 1), need)

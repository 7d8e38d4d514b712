"""Pig's screens on the device (test-only, docs/firmware-games.md): the proof that a game
reaches the set-up, the decision loop, statistics and Continue through the registry alone.
One decision screen (roll or hold) built on ``firmware.choices.Choices``."""

from firmware.choices import Choices

from tests import pig

ROLL_TONE = (660, 30)


class Screens:
    def __init__(self, session):
        self.session = session

    def _rows(self, seat):
        st = self.session.state
        hold = "Hold " + str(st.turn_total) if st.turn_total else "Hold: roll first"
        return [("Roll", (pig.ROLL,)), (hold, (pig.HOLD,))]

    def _prompt(self, seat):
        st = self.session.state
        text = "Score " + str(st.scores[seat]) + "/" + str(st.target)
        if st.last_roll:
            text += ", rolled " + str(st.last_roll)
        return text

    def decision(self, seat):
        screen = PigTurn(self.session, seat, self.session.names[seat] + " to play",
                         self._rows(seat), self._prompt(seat))
        return screen

    def round_text(self):
        st = self.session.state
        names = self.session.names
        return ("Round " + str(st.round_no - 1) + " over",
                "\n".join([names[s] + " " + str(st.scores[s]) for s in range(st.n)]))

    def ending_text(self):
        st = self.session.state
        names = self.session.names
        lines = [names[st.winners[0]] + " wins!"]
        places = st.ranking()
        for s in sorted(range(st.n), key=lambda s: (places[s], s)):
            lines.append(str(places[s]) + ". " + names[s] + " " + str(st.scores[s]))
        return "Game over", "\n".join(lines)

    def status(self):
        st = self.session.state
        return " ".join([self.session.names[s] + ":" + str(st.scores[s]) for s in range(st.n)])

    def tone(self, move):
        return ROLL_TONE if move == (pig.ROLL,) else None

    def refusal(self, err):
        return "Roll first" if err.code == 301 else None  # tests.pig.ROLL_FIRST

    def table(self, seat):
        return self.status() + "\nThis turn: " + str(self.session.state.turn_total)


class PigTurn(Choices):
    def refresh(self):
        g = self.session.game
        self.set_rows(g._rows(self.seat), g._prompt(self.seat))

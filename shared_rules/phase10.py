"""Phase 10, the card game (RULES.md section 1, P10C-1 ... P10C-22): the state machine.

The state knows whose decision is pending and of what kind (``pending``), applies one move at a
time (``apply``) and raises :class:`RuleError` for an illegal move, leaving the state unchanged.
Chance is explicit: every deal and reshuffle goes through the game's ``Rng``, or a stacked deck
given per hand. ``view(seat)`` is what that seat may see.

Moves are small tuples:

- ``(DRAW_DECK,)`` and ``(TAKE_DISCARD,)`` while the kind is ``DRAW``;
- ``(LAY, phase_number, groups)`` with one ordered card list per group of the phase (phase_number
  0 means "my current phase"; in free-choice games it names the phase chosen);
- ``(HIT, card, group_index, end)`` with ``end`` from ``groups`` (NONE, LOW, HIGH; 0 = automatic);
- ``(DISCARD, card)``;
- ``(TARGET, seat)`` while the kind is ``SKIP_TARGET`` (2020 edition).

Seats are 0-based; play goes clockwise, which is increasing seat number.
"""

try:
    from micropython import const
except ImportError:  # CPython

    def const(x):
        return x


from shared_rules.errors import RuleError
from shared_rules import cards as C
from shared_rules.groups import hit_targets
from shared_rules.phases import phase_list
from shared_rules.rng import Rng
from shared_rules.notation import seat_word

# Pending decision kinds (``stage``), and the stage after the game ended.
DRAW = const(0)
PLAY = const(1)
SKIP_TARGET = const(2)
OVER = const(3)

# Move kinds.
DRAW_DECK = const(0)
TAKE_DISCARD = const(1)
LAY = const(2)
HIT = const(3)
DISCARD = const(4)
TARGET = const(5)

EDITIONS = ("classic", "2020")
CLASSIC = const(0)
E2020 = const(1)
PROGRESSIONS = ("standard", "everyone", "free")
STANDARD = const(0)
EVERYONE = const(1)
FREE = const(2)

HAND_SIZE = const(10)
LEVELS = ("random", "easy", "normal", "hard")
HEADER_KEYS = ("dealer", "deck")


def _index(names, value, rule, what):
    for i in range(len(names)):
        if names[i] == value:
            return i
    raise RuleError(rule, "unknown " + what + " '" + str(value) + "' (" + ", ".join(names) + ")", "unknown_variant")


class Phase10:
    """One game of Phase 10, the card game. See the module docstring for moves."""

    def __init__(self, players, edition="classic", phases="all", progression="standard",
                 seed=0, decks=None, dealer=None, source=None):
        if not isinstance(players, int) or players < 2 or players > 6:
            raise RuleError("SETUP", "Phase 10 is played by 2 to 6 players", "players")
        self.n = players
        self.edition = _index(EDITIONS, edition, "SETUP", "edition")
        self.progression = _index(PROGRESSIONS, progression, "P10C-20", "progression")
        self.phase_list_name = phases
        self.phase_numbers = phase_list(phases)
        self.source = source if source is not None else Rng(seed)
        self.decks = []
        if decks:
            for deck in decks:
                self.decks.append(_checked_deck(deck))
        self.hands = [[] for _ in range(players)]
        self.draw_pile = []  # top card is the last one
        self.discard = []  # top card is the last one
        self.table = []  # laid groups: [owner, kind, a, b, cards]
        # standard / everyone: index into the phase list of the phase each seat works on;
        # free choice: bit i set when phase list entry i is completed.
        self.progress = [0] * players
        self.laid = [0] * players  # phase number laid this hand, 0 if none
        self.scores = [0] * players
        self.waiting = [False] * players  # waiting out a Skip
        self.active = [True] * players  # seats dealt in this hand (all but in a tiebreak)
        self.tiebreak = False
        self.hand_no = 0
        self.turn = 0
        self.stage = DRAW
        self.laid_this_turn = False
        self.went_out = -1
        self.winners = []
        self.last_hand = None  # (went_out, points per seat, advanced per seat) of the last hand
        self.history = []  # this hand's public events: (seat, move kind, card or phase or -1)
        if dealer is None:
            dealer = self.source.below(players)  # P10C-6
        elif not (0 <= dealer < players):
            raise RuleError("SETUP", "the dealer must be a seat 1.." + str(players), "bad_dealer")
        self.dealer = dealer
        self._deal()

    # ----------------------------------------------------------------------------- queries

    @property
    def rng(self):
        return self.source

    @property
    def pending(self):
        """``(seat, kind)`` of the decision awaited, or None when the game is over."""
        if self.stage == OVER:
            return None
        return (self.turn, self.stage)

    @property
    def over(self):
        return self.stage == OVER

    @property
    def round_no(self):
        return self.hand_no

    def phase_of(self, seat):
        """The phase number the seat must lay next (standard, everyone, tiebreak), or 0 in
        free-choice games (see ``open_phases``) and after the last phase."""
        if self.tiebreak:
            return self.phase_numbers[-1]
        if self.progression == FREE:
            return 0
        p = self.progress[seat]
        return self.phase_numbers[p] if p < len(self.phase_numbers) else 0

    def open_phases(self, seat):
        """Phase numbers the seat may still lay this hand (P10C-22 in free choice)."""
        if self.laid[seat] or not self.active[seat]:
            return []
        if self.tiebreak or self.progression != FREE:
            p = self.phase_of(seat)
            return [p] if p else []
        out = []
        for i in range(len(self.phase_numbers)):
            if not self.progress[seat] & (1 << i):
                out.append(self.phase_numbers[i])
        return out

    def completed(self, seat):
        """How many phases of the list the seat has completed."""
        if self.progression == FREE:
            m = self.progress[seat]
            k = 0
            while m:
                k += m & 1
                m >>= 1
            return k
        return self.progress[seat]

    def can_draw_deck(self):
        return len(self.draw_pile) > 0 or len(self.discard) > 1

    def can_take_discard(self):
        return len(self.discard) > 0 and self.discard[-1] != C.SKIP  # P10C-8

    def hit_targets(self, seat, card):
        """``[(group_index, ends), ...]`` where ``seat`` may hit ``card`` now (P10C-9, P10C-13)."""
        if not self.laid[seat] or card == C.SKIP:
            return []
        own_only = self.laid_this_turn and self.edition == CLASSIC  # P10C-13 classic
        return hit_targets(self.table, card, seat if own_only else -1)

    def skip_targets(self, seat):
        """Seats a 2020 Skip discarded by ``seat`` may skip (P10C-11)."""
        out = []
        for s in range(self.n):
            if s != seat and self.active[s] and not self.waiting[s]:
                out.append(s)
        return out

    def view(self, seat):
        """What ``seat`` may see (other hands and the draw pile hidden)."""
        return View(self, seat)

    def legal_moves(self):
        """Every legal move of the pending decision, in a fixed order (``p10moves``)."""
        from shared_rules.p10moves import legal_moves

        return legal_moves(self)

    def describe(self, move, names):
        """One short readable line for a move of the pending seat, before it is applied:
        ``ANA takes R7``, ``BOB lays phase 2``, ``CPU hits W on ANA's run``."""
        who = names[self.turn]
        kind = move[0]
        if kind == DRAW_DECK:
            return who + " draws a card"
        if kind == TAKE_DISCARD:
            return who + " takes " + C.text(self.discard[-1])
        if kind == LAY:
            number = move[1] or self.open_phases(self.turn)[0]
            return who + " lays phase " + str(number)
        if kind == HIT:
            g = self.table[move[2]]
            owner = "own" if g[0] == self.turn else names[g[0]] + "'s"
            return who + ": " + C.text(move[1]) + " on " + owner + " " + ("set", "run", "colour")[g[1]]
        if kind == DISCARD:
            return who + " discards " + C.text(move[1])
        if kind == TARGET:
            return who + " skips " + names[move[1]]
        return who + " moves"

    def move_text(self, move):
        """The record notation of a move by the pending seat (``p10moves``; docs/records.md)."""
        from shared_rules.p10moves import move_text

        return move_text(self, move)

    def ranking(self):
        """Place of every seat (1 = won): winners first, then most phases, then fewest points."""
        n = self.n
        keys = []
        for s in range(n):
            if s in self.winners:
                keys.append((0, 0, 0))
            else:
                keys.append((1, -self.completed(s), self.scores[s]))
        places = []
        for s in range(n):
            better = 0
            for t in range(n):
                if keys[t] < keys[s]:
                    better += 1
            places.append(better + 1)
        return places

    def summary_lines(self):
        """Every seat's points and phases, for tools.replay."""
        lines = ["decided by a tiebreak hand"] if self.tiebreak and self.over else []
        total = len(self.phase_numbers)
        for s in range(self.n):
            lines.append("p" + str(s + 1) + ": " + str(self.scores[s]) + " points, "
                         + str(self.completed(s)) + "/" + str(total) + " phases")
        return lines

def _checked_deck(deck):
    """A stacked deck (108 cards, top first) as a list; RuleError unless it is the deck."""
    if isinstance(deck, str):
        deck = C.parse_list(deck)
    deck = list(deck)
    if sorted(deck) != sorted(C.new_deck()):
        raise RuleError("P10C-1", "a stacked deck must hold exactly the 108 cards", "bad_deck")
    return deck


class View:
    """What one seat may see, copied out of the game when the view is made: its own hand and
    everything face up (laid groups, the top discard, this hand's public history); other hands
    and the draw pile only as counts. It holds no reference into the game, so a computer player
    given a view cannot reach another hand or the draw pile."""

    def __init__(self, game, seat):
        g = game
        n = g.n
        self.seat = seat
        self.n = n
        self.edition = g.edition
        self.progression = g.progression
        self.phase_numbers = g.phase_numbers
        self.pending = g.pending
        self.hand = list(g.hands[seat])
        self.table = [[grp[0], grp[1], grp[2], grp[3], list(grp[4])] for grp in g.table]
        self.laid = list(g.laid)
        self.progress = list(g.progress)
        self.scores = list(g.scores)
        self.waiting = list(g.waiting)
        self.active = list(g.active)
        self.tiebreak = g.tiebreak
        self.hand_no = g.hand_no
        self.draw_size = len(g.draw_pile)
        self.discard_size = len(g.discard)
        self.laid_this_turn = g.laid_this_turn
        self.discard_top = g.discard[-1] if g.discard else -1
        self.history = list(g.history)
        self.hand_sizes = [len(h) for h in g.hands]
        self.phases = [g.phase_of(s) for s in range(n)]
        self.done = [g.completed(s) for s in range(n)]
        self._open = g.open_phases(seat)
        self._deck = g.can_draw_deck()
        self._take = g.can_take_discard()
        self._targets = g.skip_targets(seat)

    def hand_size(self, seat):
        return self.hand_sizes[seat]

    def phase_of(self, seat):
        return self.phases[seat]

    def open_phases(self):
        return list(self._open)

    def completed(self, seat):
        return self.done[seat]

    def can_draw_deck(self):
        return self._deck

    def can_take_discard(self):
        return self._take

    def hit_targets(self, card):
        """``[(group_index, ends), ...]`` where this seat may hit ``card`` now (P10C-9, P10C-13)."""
        if not self.laid[self.seat] or card == C.SKIP:
            return []
        own_only = self.laid_this_turn and self.edition == CLASSIC
        return hit_targets(self.table, card, self.seat if own_only else -1)

    def skip_targets(self):
        return list(self._targets)


# ------------------------------------------------------------------------------- the protocol


def _options(options):
    return (options.get("edition", "classic"), options.get("phases", "all"),
            options.get("progression", "standard"))


def new_game(players, options, source):
    """A new game (docs/protocol.md); ``options`` holds edition, phases and progression."""
    edition, phases, progression = _options(options)
    return Phase10(players, edition=edition, phases=phases, progression=progression,
                   source=source)


def from_header(players, options, source, header):
    """A game from a record header with its optional ``dealer`` and stacked ``deck`` lines."""
    edition, phases, progression = _options(options)
    decks = []
    for d in header.get("deck", ()):
        decks.append(C.parse_list(d))
    dealer = None
    if "dealer" in header:
        d = header["dealer"][0]
        dealer = seat_word(d)
        if dealer < 0:
            raise RuleError("RECORD", "the dealer is a seat such as p1", "bad_record")
    return Phase10(players, edition=edition, phases=phases, progression=progression,
                   source=source, decks=decks or None, dealer=dealer)


def header_lines(game):
    """The header lines a record of this game needs beyond the registry's (none once chance
    outcomes are recorded)."""
    return []


def encode(state):
    from shared_rules.p10codec import encode
    return encode(state)


def decode(data, source=None, legacy=False):
    from shared_rules.p10load import decode
    return decode(data, source, legacy)


def bot(level, rng):
    """The computer player of a level (``greedy`` is the old name of ``normal``)."""
    from shared_rules import bots
    if level == "random":
        return bots.RandomBot(rng)
    if level == "easy":
        return bots.EasyBot(rng)
    if level == "normal" or level == "greedy":
        return bots.GreedyBot(rng)
    if level == "hard":
        return bots.HardBot(rng)
    raise RuleError("SETUP", "unknown computer player '" + str(level) + "' (" + ", ".join(LEVELS) + ")",
                    "unknown_level")


def parse_move(text):
    """A move from its record notation (``p10moves``); RuleError if malformed."""
    from shared_rules.p10moves import parse_move

    return parse_move(text)


# A move applied with the flow it leads to (``p10apply``) is a module of its own, attached here:
# compiling one large .py on a board needs several times the heap its code keeps
# (docs/micropython.md). It imports the names above.
from shared_rules import p10apply  # noqa: E402

for _name in ("apply", "_lay", "_hit", "_discard", "_next_active", "_next_turn", "_start_turn",
              "_reshuffle", "_deal", "_hand_over", "_lowest", "_next_deal", "_finish"):
    setattr(Phase10, _name, getattr(p10apply, _name))
del _name

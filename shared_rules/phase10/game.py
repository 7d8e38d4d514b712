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


from shared_rules import RuleError
from shared_rules import cards as C
from shared_rules.groups import hit_targets, hit_end, add_card, lay_groups
from shared_rules.phase10.phases import phase_list, CARD_PHASES
from shared_rules.rng import Rng

# constants of other modules, copied so that they compile away (tests/test_subset.py
# holds each to its source)
_SKIP = const(0x50)  # shared_rules.cards.SKIP

_E_BAD_MOVE = const(1)  # RuleError codes: words in shared_rules/desktop/errors.py, on screens
_E_PLAYERS = const(3)
_E_UNKNOWN_VARIANT = const(7)
_E_BAD_DEALER = const(10)
_E_UNKNOWN_PROGRESSION = const(23)
_E_BAD_DECK = const(44)
_E_GAME_OVER = const(45)
_E_LAID_ALREADY = const(46)
_E_NO_PHASE_LEFT = const(47)
_E_WRONG_PHASE = const(48)
_E_KEEP_ONE = const(49)
_E_LAY_FIRST = const(50)
_E_NOT_IN_HAND_HIT = const(51)
_E_SKIP_HIT = const(52)
_E_NO_GROUP = const(53)
_E_OTHER_GROUPS_NEXT_TURN = const(54)
_E_NOT_IN_HAND = const(55)
_E_CHOOSE_TARGET = const(56)
_E_BAD_TARGET = const(57)
_E_CHOOSE_PHASE = const(58)
_E_COMPLETED_ALREADY = const(59)
_E_NOTHING_TO_DRAW = const(60)
_E_DRAW_FIRST = const(61)
_E_ALREADY_WAITING = const(62)
_E_NO_DISCARD = const(63)
_E_SKIP_ON_TOP = const(64)
_E_DRAWN_ALREADY = const(65)
_E_WHOLE_PHASE = const(40)  # and 41: lay_groups
_E_NO_FIT = const(42)  # and 43: hit_end

# Pending decision kinds (``stage``), and the stage after the game ended.
_DRAW = const(0)
_PLAY = const(1)
_SKIP_TARGET = const(2)
_OVER = const(3)

# Move kinds.
_DRAW_DECK = const(0)
_TAKE_DISCARD = const(1)
_LAY = const(2)
_HIT = const(3)
_DISCARD = const(4)
_TARGET = const(5)

EDITIONS = ("classic", "2020")
_CLASSIC = const(0)
_E2020 = const(1)
PROGRESSIONS = ("standard", "everyone", "free")
_STANDARD = const(0)
_EVERYONE = const(1)
_FREE = const(2)

_HAND_SIZE = const(10)
# The computer player of each level, easiest first: its module (in this package) and class,
# imported only when one plays (``registry.player``).
PLAYERS = (
    ("random", "bots", "RandomBot"),
    ("easy", "bots", "EasyBot"),
    ("normal", "bots", "GreedyBot"),
    ("hard", "hard", "HardBot"),
)


def _note(history, seat, kind, value):
    history.append(seat << 4 | kind)
    history.append(value & 0xFF)


def events(history):
    """``(seat, move kind, card, phase laid, or -1)`` of every event of a hand's public history.
    A history holds two bytes an event, as a save does (``seat << 4 | kind``, then the card or
    the phase, 0xFF for none): a long hand costs its bytes, not a tuple an event."""
    for i in range(0, len(history), 2):
        v = history[i + 1]
        yield history[i] >> 4, history[i] & 15, -1 if v == 0xFF else v


def _index(names, value, code):
    for i in range(len(names)):
        if names[i] == value:
            return i
    raise RuleError(code, value)


class Phase10:
    """One game of Phase 10, the card game. See the module docstring for moves."""

    def __init__(self, players, edition="classic", phases="all", progression="standard",
                 seed=0, decks=None, dealer=None, source=None):
        if not isinstance(players, int) or players < 2 or players > 6:
            raise RuleError(_E_PLAYERS, players)
        self.n = players
        self.edition = _index(EDITIONS, edition, _E_UNKNOWN_VARIANT)
        self.progression = _index(PROGRESSIONS, progression, _E_UNKNOWN_PROGRESSION)
        self.phase_list_name = phases
        self.phase_numbers = phase_list(phases)
        self.source = source if source is not None else Rng(seed)
        self.decks = []
        if decks:
            for deck in decks:
                self.decks.append(checked_deck(deck))
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
        self.stage = _DRAW
        self.laid_this_turn = False
        self.went_out = -1
        self.winners = []
        self.last_hand = None  # (went_out, points per seat, advanced per seat) of the last hand
        self.history = bytearray()  # this hand's public events, two bytes each (``events``)
        if dealer is None:
            dealer = self.source.below(players)  # P10C-6
        elif not (0 <= dealer < players):
            raise RuleError(_E_BAD_DEALER)
        self.dealer = dealer
        self._deal()

    # ----------------------------------------------------------------------------- queries

    @property
    def rng(self):
        return self.source

    @property
    def pending(self):
        """``(seat, kind)`` of the decision awaited, or None when the game is over."""
        if self.stage == _OVER:
            return None
        return (self.turn, self.stage)

    @property
    def over(self):
        return self.stage == _OVER

    @property
    def round_no(self):
        return self.hand_no

    def phase_of(self, seat):
        """The phase number the seat must lay next (standard, everyone, tiebreak), or 0 in
        free-choice games (see ``open_phases``) and after the last phase."""
        if self.tiebreak:
            return self.phase_numbers[-1]
        if self.progression == _FREE:
            return 0
        p = self.progress[seat]
        return self.phase_numbers[p] if p < len(self.phase_numbers) else 0

    def open_phases(self, seat):
        """Phase numbers the seat may still lay this hand (P10C-22 in free choice)."""
        if self.laid[seat] or not self.active[seat]:
            return []
        if self.tiebreak or self.progression != _FREE:
            p = self.phase_of(seat)
            return [p] if p else []
        out = []
        for i in range(len(self.phase_numbers)):
            if not self.progress[seat] & (1 << i):
                out.append(self.phase_numbers[i])
        return out

    def completed(self, seat):
        """How many phases of the list the seat has completed."""
        if self.progression == _FREE:
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
        return len(self.discard) > 0 and self.discard[-1] != _SKIP  # P10C-8

    def hit_targets(self, seat, card):
        """``[(group_index, ends), ...]`` where ``seat`` may hit ``card`` now (P10C-9, P10C-13)."""
        if not self.laid[seat] or card == _SKIP:
            return []
        own_only = self.laid_this_turn and self.edition == _CLASSIC  # P10C-13 classic
        return hit_targets(self.table, card, seat if own_only else -1)

    def skip_targets(self, seat):
        """Seats a 2020 Skip discarded by ``seat`` may skip (P10C-11)."""
        out = []
        for s in range(self.n):
            if s != seat and self.active[s] and not self.waiting[s]:
                out.append(s)
        return out

    def view(self, seat, history=True):
        """What ``seat`` may see (other hands and the draw pile hidden). ``history`` False: the
        view leaves out this hand's public events, which only the computer players read (the
        screens look often, and the copy grows to about 500 bytes as the hand goes on)."""
        return View(self, seat, history)

    def legal_moves(self):
        """Every legal move of the pending decision, in a fixed order (``p10moves``)."""
        from shared_rules.phase10.moves import legal_moves

        return legal_moves(self)

    def describe(self, move, names):
        """One short readable line for a move of the pending seat, before it is applied
        (``p10moves.describe``)."""
        from shared_rules.phase10.moves import describe

        return describe(self, move, names)

    def move_text(self, move):
        """The record notation of a move by the pending seat (``p10moves``; docs/records.md)."""
        from shared_rules.phase10.moves import move_text

        return move_text(self, move)

    def ranking(self):
        """Place of every seat (1 = won): winners first, then most phases, then fewest points
        (``hands.ranking``)."""
        from shared_rules.phase10.hands import ranking

        return ranking(self)

    def apply(self, move):
        """Apply one move of the pending seat; RuleError (state unchanged) if illegal."""
        if self.stage == _OVER:
            raise RuleError(_E_GAME_OVER)
        if not isinstance(move, tuple) or not move:
            raise RuleError(_E_BAD_MOVE)
        kind = move[0]
        seat = self.turn
        if self.stage == _DRAW:
            if kind == _DRAW_DECK:
                if not self.can_draw_deck():
                    raise RuleError(_E_NOTHING_TO_DRAW)
                if not self.draw_pile:
                    self._reshuffle()
                self.hands[seat].append(self.draw_pile.pop())
                _note(self.history, seat, _DRAW_DECK, -1)
            elif kind == _TAKE_DISCARD:
                if not self.discard:
                    raise RuleError(_E_NO_DISCARD)
                if self.discard[-1] == _SKIP:
                    raise RuleError(_E_SKIP_ON_TOP)
                card = self.discard.pop()
                self.hands[seat].append(card)
                _note(self.history, seat, _TAKE_DISCARD, card)
            else:
                raise RuleError(_E_DRAW_FIRST)
            self.stage = _PLAY
            return
        if self.stage == _SKIP_TARGET:
            if kind != _TARGET or len(move) != 2:
                raise RuleError(_E_CHOOSE_TARGET)
            target = move[1]
            if target not in self.skip_targets(seat):
                if isinstance(target, int) and 0 <= target < self.n and self.waiting[target]:
                    raise RuleError(_E_ALREADY_WAITING)
                raise RuleError(_E_BAD_TARGET)
            self.waiting[target] = True
            self._next_turn()
            return
        # PLAY
        if kind == _LAY:
            self._lay(seat, move)
        elif kind == _HIT:
            self._hit(seat, move)
        elif kind == _DISCARD:
            self._discard(seat, move)
        elif kind == _DRAW_DECK or kind == _TAKE_DISCARD:
            raise RuleError(_E_DRAWN_ALREADY)
        else:
            raise RuleError(_E_BAD_MOVE)

    def _lay(self, seat, move):
        if len(move) != 3:
            raise RuleError(_E_BAD_MOVE)
        if self.laid[seat]:
            raise RuleError(_E_LAID_ALREADY)
        number = move[1]
        allowed = self.open_phases(seat)
        if not allowed:
            raise RuleError(_E_NO_PHASE_LEFT)
        if number == 0:
            if len(allowed) > 1:
                raise RuleError(_E_CHOOSE_PHASE)
            number = allowed[0]
        if number not in allowed:
            if self.progression == _FREE and number in self.phase_numbers:
                raise RuleError(_E_COMPLETED_ALREADY, number)
            raise RuleError(_E_WRONG_PHASE, allowed[0])
        laid, rest = lay_groups(seat, CARD_PHASES[number - 1], move[2], self.hands[seat], _E_WHOLE_PHASE)
        if not rest and self.edition == _CLASSIC:
            raise RuleError(_E_KEEP_ONE)
        self.hands[seat] = rest
        for g in laid:
            self.table.append(g)
        self.laid[seat] = number
        self.laid_this_turn = True
        _note(self.history, seat, _LAY, number)
        if self.tiebreak:  # P10C-18: the first to lay the tiebreak phase wins at once
            self.winners = [seat]
            self.stage = _OVER
            return
        if not rest:  # 2020: laying the last cards goes out (hitting on the lay turn is allowed)
            self._hand_over(seat)

    def _hit(self, seat, move):
        if len(move) != 4:
            raise RuleError(_E_BAD_MOVE)
        card, gi, end = move[1], move[2], move[3]
        if not self.laid[seat]:
            raise RuleError(_E_LAY_FIRST)
        hand = self.hands[seat]
        if card not in hand:
            raise RuleError(_E_NOT_IN_HAND_HIT)
        if card == _SKIP:
            raise RuleError(_E_SKIP_HIT)
        if not isinstance(gi, int) or not (0 <= gi < len(self.table)):
            raise RuleError(_E_NO_GROUP)
        g = self.table[gi]
        if self.laid_this_turn and self.edition == _CLASSIC and g[0] != seat:
            raise RuleError(_E_OTHER_GROUPS_NEXT_TURN)
        end = hit_end(g, card, end, _E_NO_FIT)
        if len(hand) == 1 and self.edition == _CLASSIC:
            raise RuleError(_E_KEEP_ONE)
        hand.remove(card)
        add_card(g, card, end)
        _note(self.history, seat, _HIT, card)
        if not hand:  # P10C-14, 2020: going out by hitting the last card
            self._hand_over(seat)

    def _discard(self, seat, move):
        if len(move) != 2:
            raise RuleError(_E_BAD_MOVE)
        card = move[1]
        hand = self.hands[seat]
        if card not in hand:
            raise RuleError(_E_NOT_IN_HAND)
        hand.remove(card)
        self.discard.append(card)
        _note(self.history, seat, _DISCARD, card)
        if not hand:  # going out; a Skip as the last card skips nobody (P10C-15)
            self._hand_over(seat)
            return
        if card == _SKIP:
            if self.edition == _CLASSIC:  # P10C-11 classic: the next player
                self.waiting[self._next_active(seat)] = True
            elif self.skip_targets(seat):  # 2020: the discarder chooses
                self.stage = _SKIP_TARGET
                return
        self._next_turn()

    def _next_active(self, seat):
        s = seat
        while True:
            s = (s + 1) % self.n
            if self.active[s]:
                return s

    def _next_turn(self):
        self._start_turn(self._next_active(self.turn))

    def _start_turn(self, seat):
        while self.waiting[seat]:  # serve the Skip
            self.waiting[seat] = False
            seat = self._next_active(seat)
        self.turn = seat
        self.laid_this_turn = False
        self.stage = _DRAW if (self.can_draw_deck() or self.can_take_discard()) else _PLAY  # P10C-10

    def _reshuffle(self):
        top = self.discard.pop()
        self.draw_pile = self.discard
        self.source.shuffle(self.draw_pile)
        self.discard = [top]

    def _deal(self):
        """Deal a hand (P10C-6, P10C-12)."""
        if self.decks:
            deck = self.decks.pop(0)
        else:
            deck = C.new_deck()
            self.source.shuffle(deck)
        # deck[0] is the top card; store the draw pile with its top at the end.
        deck.reverse()
        for s in range(self.n):
            self.hands[s] = []
            self.laid[s] = 0
            self.waiting[s] = False
        self.table = []
        self.history = bytearray()
        first = self._next_active(self.dealer)
        for _ in range(_HAND_SIZE):
            s = first
            for _ in range(self.n):
                if self.active[s]:
                    self.hands[s].append(deck.pop())
                s = (s + 1) % self.n
        self.discard = [deck.pop()]
        self.draw_pile = deck
        self.hand_no += 1
        self.went_out = -1
        if self.discard[-1] == _SKIP:  # P10C-12
            self.waiting[first] = True
        self._start_turn(first)

    def _hand_over(self, seat):
        """``seat`` went out (``hands.hand_over``, loaded for it)."""
        from shared_rules.phase10.hands import hand_over

        hand_over(self, seat)


def checked_deck(deck):
    """A stacked deck (108 cards, top first) as a list; RuleError unless it is the deck."""
    deck = list(deck)
    if sorted(deck) != sorted(C.new_deck()):
        raise RuleError(_E_BAD_DECK)
    return deck


class View:
    """What one seat may see, copied out of the game when the view is made: its own hand and
    everything face up (laid groups, the top discard, this hand's public history); other hands
    and the draw pile only as counts. It holds no reference into the game, so a computer player
    given a view cannot reach another hand or the draw pile."""

    def __init__(self, game, seat, history=True):
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
        self.history = bytes(g.history) if history else b""
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
        if not self.laid[self.seat] or card == _SKIP:
            return []
        own_only = self.laid_this_turn and self.edition == _CLASSIC
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


def encode(state):
    from shared_rules.phase10.save import encode
    return encode(state)


def decode(data, source=None):
    from shared_rules.phase10.save import decode
    return decode(data, source)


# The public names of the constants above, for the desktop's tools and the tests: a board's
# build (mpy-cross -O3, where __debug__ is False) compiles this block away (docs/rules-core.md).
if __debug__:
    DRAW = _DRAW
    PLAY = _PLAY
    SKIP_TARGET = _SKIP_TARGET
    OVER = _OVER
    DRAW_DECK = _DRAW_DECK
    TAKE_DISCARD = _TAKE_DISCARD
    LAY = _LAY
    HIT = _HIT
    DISCARD = _DISCARD
    TARGET = _TARGET
    CLASSIC = _CLASSIC
    E2020 = _E2020
    STANDARD = _STANDARD
    EVERYONE = _EVERYONE
    FREE = _FREE
    HAND_SIZE = _HAND_SIZE

"""Phase 10, the board game (RULES.md section 2, P10B-1 ... P10B-20): the state machine.

A state is plain data plus a pending decision ``(seat, kind)``; ``apply(move)`` applies one move
of the pending seat or raises :class:`RuleError` and changes nothing. Every die and shuffle comes
out of the game's chance ``source`` (``below``/``shuffle``/``die``), so a seed or a list of
recorded outcomes replays a game exactly.

Cards are the card game's ints: ``colour << 4 | number``, colours 0..3 red, purple, green,
yellow (``R P G Y``), numbers 1..12; a *joker* is a number card with bit ``0x80`` set (``JR7``),
which ``groups.is_wild`` treats as a wild. Seats are 0-based; clockwise is increasing seat.

Decisions (``pending[1]``) and their moves (small tuples, the first item the move kind):

- ``ROLL``: ``(ROLL,)`` rolls the two dice (P10B-5);
- ``GO``: ``(GO, space)``, one of the distinct spaces the dice reach (P10B-5);
- ``PILE``: ``(DRAW_DECK,)`` or ``(TAKE_DISCARD,)``, one card of DRAW +N or EXTRA at a time
  (P10B-9, P10B-10);
- ``SEARCH``: ``(PICK, card)``, any card of the discard pile (P10B-11);
- ``SWAP``: ``(SWAP, card)``, one card at a time until N (or the whole hand) is out (P10B-12);
- ``ASK``: ``(ASK, number, direction)``, direction ``CW`` or ``CCW`` (P10B-15);
- ``FREE``: ``(FREE, kind)``, a kind from ``KIND_NAMES`` other than FREE with a free space
  (P10B-16);
- ``PLAY``: ``(LAY, phase, groups)`` (phase 0 or the current one), ``(HIT, card, group, end)``,
  ``(DISCARD, card)`` (P10B-6, P10B-7, P10B-17) — the tuples of the card game;
- ``KEEP``: ``(KEEP, card)`` one card at a time, ``(DONE,)`` to keep no more (P10B-19).

ALL (P10B-13) and JOKER (P10B-14) have nothing to decide and happen as the token lands.
``legal_moves()`` of ``PLAY`` holds one lay-down (the solver's) where the hand can lay its phase,
not every way to arrange it; every other decision lists every distinct move.

Decisions where the rules are silent (``docs/phase10board.md``): a discarded joker is a plain card
again (the discard pile holds only plain cards); the giver of an ASK gives the card of the
colour they hold fewest of (then the lowest colour) for every seat, so a person's hand stays
private and computer players cannot play it differently; an action that needs a card that
cannot be had (draw pile empty and nothing to reshuffle, SEARCH on an empty discard pile) gives
nothing; the cards below the top of the five starting face-up cards, and all but the last card
discarded by SWAP, are hidden from the views until a card above them is taken.
"""

try:
    from micropython import const
except ImportError:  # CPython

    def const(x):
        return x


from shared_rules import RuleError
from shared_rules.groups import hit_targets, hit_end, add_card, lay_groups
from shared_rules.phase10board.phases import BOARD_PHASES

# constants of other modules, copied so that they compile away (tests/test_subset.py
# holds each to its source)

# Pending decision kinds.
_ROLL = const(0)
_GO = const(1)
_PILE = const(2)
_SEARCH = const(3)
_SWAP = const(4)
_ASK = const(5)
_FREE = const(6)
_PLAY = const(7)
_KEEP = const(8)

# Move kinds (DRAW_DECK .. DISCARD as in the card game).
_DRAW_DECK = const(0)
_TAKE_DISCARD = const(1)
_LAY = const(2)
_HIT = const(3)
_DISCARD = const(4)
# ROLL (5)? no: move kinds below are their own numbers
_M_ROLL = const(5)
_M_GO = const(6)
_PICK = const(7)
_M_SWAP = const(8)
_M_ASK = const(9)
_M_FREE = const(10)
_M_KEEP = const(11)
_DONE = const(12)

_CW = const(0)
_CCW = const(1)

# Action kinds of the spaces (P10B-2).
_K_DRAW = const(0)
_K_EXTRA = const(1)
_K_SEARCH = const(2)
_K_SWAP = const(3)
_K_ALL = const(4)
_K_JOKER = const(5)
_K_ASK = const(6)
_K_FREE = const(7)
KIND_NAMES = ("draw", "extra", "search", "swap", "all", "joker", "ask", "free")

# P10B-2: the device's board, one byte per space: kind << 3 | N (N for DRAW +N and SWAP N).
TRACK = bytes((
    _K_JOKER << 3, _K_DRAW << 3 | 1, _K_ASK << 3, _K_SWAP << 3 | 1,
    _K_DRAW << 3 | 2, _K_EXTRA << 3, _K_SEARCH << 3, _K_ALL << 3,
    _K_DRAW << 3 | 1, _K_FREE << 3, _K_ASK << 3, _K_JOKER << 3,
    _K_DRAW << 3 | 3, _K_SWAP << 3 | 2, _K_EXTRA << 3, _K_DRAW << 3 | 1,
    _K_SEARCH << 3, _K_ALL << 3, _K_DRAW << 3 | 2, _K_FREE << 3,
    _K_ASK << 3, _K_SWAP << 3 | 3, _K_JOKER << 3, _K_DRAW << 3 | 1,
    _K_EXTRA << 3, _K_DRAW << 3 | 3, _K_SEARCH << 3, _K_ALL << 3,
    _K_ASK << 3, _K_DRAW << 3 | 2, _K_SWAP << 3 | 4, _K_FREE << 3,
))
_SPACES = const(32)
_FINISH = const(10)  # P10B-3: marker 0..9 is phase 1..10, 10 the finish
_HAND = const(10)
_FACE_UP = const(5)
_KEEP_MAX = const(5)
_JOKER_BIT = const(0x80)

_E_BAD_MOVE = const(1)  # RuleError codes: words in shared_rules/desktop/errors.py, on screens
_E_PLAYERS = const(3)
_E_NO_OPTION = const(8)
_E_WHOLE_PHASE = const(70)  # and 71: lay_groups
_E_NO_FIT = const(72)  # and 73: hit_end
_E_GAME_OVER = const(74)
_E_NOT_REACHABLE = const(75)
_E_LAID_ALREADY = const(76)
_E_WRONG_PHASE = const(77)
_E_LAY_FIRST = const(78)
_E_NOT_IN_HAND_HIT = const(79)
_E_NO_GROUP = const(80)
_E_NOT_IN_HAND = const(81)
_E_ROLL_FIRST = const(82)
_E_CHOOSE_SPACE = const(83)
_E_CHOOSE_CARD = const(84)
_E_NOT_IN_DISCARD = const(85)
_E_CHOOSE_CARD_GIVE = const(86)
_E_NOT_IN_HAND_GIVE = const(87)
_E_CHOOSE_NUMBER = const(88)
_E_BAD_NUMBER = const(89)
_E_BAD_DIRECTION = const(90)
_E_CHOOSE_KIND = const(91)
_E_BAD_KIND = const(92)
_E_KIND_FULL = const(93)
_E_KEEP_OR_DONE = const(94)
_E_NOT_IN_HAND_KEEP = const(95)
_E_KEEP_FIVE = const(96)
_E_DRAW_EMPTY = const(97)
_E_CHOOSE_PILE = const(98)
_E_PLAY = const(99)
_E_DISCARD_EMPTY = const(100)

COLOUR_LETTERS = "RPGY"
# The computer player of each level, easiest first: its module (in this package) and class,
# imported only when one plays (``registry.player``).
PLAYERS = (
    ("random", "bots", "RandomBot"),
    ("easy", "bots", "EasyBot"),
    ("normal", "bots", "NormalBot"),
    ("hard", "hard", "HardBot"),
)
_OVER = const(9)


def space_kind(space):
    """The action kind of a space (``K_DRAW`` ...)."""
    return TRACK[space] >> 3


def space_count(space):
    """N of a DRAW +N or SWAP N space, else 0."""
    return TRACK[space] & 7


def new_deck():
    """The 96 number cards in a fixed order (P10B-1): two of each number in four colours."""
    deck = []
    for col in range(4):
        for n in range(1, 13):
            deck.append((col << 4) | n)
            deck.append((col << 4) | n)
    return deck


def plain(c):
    return c & 0x7F


class Board:
    """One game of Phase 10, the board game. See the module docstring for decisions and moves."""

    def __init__(self, players, source, starter=None):
        if not isinstance(players, int) or players < 2 or players > 6:
            raise RuleError(_E_PLAYERS, players)
        self.n = players
        self.source = source
        self.tokens = [0] * players  # P10B-4: every token on the start space
        self.markers = [0] * players  # 0..9 phase 1..10, 10 the finish
        self.hands = [[] for _ in range(players)]
        self.draw = []  # top is the last card
        self.discard = []  # top is the last card
        self.dopen = []  # 1 where the discard card below is known to everyone
        self.table = []  # laid groups: [owner, kind, a, b, cards]
        self.laid = [False] * players
        self.kept = [[] for _ in range(players)]  # cards kept at the end of a round (P10B-19)
        self.turn = 0
        self.stage = _ROLL
        self.dice = (0, 0)
        self.targets = []  # (space, steps) for GO
        self.left = 0  # cards still to take (PILE) or to give up (SWAP)
        self.swapped = 0  # cards given up by the SWAP under way
        self.extra = False  # an EXTRA turn is owed after this one (P10B-10)
        self.action = -1  # the space whose action is under way
        self.keep_queue = []  # seats still to choose what they keep
        self.round_no = 0
        self.went_out = -1
        self.winners = []
        self.last_round = None  # (went_out, markers before, markers after)
        self.last_ask = None  # (asker, number, direction, giver or -1)
        if starter is None:
            starter = source.below(players)  # P10B-4: a random player starts
        self.start = starter
        self._new_round(new_deck(), starter)

    # ------------------------------------------------------------------------------ queries

    @property
    def pending(self):
        if self.stage == _OVER:
            return None
        return (self.turn, self.stage)

    @property
    def over(self):
        return self.stage == _OVER

    def phase_of(self, seat):
        """The phase number (1..10) the seat must lay, or 11 at the finish."""
        return self.markers[seat] + 1

    def occupied(self, space, seat):
        """True if a token other than ``seat``'s stands on ``space``."""
        for s in range(self.n):
            if s != seat and self.tokens[s] == space:
                return True
        return False

    def reach(self, seat, steps):
        """The space ``steps`` free spaces clockwise of the seat's token (P10B-5)."""
        pos = self.tokens[seat]
        while steps > 0:
            pos = (pos + 1) % _SPACES
            if not self.occupied(pos, seat):
                steps -= 1
        return pos

    def free_space(self, seat, kind):
        """The nearest free space of ``kind`` clockwise of the seat's token, or -1 (P10B-16)."""
        pos = self.tokens[seat]
        for i in range(1, _SPACES):
            sp = (pos + i) % _SPACES
            if TRACK[sp] >> 3 == kind and not self.occupied(sp, seat):
                return sp
        return -1

    def can_draw_deck(self):
        return len(self.draw) > 0 or len(self.discard) > 1

    def can_take_discard(self):
        return len(self.discard) > 0

    def hit_targets(self, seat, card):
        """``[(group_index, ends), ...]`` where the seat may hit ``card`` (P10B-6)."""
        return hit_targets(self.table, card) if self.laid[seat] else []

    def legal_moves(self):
        """Every legal move of the pending decision, in a fixed order."""
        if self.stage == _OVER:
            return []
        seat = self.turn
        free = None
        if self.stage == _FREE:
            free = [self.free_space(seat, k) for k in range(_K_FREE)]
        from shared_rules.phase10board.moves import legal

        return legal(self.stage, self.hands[seat], self.laid[seat], self.markers[seat],
                     self.table, self.targets, self.discard, self.can_draw_deck(),
                     self.can_take_discard(), free, len(self.kept[seat]))

    def view(self, seat, history=True):
        """What ``seat`` may see: copies only (other hands and the draw pile hidden).
        ``history`` False: the view leaves out the discard pile as everyone saw it
        (``discard_known``, empty), which only the computer players read (the screens look
        often, and the pile grows through a round)."""
        return View(self, seat, history)

    def ranking(self):
        """Finishing place of every seat: the winner 1, the others by their markers
        (``rounds.ranking``)."""
        from shared_rules.phase10board.rounds import ranking

        return ranking(self)

    # ------------------------------------------------------------------------------ text

    def move_text(self, move):
        """The record notation of a move of the pending seat (``moves.move_text``)."""
        from shared_rules.phase10board.moves import move_text

        return move_text(move)

    def describe(self, move, names):
        """One short line for people, before the move is applied (``moves.describe``)."""
        from shared_rules.phase10board.moves import describe

        return describe(self, move, names)

    # methods of Board
    def apply(self, move):
        """Apply one move of the pending seat; RuleError (state unchanged) if illegal."""
        if self.stage == _OVER:
            raise RuleError(_E_GAME_OVER)
        if not isinstance(move, tuple) or not move:
            raise RuleError(_E_BAD_MOVE)
        kind = move[0]
        seat = self.turn
        st = self.stage
        if st == _ROLL:
            if kind != _M_ROLL or len(move) != 1:
                raise RuleError(_E_ROLL_FIRST)
            d1 = self.source.die(6)
            d2 = self.source.die(6)
            self.dice = (d1, d2)
            steps = [d1, d2] if d1 != d2 else [d1, d1 + d1]
            if steps[1] < steps[0]:
                steps = [steps[1], steps[0]]
            self.targets = []
            for k in steps:
                sp = self.reach(seat, k)
                if not self.targets or self.targets[0][0] != sp:
                    self.targets.append((sp, k))
            self.stage = _GO
            return
        if st == _GO:
            if kind != _M_GO or len(move) != 2:
                raise RuleError(_E_CHOOSE_SPACE)
            for sp, k in self.targets:
                if sp == move[1]:
                    self.tokens[seat] = sp
                    self._act(seat, sp)
                    return
            raise RuleError(_E_NOT_REACHABLE)
        if st == _PILE:
            if kind == _DRAW_DECK and len(move) == 1:
                if not self.can_draw_deck():
                    raise RuleError(_E_DRAW_EMPTY)
                self.hands[seat].append(self._pop_draw())
            elif kind == _TAKE_DISCARD and len(move) == 1:
                if not self.discard:
                    raise RuleError(_E_DISCARD_EMPTY)
                self.hands[seat].append(self._pop_discard(len(self.discard) - 1))
            else:
                raise RuleError(_E_CHOOSE_PILE)
            self.left -= 1
            self._after_pile()
            return
        if st == _SEARCH:
            if kind != _PICK or len(move) != 2:
                raise RuleError(_E_CHOOSE_CARD)
            c = move[1]
            i = len(self.discard) - 1
            while i >= 0 and self.discard[i] != c:
                i -= 1
            if i < 0:
                raise RuleError(_E_NOT_IN_DISCARD)
            self.hands[seat].append(self._pop_discard(i))
            self._to_play()
            return
        if st == _SWAP:
            if kind != _M_SWAP or len(move) != 2:
                raise RuleError(_E_CHOOSE_CARD_GIVE)
            c = move[1]
            hand = self.hands[seat]
            if c not in hand:
                raise RuleError(_E_NOT_IN_HAND_GIVE)
            hand.remove(c)
            self._put_discard(c, 0)
            self.left -= 1
            self.swapped += 1
            if self.left <= 0 or not hand:
                self.dopen[-1] = 1  # P10B-12: only the last one stays visible
                for _ in range(self.swapped + 1):
                    if not self._give_top(seat):
                        break
                self._to_play()
            return
        if st == _ASK:
            if kind != _M_ASK or len(move) != 3:
                raise RuleError(_E_CHOOSE_NUMBER)
            num, d = move[1], move[2]
            if not isinstance(num, int) or not 1 <= num <= 12:
                raise RuleError(_E_BAD_NUMBER)
            if d != _CW and d != _CCW:
                raise RuleError(_E_BAD_DIRECTION)
            self._ask(seat, num, d)
            self._to_play()
            return
        if st == _FREE:
            if kind != _M_FREE or len(move) != 2:
                raise RuleError(_E_CHOOSE_KIND)
            k = move[1]
            if not isinstance(k, int) or not 0 <= k < _K_FREE:
                raise RuleError(_E_BAD_KIND)
            sp = self.free_space(seat, k)
            if sp < 0:
                raise RuleError(_E_KIND_FULL)
            self.tokens[seat] = sp
            self._act(seat, sp)
            return
        if st == _KEEP:
            hand = self.hands[seat]
            if kind == _DONE and len(move) == 1:
                self._keep_done()
                return
            if kind != _M_KEEP or len(move) != 2:
                raise RuleError(_E_KEEP_OR_DONE)
            c = move[1]
            if c not in hand:
                raise RuleError(_E_NOT_IN_HAND_KEEP)
            if len(self.kept[seat]) >= _KEEP_MAX:
                raise RuleError(_E_KEEP_FIVE)
            hand.remove(c)
            self.kept[seat].append(c)
            if len(self.kept[seat]) >= _KEEP_MAX or not hand:
                self._keep_done()
            return
        # PLAY
        if kind == _LAY:
            self._lay(seat, move)
        elif kind == _HIT:
            self._hit(seat, move)
        elif kind == _DISCARD:
            self._discard(seat, move)
        else:
            raise RuleError(_E_PLAY)

    def _lay(self, seat, move):
        if len(move) != 3:
            raise RuleError(_E_BAD_MOVE)
        if self.laid[seat]:
            raise RuleError(_E_LAID_ALREADY)
        number = self.phase_of(seat)
        if move[1] != 0 and move[1] != number:
            raise RuleError(_E_WRONG_PHASE, number)
        laid, rest = lay_groups(seat, BOARD_PHASES[number - 1], move[2], self.hands[seat], _E_WHOLE_PHASE)
        self.hands[seat] = rest
        for g in laid:
            self.table.append(g)
        self.laid[seat] = True
        if not rest:  # P10B-17
            self._round_over(seat)

    def _hit(self, seat, move):
        if len(move) != 4:
            raise RuleError(_E_BAD_MOVE)
        card, gi, end = move[1], move[2], move[3]
        if not self.laid[seat]:
            raise RuleError(_E_LAY_FIRST)
        hand = self.hands[seat]
        if card not in hand:
            raise RuleError(_E_NOT_IN_HAND_HIT)
        if not isinstance(gi, int) or not 0 <= gi < len(self.table):
            raise RuleError(_E_NO_GROUP)
        g = self.table[gi]
        end = hit_end(g, card, end, _E_NO_FIT)
        hand.remove(card)
        add_card(g, card, end)
        if not hand:  # P10B-17: going out by hitting the last card
            self._round_over(seat)

    def _discard(self, seat, move):
        if len(move) != 2:
            raise RuleError(_E_BAD_MOVE)
        c = move[1]
        hand = self.hands[seat]
        if c not in hand:
            raise RuleError(_E_NOT_IN_HAND)
        hand.remove(c)
        self._put_discard(c, 1)
        if not hand:  # P10B-17
            self._round_over(seat)
            return
        self._end_turn()

    def _end_turn(self):
        if self.extra:  # P10B-10: another whole turn at once
            self.extra = False
            self._begin(self.turn)
        else:
            self._begin((self.turn + 1) % self.n)

    def _begin(self, seat):
        self.turn = seat
        self.stage = _ROLL
        self.action = -1
        self.dice = (0, 0)
        self.targets = []

    def _to_play(self):
        self.stage = _PLAY
        if not self.hands[self.turn]:  # nothing to discard: only when every card is out of reach
            self._end_turn()

    def _act(self, seat, sp):
        """Carry out the action of the space the token stopped on (P10B-9 ... P10B-16)."""
        self.action = sp
        k = TRACK[sp] >> 3
        if k == _K_DRAW or k == _K_EXTRA:
            self.left = TRACK[sp] & 7 if k == _K_DRAW else 1
            if k == _K_EXTRA:
                self.extra = True
            self.stage = _PILE
            self._after_pile()
        elif k == _K_SEARCH:
            if self.discard:
                self.stage = _SEARCH
            else:
                self._to_play()
        elif k == _K_SWAP:
            self.left = TRACK[sp] & 7
            self.swapped = 0
            self.stage = _SWAP
            if not self.hands[seat]:  # P10B-12: nothing to give up (an ASK took the last card)
                self.left = 0
                self._give_top(seat)
                self._to_play()
        elif k == _K_ALL:  # P10B-13
            for i in range(self.n):
                if not self._give_top((seat + i) % self.n):
                    break
            self._to_play()
        elif k == _K_JOKER:  # P10B-14
            if self.draw or len(self.discard) > 1:
                self.hands[seat].append(self._pop_draw() | _JOKER_BIT)
            self._to_play()
        elif k == _K_ASK:
            self.stage = _ASK
        else:
            self.stage = _FREE

    def _after_pile(self):
        if self.left <= 0 or not (self.can_draw_deck() or self.can_take_discard()):
            self.left = 0
            self._to_play()

    def _ask(self, seat, num, d):
        """P10B-15: the first other player in the direction who holds a natural ``num`` gives one
        (the colour they hold fewest of, then the lowest) and takes the top of the draw pile."""
        step = 1 if d == _CW else self.n - 1
        s = seat
        giver = -1
        for _ in range(self.n - 1):
            s = (s + step) % self.n
            hand = self.hands[s]
            best = -1
            best_key = 0
            for c in hand:
                if c < _JOKER_BIT and c & 15 == num:
                    col = c >> 4
                    cnt = 0
                    for x in hand:
                        if x < _JOKER_BIT and x >> 4 == col:
                            cnt += 1
                    key = cnt * 4 + col
                    if best < 0 or key < best_key:
                        best = c
                        best_key = key
            if best >= 0:
                hand.remove(best)
                self.hands[seat].append(best)
                self._give_top(s)
                giver = s
                break
        if giver < 0:
            self._give_top(seat)
        self.last_ask = (seat, num, d, giver)

    def _give_top(self, seat):
        """The seat takes the top card of the draw pile; False if there is none (P10B-8)."""
        if not self.draw and len(self.discard) < 2:
            return False
        self.hands[seat].append(self._pop_draw())
        return True

    def _pop_draw(self):
        if not self.draw:  # P10B-8
            top = self.discard.pop()
            self.dopen.pop()
            self.draw = self.discard
            self.source.shuffle(self.draw)
            self.discard = [top]
            self.dopen = [1]
        return self.draw.pop()

    def _pop_discard(self, i):
        c = self.discard.pop(i)
        self.dopen.pop(i)
        if self.dopen:
            self.dopen[-1] = 1
        return c

    def _put_discard(self, c, visible):
        self.discard.append(c & 0x7F)  # a discarded joker is a plain card again
        self.dopen.append(visible)

    def _round_over(self, seat):
        """``seat`` went out (``rounds.round_over``, loaded for it)."""
        from shared_rules.phase10board.rounds import round_over

        round_over(self, seat)

    def _keep_done(self):
        from shared_rules.phase10board.rounds import next_keeper

        next_keeper(self)

    def _new_round(self, deck, first):
        """P10B-4, P10B-20: shuffle, top every hand up to 10 from ``first`` on, five face up."""
        self.source.shuffle(deck)
        for s in range(self.n):
            self.hands[s] = self.kept[s]
            self.kept[s] = []
            self.laid[s] = False
        self.table = []
        more = True
        while more:
            more = False
            for i in range(self.n):
                s = (first + i) % self.n
                if len(self.hands[s]) < _HAND and deck:
                    self.hands[s].append(deck.pop())
                    more = True
        self.discard = []
        self.dopen = []
        for _ in range(_FACE_UP):
            if deck:
                self.discard.append(deck.pop())
                self.dopen.append(0)
        if self.dopen:
            self.dopen[-1] = 1
        self.draw = deck
        self.round_no += 1
        self.extra = False
        self.left = 0
        self._begin(first)


class View:
    """What one seat may see, copied out of the state: its own hand (jokers with bit 0x80), the
    table, tokens, markers and dice, the other hands as counts, the draw pile as a count, the
    discard pile as far as everyone has seen it (``discard_known``, -1 for a hidden card; the
    whole pile in ``discard_pile`` while the seat is searching it)."""

    def __init__(self, g, seat, history=True):
        self.seat = seat
        self.n = g.n
        self.pending = g.pending
        self.round_no = g.round_no
        self.hand = list(g.hands[seat])
        self.hand_sizes = [len(h) for h in g.hands]
        self.tokens = list(g.tokens)
        self.markers = list(g.markers)
        self.laid = list(g.laid)
        self.table = [[x[0], x[1], x[2], x[3], list(x[4])] for x in g.table]
        self.draw_size = len(g.draw)
        self.discard_size = len(g.discard)
        self.discard_top = g.discard[-1] if g.discard else -1
        known = []
        if history:
            for i in range(len(g.discard)):
                known.append(g.discard[i] if g.dopen[i] else -1)
        self.discard_known = known
        self.discard_pile = list(g.discard) if g.stage == _SEARCH and g.turn == seat else []
        self.dice = g.dice
        self.targets = list(g.targets) if g.turn == seat else []
        self.left = g.left
        self.extra = g.extra
        self.action = g.action
        self.kept = list(g.kept[seat])
        self.went_out = g.went_out
        self.last_round = g.last_round
        self.last_ask = g.last_ask
        self.winners = list(g.winners)
        self.can_deck = g.can_draw_deck()
        self.can_discard = g.can_take_discard()
        self.free = [g.free_space(seat, k) for k in range(_K_FREE)] if g.stage == _FREE else None

    def legal_moves(self):
        """The legal moves of the pending decision when it is this seat's."""
        p = self.pending
        if p is None or p[0] != self.seat:
            return []
        from shared_rules.phase10board.moves import legal

        return legal(p[1], self.hand, self.laid[self.seat], self.markers[self.seat], self.table,
                     self.targets, self.discard_pile, self.can_deck, self.can_discard, self.free,
                     len(self.kept))

    def phase_of(self, seat):
        return self.markers[seat] + 1

    def hit_targets(self, card):
        return hit_targets(self.table, card) if self.laid[self.seat] else []


def encode(g):
    """The save payload (bytes); ``shared_rules.phase10board.save``, loaded at the first save."""
    from shared_rules.phase10board.save import encode
    return encode(g)


def decode(data, source=None):
    """A state from ``encode``'s bytes; a RuleError of rule SAVE for anything inconsistent."""
    from shared_rules.phase10board.save import decode
    return decode(data, source)


def new_game(players, options, source):
    """A new game (docs/protocol.md); the board game has no variants."""
    if options:
        for k in sorted(options):
            raise RuleError(_E_NO_OPTION, k)
    return Board(players, source)


# The public names of the constants above, for the desktop's tools and the tests: a board's
# build (mpy-cross -O3, where __debug__ is False) compiles this block away (docs/rules-core.md).
if __debug__:
    ROLL = _ROLL
    GO = _GO
    PILE = _PILE
    SEARCH = _SEARCH
    SWAP = _SWAP
    ASK = _ASK
    FREE = _FREE
    PLAY = _PLAY
    KEEP = _KEEP
    DRAW_DECK = _DRAW_DECK
    TAKE_DISCARD = _TAKE_DISCARD
    LAY = _LAY
    HIT = _HIT
    DISCARD = _DISCARD
    M_ROLL = _M_ROLL
    M_GO = _M_GO
    PICK = _PICK
    M_SWAP = _M_SWAP
    M_ASK = _M_ASK
    M_FREE = _M_FREE
    M_KEEP = _M_KEEP
    DONE = _DONE
    CW = _CW
    CCW = _CCW
    K_DRAW = _K_DRAW
    K_EXTRA = _K_EXTRA
    K_SEARCH = _K_SEARCH
    K_SWAP = _K_SWAP
    K_ALL = _K_ALL
    K_JOKER = _K_JOKER
    K_ASK = _K_ASK
    K_FREE = _K_FREE
    SPACES = _SPACES
    FINISH = _FINISH
    HAND = _HAND
    FACE_UP = _FACE_UP
    KEEP_MAX = _KEEP_MAX
    JOKER_BIT = _JOKER_BIT
    OVER = _OVER

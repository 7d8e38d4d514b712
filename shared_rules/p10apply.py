"""Phase 10 (``shared_rules.phase10``): a move applied, and the flow it leads to (the next
turn, a reshuffle, the deal, the end of a hand and of the game). Methods of ``Phase10``, attached
there: a module of their own, because compiling one large ``.py`` on a board needs several times
the heap its code keeps (docs/micropython.md)."""

from shared_rules.errors import RuleError
from shared_rules import cards as C
from shared_rules.groups import hit_end, add_card, lay_groups
from shared_rules.phases import CARD_PHASES
from shared_rules.phase10 import (DRAW, PLAY, SKIP_TARGET, OVER, DRAW_DECK, TAKE_DISCARD, LAY, HIT,
                                  DISCARD, TARGET, CLASSIC, EVERYONE, FREE, HAND_SIZE)


def apply(self, move):
    """Apply one move of the pending seat; RuleError (state unchanged) if illegal."""
    if self.stage == OVER:
        raise RuleError("P10C-18", "the game is over", "game_over")
    if not isinstance(move, tuple) or not move:
        raise RuleError("MOVE", "a move is a tuple such as (DISCARD, card)", "bad_move")
    kind = move[0]
    seat = self.turn
    if self.stage == DRAW:
        if kind == DRAW_DECK:
            if not self.can_draw_deck():
                raise RuleError("P10C-10", "the draw pile is empty and there is nothing to reshuffle", "nothing_to_draw")
            if not self.draw_pile:
                self._reshuffle()
            self.hands[seat].append(self.draw_pile.pop())
            self.history.append((seat, DRAW_DECK, -1))
        elif kind == TAKE_DISCARD:
            if not self.discard:
                raise RuleError("P10C-7", "the discard pile is empty", "no_discard")
            if self.discard[-1] == C.SKIP:
                raise RuleError("P10C-8", "a Skip on top of the discard pile can never be drawn", "skip_on_top")
            card = self.discard.pop()
            self.hands[seat].append(card)
            self.history.append((seat, TAKE_DISCARD, card))
        else:
            raise RuleError("P10C-7", "draw a card first: from the draw pile or the discard pile", "draw_first")
        self.stage = PLAY
        return
    if self.stage == SKIP_TARGET:
        if kind != TARGET or len(move) != 2:
            raise RuleError("P10C-11", "choose the player your Skip skips", "choose_target")
        target = move[1]
        if target not in self.skip_targets(seat):
            if isinstance(target, int) and 0 <= target < self.n and self.waiting[target]:
                raise RuleError("P10C-11", "that player is already waiting out a Skip", "already_waiting")
            raise RuleError("P10C-11", "a Skip must skip another player in this hand", "bad_target")
        self.waiting[target] = True
        self._next_turn()
        return
    # PLAY
    if kind == LAY:
        self._lay(seat, move)
    elif kind == HIT:
        self._hit(seat, move)
    elif kind == DISCARD:
        self._discard(seat, move)
    elif kind == DRAW_DECK or kind == TAKE_DISCARD:
        raise RuleError("P10C-7", "you have drawn already this turn", "drawn_already")
    else:
        raise RuleError("MOVE", "unknown move", "unknown_move")


def _lay(self, seat, move):
    if len(move) != 3:
        raise RuleError("MOVE", "a lay-down is (LAY, phase, groups)", "bad_move")
    if self.laid[seat]:
        raise RuleError("P10C-7", "you have laid down your phase this hand already", "laid_already")
    number = move[1]
    allowed = self.open_phases(seat)
    if not allowed:
        raise RuleError("P10C-7", "you have no phase left to lay down", "no_phase_left")
    if number == 0:
        if len(allowed) > 1:
            raise RuleError("P10C-22", "choose which phase you lay down", "choose_phase")
        number = allowed[0]
    if number not in allowed:
        if self.progression == FREE and number in self.phase_numbers:
            raise RuleError("P10C-22", "you have completed phase " + str(number) + " already", "completed_already")
        raise RuleError("P10C-7", "your phase is phase " + str(allowed[0]) + ", not " + str(number), "wrong_phase")
    laid, rest = lay_groups(seat, CARD_PHASES[number - 1], move[2], self.hands[seat], "P10C-7")
    if not rest and self.edition == CLASSIC:
        raise RuleError("P10C-14", "keep a card to discard: in the classic rules you go out only by discarding", "keep_one")
    self.hands[seat] = rest
    for g in laid:
        self.table.append(g)
    self.laid[seat] = number
    self.laid_this_turn = True
    self.history.append((seat, LAY, number))
    if self.tiebreak:  # P10C-18: the first to lay the tiebreak phase wins at once
        self._finish([seat])
        return
    if not rest:  # 2020: laying the last cards goes out (hitting on the lay turn is allowed)
        self._hand_over(seat)


def _hit(self, seat, move):
    if len(move) != 4:
        raise RuleError("MOVE", "a hit is (HIT, card, group, end)", "bad_move")
    card, gi, end = move[1], move[2], move[3]
    if not self.laid[seat]:
        raise RuleError("P10C-7", "lay down your phase before you hit", "lay_first")
    hand = self.hands[seat]
    if card not in hand:
        raise RuleError("P10C-9", "that card is not in your hand", "not_in_hand")
    if card == C.SKIP:
        raise RuleError("P10C-5", "a Skip can never be hit", "skip_hit")
    if not isinstance(gi, int) or not (0 <= gi < len(self.table)):
        raise RuleError("P10C-9", "there is no such group on the table", "no_group")
    g = self.table[gi]
    if self.laid_this_turn and self.edition == CLASSIC and g[0] != seat:
        raise RuleError("P10C-13", "in the classic rules you hit other players' groups from your next turn on", "other_groups_next_turn")
    end = hit_end(g, card, end, "P10C-9")
    if len(hand) == 1 and self.edition == CLASSIC:
        raise RuleError("P10C-14", "keep a card to discard: in the classic rules you go out only by discarding", "keep_one")
    hand.remove(card)
    add_card(g, card, end)
    self.history.append((seat, HIT, card))
    if not hand:  # P10C-14, 2020: going out by hitting the last card
        self._hand_over(seat)


def _discard(self, seat, move):
    if len(move) != 2:
        raise RuleError("MOVE", "a discard is (DISCARD, card)", "bad_move")
    card = move[1]
    hand = self.hands[seat]
    if card not in hand:
        raise RuleError("P10C-7", "that card is not in your hand", "not_in_hand")
    hand.remove(card)
    self.discard.append(card)
    self.history.append((seat, DISCARD, card))
    if not hand:  # going out; a Skip as the last card skips nobody (P10C-15)
        self._hand_over(seat)
        return
    if card == C.SKIP:
        if self.edition == CLASSIC:  # P10C-11 classic: the next player
            self.waiting[self._next_active(seat)] = True
        elif self.skip_targets(seat):  # 2020: the discarder chooses
            self.stage = SKIP_TARGET
            return
    self._next_turn()


# ----------------------------------------------------------------------------- flow


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
    self.stage = DRAW if (self.can_draw_deck() or self.can_take_discard()) else PLAY  # P10C-10


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
    self.history = []
    first = self._next_active(self.dealer)
    for _ in range(HAND_SIZE):
        s = first
        for _ in range(self.n):
            if self.active[s]:
                self.hands[s].append(deck.pop())
            s = (s + 1) % self.n
    self.discard = [deck.pop()]
    self.draw_pile = deck
    self.hand_no += 1
    self.went_out = -1
    if self.discard[-1] == C.SKIP:  # P10C-12
        self.waiting[first] = True
    self._start_turn(first)


def _hand_over(self, seat):
    """A player went out: penalties, progression, end of game or the next deal."""
    self.went_out = seat
    n = self.n
    points = [0] * n
    advanced = [False] * n
    for s in range(n):
        if not self.active[s]:
            continue
        if s != seat:
            p = 0
            for c in self.hands[s]:
                p += C.penalty(c)
            points[s] = p
    self.last_hand = (seat, points, advanced)
    if self.tiebreak:  # nobody laid the tiebreak phase: deal the tiebreak again
        self._next_deal()
        return
    for s in range(n):
        self.scores[s] += points[s]
        if self.progression == EVERYONE:
            self.progress[s] += 1
            advanced[s] = True
        elif self.laid[s]:
            advanced[s] = True
            if self.progression == FREE:
                self.progress[s] |= 1 << self.phase_numbers.index(self.laid[s])
            else:
                self.progress[s] += 1
    total = len(self.phase_numbers)
    if self.progression == EVERYONE:
        if self.progress[0] >= total:  # P10C-21: one hand per phase, lowest total wins
            self._finish(self._lowest(list(range(n))))
            return
    else:
        done = []
        for s in range(n):
            if self.completed(s) >= total:
                done.append(s)
        if done:  # P10C-18
            best = self._lowest(done)
            if len(best) == 1:
                self._finish(best)
                return
            self.tiebreak = True
            for s in range(n):
                self.active[s] = s in best
    self._next_deal()


def _lowest(self, seats):
    low = min([self.scores[s] for s in seats])
    return [s for s in seats if self.scores[s] == low]


def _next_deal(self):
    self.dealer = (self.dealer + 1) % self.n
    self._deal()


def _finish(self, winners):
    self.winners = winners
    self.stage = OVER

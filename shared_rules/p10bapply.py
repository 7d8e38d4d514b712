"""Phase 10, the board game (``shared_rules.phase10board``): a move applied, and the flow it
leads to (the next turn, the actions of the board's spaces, the end of a round and the next one).
Methods of ``Board``, attached there: a module of their own, because compiling one large ``.py``
on a board needs several times the heap its code keeps (docs/micropython.md)."""

from shared_rules.groups import hit_end, add_card, lay_groups
from shared_rules.phases import BOARD_PHASES
from shared_rules.phase10board import (ASK, CCW, CW, DISCARD, DONE, DRAW_DECK, FACE_UP, FINISH,
                                       FREE, GO, HAND, HIT, JOKER_BIT, KEEP, KEEP_MAX, K_ALL,
                                       K_ASK, K_DRAW, K_EXTRA, K_FREE, K_JOKER, K_SEARCH, K_SWAP,
                                       LAY, M_ASK, M_FREE, M_GO, M_KEEP, M_ROLL, M_SWAP, OVER,
                                       PICK, PILE, PLAY, ROLL, SEARCH, SWAP, TAKE_DISCARD, TRACK,
                                       _err)


# methods of Board
def apply(self, move):
    """Apply one move of the pending seat; RuleError (state unchanged) if illegal."""
    if self.stage == OVER:
        raise _err("P10B-18", "the game is over", "game_over")
    if not isinstance(move, tuple) or not move:
        raise _err("MOVE", "a move is a tuple such as (DISCARD, card)", "bad_move")
    kind = move[0]
    seat = self.turn
    st = self.stage
    if st == ROLL:
        if kind != M_ROLL or len(move) != 1:
            raise _err("P10B-5", "roll the dice first", "roll_first")
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
        self.stage = GO
        return
    if st == GO:
        if kind != M_GO or len(move) != 2:
            raise _err("P10B-5", "choose the space your token moves to", "choose_space")
        for sp, k in self.targets:
            if sp == move[1]:
                self.tokens[seat] = sp
                self._act(seat, sp)
                return
        raise _err("P10B-5", "the dice do not reach that space", "not_reachable")
    if st == PILE:
        if kind == DRAW_DECK and len(move) == 1:
            if not self.can_draw_deck():
                raise _err("P10B-8", "the draw pile is empty and there is nothing to reshuffle", "draw_empty")
            self.hands[seat].append(self._pop_draw())
        elif kind == TAKE_DISCARD and len(move) == 1:
            if not self.discard:
                raise _err("P10B-9", "the discard pile is empty", "discard_empty")
            self.hands[seat].append(self._pop_discard(len(self.discard) - 1))
        else:
            raise _err("P10B-9", "take a card from the draw pile or the discard pile", "choose_pile")
        self.left -= 1
        self._after_pile()
        return
    if st == SEARCH:
        if kind != PICK or len(move) != 2:
            raise _err("P10B-11", "take one card of the discard pile", "choose_card")
        c = move[1]
        i = len(self.discard) - 1
        while i >= 0 and self.discard[i] != c:
            i -= 1
        if i < 0:
            raise _err("P10B-11", "that card is not in the discard pile", "not_in_discard")
        self.hands[seat].append(self._pop_discard(i))
        self._to_play()
        return
    if st == SWAP:
        if kind != M_SWAP or len(move) != 2:
            raise _err("P10B-12", "choose a card to give up", "choose_card")
        c = move[1]
        hand = self.hands[seat]
        if c not in hand:
            raise _err("P10B-12", "that card is not in your hand", "not_in_hand")
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
    if st == ASK:
        if kind != M_ASK or len(move) != 3:
            raise _err("P10B-15", "name a number and a direction", "choose_number")
        num, d = move[1], move[2]
        if not isinstance(num, int) or not 1 <= num <= 12:
            raise _err("P10B-15", "ask for a number from 1 to 12", "bad_number")
        if d != CW and d != CCW:
            raise _err("P10B-15", "ask clockwise or counter-clockwise", "bad_direction")
        self._ask(seat, num, d)
        self._to_play()
        return
    if st == FREE:
        if kind != M_FREE or len(move) != 2:
            raise _err("P10B-16", "choose the kind of space to move to", "choose_kind")
        k = move[1]
        if not isinstance(k, int) or not 0 <= k < K_FREE:
            raise _err("P10B-16", "choose one of the seven other kinds", "bad_kind")
        sp = self.free_space(seat, k)
        if sp < 0:
            raise _err("P10B-16", "every space of that kind is taken", "kind_full")
        self.tokens[seat] = sp
        self._act(seat, sp)
        return
    if st == KEEP:
        hand = self.hands[seat]
        if kind == DONE and len(move) == 1:
            self._keep_done()
            return
        if kind != M_KEEP or len(move) != 2:
            raise _err("P10B-19", "keep a card or say you are done", "keep_or_done")
        c = move[1]
        if c not in hand:
            raise _err("P10B-19", "that card is not in your hand", "not_in_hand")
        if len(self.kept[seat]) >= KEEP_MAX:
            raise _err("P10B-19", "keep at most five cards", "keep_five")
        hand.remove(c)
        self.kept[seat].append(c)
        if len(self.kept[seat]) >= KEEP_MAX or not hand:
            self._keep_done()
        return
    # PLAY
    if kind == LAY:
        self._lay(seat, move)
    elif kind == HIT:
        self._hit(seat, move)
    elif kind == DISCARD:
        self._discard(seat, move)
    else:
        raise _err("P10B-6", "lay down, hit or discard", "play")


def _lay(self, seat, move):
    if len(move) != 3:
        raise _err("MOVE", "a lay-down is (LAY, phase, groups)", "bad_move")
    if self.laid[seat]:
        raise _err("P10B-6", "you have laid down your phase this round already", "laid_already")
    number = self.phase_of(seat)
    if move[1] != 0 and move[1] != number:
        raise _err("P10B-6", "your phase is phase " + str(number), "wrong_phase")
    laid, rest = lay_groups(seat, BOARD_PHASES[number - 1], move[2], self.hands[seat], "P10B-6")
    self.hands[seat] = rest
    for g in laid:
        self.table.append(g)
    self.laid[seat] = True
    if not rest:  # P10B-17
        self._round_over(seat)


def _hit(self, seat, move):
    if len(move) != 4:
        raise _err("MOVE", "a hit is (HIT, card, group, end)", "bad_move")
    card, gi, end = move[1], move[2], move[3]
    if not self.laid[seat]:
        raise _err("P10B-6", "lay down your phase before you hit", "lay_first")
    hand = self.hands[seat]
    if card not in hand:
        raise _err("P10B-6", "that card is not in your hand", "not_in_hand")
    if not isinstance(gi, int) or not 0 <= gi < len(self.table):
        raise _err("P10B-6", "there is no such group on the table", "no_group")
    g = self.table[gi]
    end = hit_end(g, card, end, "P10B-6")
    hand.remove(card)
    add_card(g, card, end)
    if not hand:  # P10B-17: going out by hitting the last card
        self._round_over(seat)


def _discard(self, seat, move):
    if len(move) != 2:
        raise _err("MOVE", "a discard is (DISCARD, card)", "bad_move")
    c = move[1]
    hand = self.hands[seat]
    if c not in hand:
        raise _err("P10B-7", "that card is not in your hand", "not_in_hand")
    hand.remove(c)
    self._put_discard(c, 1)
    if not hand:  # P10B-17
        self._round_over(seat)
        return
    self._end_turn()

# ------------------------------------------------------------------------------ flow


def _end_turn(self):
    if self.extra:  # P10B-10: another whole turn at once
        self.extra = False
        self._begin(self.turn)
    else:
        self._begin((self.turn + 1) % self.n)


def _begin(self, seat):
    self.turn = seat
    self.stage = ROLL
    self.action = -1
    self.dice = (0, 0)
    self.targets = []


def _to_play(self):
    self.stage = PLAY
    if not self.hands[self.turn]:  # nothing to discard: only when every card is out of reach
        self._end_turn()


def _act(self, seat, sp):
    """Carry out the action of the space the token stopped on (P10B-9 ... P10B-16)."""
    self.action = sp
    k = TRACK[sp] >> 3
    if k == K_DRAW or k == K_EXTRA:
        self.left = TRACK[sp] & 7 if k == K_DRAW else 1
        if k == K_EXTRA:
            self.extra = True
        self.stage = PILE
        self._after_pile()
    elif k == K_SEARCH:
        if self.discard:
            self.stage = SEARCH
        else:
            self._to_play()
    elif k == K_SWAP:
        self.left = TRACK[sp] & 7
        self.swapped = 0
        self.stage = SWAP
        if not self.hands[seat]:  # P10B-12: nothing to give up (an ASK took the last card)
            self.left = 0
            self._give_top(seat)
            self._to_play()
    elif k == K_ALL:  # P10B-13
        for i in range(self.n):
            if not self._give_top((seat + i) % self.n):
                break
        self._to_play()
    elif k == K_JOKER:  # P10B-14
        if self.draw or len(self.discard) > 1:
            self.hands[seat].append(self._pop_draw() | JOKER_BIT)
        self._to_play()
    elif k == K_ASK:
        self.stage = ASK
    else:
        self.stage = FREE


def _after_pile(self):
    if self.left <= 0 or not (self.can_draw_deck() or self.can_take_discard()):
        self.left = 0
        self._to_play()


def _ask(self, seat, num, d):
    """P10B-15: the first other player in the direction who holds a natural ``num`` gives one
    (the colour they hold fewest of, then the lowest) and takes the top of the draw pile."""
    step = 1 if d == CW else self.n - 1
    s = seat
    giver = -1
    for _ in range(self.n - 1):
        s = (s + step) % self.n
        hand = self.hands[s]
        best = -1
        best_key = 0
        for c in hand:
            if c < JOKER_BIT and c & 15 == num:
                col = c >> 4
                cnt = 0
                for x in hand:
                    if x < JOKER_BIT and x >> 4 == col:
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
    """P10B-17 ... P10B-19: markers, the winner, then what every seat keeps."""
    n = self.n
    self.went_out = seat
    before = list(self.markers)
    order = [(seat + i) % n for i in range(n)]
    winner = -1
    for s in order:
        if s == seat:
            step = 2
        elif self.laid[s]:
            step = 1
        else:
            continue
        m = self.markers[s] + step
        self.markers[s] = m if m < FINISH else FINISH
        if m >= FINISH:  # P10B-18: the first to the finish wins at once
            winner = s
            break
    self.last_round = (seat, before, list(self.markers))
    self.extra = False
    if winner >= 0:
        self.winners = [winner]
        self.stage = OVER
        return
    self.keep_queue = []
    for s in order:
        if not self.laid[s] and self.hands[s]:
            self.keep_queue.append(s)
    self._next_keeper()


def _next_keeper(self):
    if self.keep_queue:
        s = self.keep_queue.pop(0)
        self.turn = s
        self.stage = KEEP
        return
    pool = []
    for s in range(self.n):
        pool.extend(self.hands[s])
        self.hands[s] = []
    for g in self.table:
        pool.extend(g[4])
    pool.extend(self.draw)
    pool.extend(self.discard)
    deck = [c & 0x7F for c in pool]  # P10B-20: laid and discarded jokers are plain again
    deck.sort()
    self._new_round(deck, (self.went_out + 1) % self.n)


def _keep_done(self):
    self._next_keeper()


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
            if len(self.hands[s]) < HAND and deck:
                self.hands[s].append(deck.pop())
                more = True
    self.discard = []
    self.dopen = []
    for _ in range(FACE_UP):
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

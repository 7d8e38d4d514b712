"""The phase solver's second half (``shared_rules.solver``): from the plan of a solved shape
back to the real cards of the hand, group by group. Loaded by ``solve`` only: ``missing``
needs no cards back (code is RAM on a board)."""

try:
    from micropython import const
except ImportError:  # CPython

    def const(x):
        return x


from shared_rules.solver.score import colset_sigs

# the slots of the solver's info list of a phase (solver._build) that the builders read
_SIZES = const(1)
_TOTAL = const(2)
_EXTRA = const(4)


def _split(hand):
    """The sorted naturals bucketed by number (index 1..12), and the wilds (sorted)."""
    byn = [[] for _ in range(16)]
    wilds = []
    for c in sorted(hand):
        if c < 0x40:
            byn[c & 15].append(c)
        elif c == 0x40 or c >= 0x80:
            wilds.append(c)
    return byn, wilds


def _fill(inf, nat, starts, wilds, missing):
    """Add wilds to the naturals of each group (phase order) up to its size; with missing == 0
    put the cards of a run in the order of the numbers they stand for."""
    sizes = inf[_SIZES]
    out = []
    wi = 0
    for g in range(len(sizes)):
        cards = nat[g]
        d = sizes[g] - len(cards)
        if d > len(wilds) - wi:
            d = len(wilds) - wi
        a = starts[g]
        if missing == 0 and a:
            run = []
            j = 0
            for num in range(a, a + sizes[g]):
                if j < len(cards) and cards[j] & 15 == num:
                    run.append(cards[j])
                    j += 1
                else:
                    run.append(wilds[wi])
                    wi += 1
            out.append(run)
        else:
            cards = cards[:]
            for _ in range(d):
                cards.append(wilds[wi])
                wi += 1
            out.append(cards)
    return out


def real_sets(hand, inf, plan, missing, colour):
    gslot, gcount = plan
    if colour:
        byk = [[], [], [], []]
        wilds = []
        for c in sorted(hand):
            if c < 0x40:
                byk[c >> 4].append(c)
            elif c == 0x40 or c >= 0x80:
                wilds.append(c)
        keys = [0, 1, 2, 3]
    else:
        byk, wilds = _split(hand)
        keys = list(range(1, 13))
    # rank order: more cards first, then the lower number (colour); no ties: x < 64
    keys.sort(key=lambda x: x - 64 * len(byk[x]))
    used = [0] * 16
    nat = []
    for g in range(len(gslot)):
        j = gslot[g]
        if j < 0:
            nat.append([])
            continue
        x = keys[j]
        u = used[x]
        nat.append(byk[x][u:u + gcount[g]])
        used[x] = u + gcount[g]
    return _fill(inf, nat, [0] * len(gslot), wilds, missing)


def _real_run1(hand, inf, plan, missing):
    byn, wilds = _split(hand)
    a = plan
    nat = []
    for x in range(a, a + inf[_TOTAL]):
        if byn[x]:
            nat.append(byn[x][0])
    return _fill(inf, [nat], [a], wilds, missing)


def _real_run2(hand, inf, plan, missing):
    byn, wilds = _split(hand)
    s1, s2 = inf[_SIZES]
    a1, a2 = plan
    w1 = ((1 << s1) - 1) << a1
    w2 = ((1 << s2) - 1) << a2
    p1 = 0
    p2 = 0
    for x in range(1, 13):
        if byn[x]:
            p1 |= 1 << x
            if len(byn[x]) > 1:
                p2 |= 1 << x
    shared = p1 & ~p2 & w1 & w2  # single cards both runs could use
    own1 = p1 & w1 & ~shared
    own2 = p1 & w2 & ~shared
    to1 = 0
    to2 = 0
    for x in range(1, 13):
        if shared >> x & 1:
            if not own1 and not to1:
                to1 |= 1 << x
            elif not own2 and not to2:
                to2 |= 1 << x
            else:
                to1 |= 1 << x
    r1 = own1 | to1
    r2 = own2 | to2
    nat1 = []
    nat2 = []
    for x in range(1, 13):
        if r1 >> x & 1:
            nat1.append(byn[x][0])
            if r2 >> x & 1:
                nat2.append(byn[x][1])
        elif r2 >> x & 1:
            nat2.append(byn[x][0])
    return _fill(inf, [nat1, nat2], [a1, a2], wilds, missing)


def _real_setrun(hand, inf, plan, missing):
    si, ri = inf[_EXTRA]
    sizes = inf[_SIZES]
    byn, wilds = _split(hand)
    x, a, opt = plan
    run = []
    for y in range(a, a + sizes[ri]):
        if byn[y] and (y != x or opt):
            run.append(byn[y][0])
    first = 1 if opt else 0
    nat = [None, None]
    nat[ri] = run
    nat[si] = byn[x][first:first + sizes[si]]
    starts = [0, 0]
    starts[ri] = a
    return _fill(inf, nat, starts, wilds, missing)


def _real_colrun(hand, inf, plan, missing):
    ci, ri = inf[_EXTRA]
    sizes = inf[_SIZES]
    byn, wilds = _split(hand)
    c, a, b = plan
    run = []
    used = []
    for y in range(a, a + sizes[ri]):
        pick = 0
        for card in byn[y]:
            if card >> 4 != c:
                pick = card
                break
        if pick:
            run.append(pick)
        elif byn[y] and b > 0:
            run.append(byn[y][0])
            used.append(byn[y][0])
            b -= 1
    col = []
    for card in sorted(hand):
        if card < 0x40 and card >> 4 == c:
            if card in used:
                used.remove(card)
            elif len(col) < sizes[ci]:
                col.append(card)
    nat = [None, None]
    nat[ri] = run
    nat[ci] = col
    starts = [0, 0]
    starts[ri] = a
    return _fill(inf, nat, starts, wilds, missing)


def _real_colset(hand, inf, plan, missing):
    ci, si = inf[_EXTRA]
    sizes = inf[_SIZES]
    byn, wilds = _split(hand)
    c, rank, t = plan
    st = []
    used = []
    if rank >= 0:
        cc = bytearray(64)
        for card in hand:
            if card < 0x40 and cc[card] < 200:
                cc[card] += 1
        sigs = colset_sigs(cc, sizes[si])
        order = list(range(1, 13))
        # the key's order: signature descending, then the lower number (no ties: x < 16)
        order.sort(key=lambda x: x - 16 * sigs[x])
        mine = []
        for card in byn[order[rank]]:
            if card >> 4 == c:
                mine.append(card)
            elif len(st) < sizes[si]:
                st.append(card)
        used = mine[:t]
        st.extend(used)
    col = []
    for card in sorted(hand):
        if card < 0x40 and card >> 4 == c:
            if card in used:
                used.remove(card)
            elif len(col) < sizes[ci]:
                col.append(card)
    nat = [None, None]
    nat[si] = st
    nat[ci] = col
    return _fill(inf, nat, [0, 0], wilds, missing)


# the lay-down builders of the patterns other than sets, colour groups and the empty phase, by
# the solver's pattern number (solver._RUN1 ... _COLSET)
REAL = (None, None, _real_run1, _real_run2, _real_setrun, _real_colrun, _real_colset)

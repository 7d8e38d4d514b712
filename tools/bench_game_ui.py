"""How the Phase 10 screens behave on the emulated boards, and what the board would take.

    python -m tools.bench_game_ui [--boards pybadge,clue_nrf52840_express] [--seed 1]
                                  [--no-micropython] [--keys GAMES]

``--keys 20`` prints only the key presses of one person per turn and per game (mean, p95) over
20 seeded games (classic, phases 1-5, against two normal players).

For each board it plays one whole game (classic, phases 1-5, one person's seat played by key
presses through tools/phase10_driver.py against two computer players at the fast speed)
and prints:

- pixels redrawn per key press in the hand view, as a share of the screen: cursor steps along
  the hand (mean and largest), and every key pressed on the turn screen (mean);
- during computer turns, the longest pass of the firmware's main loop (wall time in the
  emulator: a computer decision, the save, drawing with Blinka's pure-Python displayio), and of
  that the longest computer move alone (decision, rules core, save blob into the NVM);

then, under real MicroPython 1.27 (WebAssembly, tests/micropython), the time of every decision
of a game between three greedy players (mean, largest) and the pystone rate of the same
MicroPython, and from the ratio of that rate to published CircuitPython pystone rates of the
chips (Metro M4 / SAMD51 at 120 MHz: 1,520 a second; Circuit Playground Bluefruit / nRF52840 at
64 MHz: 769; both from CircuitPython's commit bd086a10) it predicts the slowest computer
decision on those boards. Screen drawing on the board is C code and not part of the
prediction.
"""

import argparse
import os
import sys
import tempfile
import time

REPO = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
if REPO not in sys.path:
    sys.path.insert(0, REPO)
os.environ.setdefault("SDL_VIDEODRIVER", "dummy")

BOARD_PYSTONES = (("SAMD51 (PyBadge, PyGamer)", 1520), ("nRF52840 (CLUE)", 769))

# Pystone 1.2 (Reinhold P. Weicker's Dhrystone, translated to Python by Guido van Rossum; from
# CPython's Lib/test/pystone.py, PSF licence), without its timer: the caller times Proc0.
PYSTONE = '''
Ident1, Ident2, Ident3, Ident4, Ident5 = 1, 2, 3, 4, 5
class Record:
    def __init__(self, PtrComp=None, Discr=0, EnumComp=0, IntComp=0, StringComp=0):
        self.PtrComp = PtrComp
        self.Discr = Discr
        self.EnumComp = EnumComp
        self.IntComp = IntComp
        self.StringComp = StringComp
    def copy(self):
        return Record(self.PtrComp, self.Discr, self.EnumComp, self.IntComp, self.StringComp)
TRUE = 1
FALSE = 0
IntGlob = 0
BoolGlob = FALSE
Char1Glob = '\\0'
Char2Glob = '\\0'
Array1Glob = [0] * 51
Array2Glob = [x[:] for x in [Array1Glob] * 51]
PtrGlb = None
PtrGlbNext = None
def Proc0(loops):
    global IntGlob, BoolGlob, Char1Glob, Char2Glob, Array1Glob, Array2Glob, PtrGlb, PtrGlbNext
    PtrGlbNext = Record()
    PtrGlb = Record()
    PtrGlb.PtrComp = PtrGlbNext
    PtrGlb.Discr = Ident1
    PtrGlb.EnumComp = Ident3
    PtrGlb.IntComp = 40
    PtrGlb.StringComp = "DHRYSTONE PROGRAM, SOME STRING"
    String1Loc = "DHRYSTONE PROGRAM, 1'ST STRING"
    Array2Glob[8][7] = 10
    for i in range(loops):
        Proc5()
        Proc4()
        IntLoc1 = 2
        IntLoc2 = 3
        String2Loc = "DHRYSTONE PROGRAM, 2'ND STRING"
        EnumLoc = Ident2
        BoolGlob = not Func2(String1Loc, String2Loc)
        while IntLoc1 < IntLoc2:
            IntLoc3 = 5 * IntLoc1 - IntLoc2
            IntLoc3 = Proc7(IntLoc1, IntLoc2)
            IntLoc1 = IntLoc1 + 1
        Proc8(Array1Glob, Array2Glob, IntLoc1, IntLoc3)
        PtrGlb = Proc1(PtrGlb)
        CharIndex = 'A'
        while CharIndex <= Char2Glob:
            if EnumLoc == Func1(CharIndex, 'C'):
                EnumLoc = Proc6(Ident1)
            CharIndex = chr(ord(CharIndex) + 1)
        IntLoc3 = IntLoc2 * IntLoc1
        IntLoc2 = IntLoc3 // IntLoc1
        IntLoc2 = 7 * (IntLoc3 - IntLoc2) - IntLoc1
        IntLoc1 = Proc2(IntLoc1)
def Proc1(PtrParIn):
    PtrParIn.PtrComp = NextRecord = PtrGlb.copy()
    PtrParIn.IntComp = 5
    NextRecord.IntComp = PtrParIn.IntComp
    NextRecord.PtrComp = PtrParIn.PtrComp
    NextRecord.PtrComp = Proc3(NextRecord.PtrComp)
    if NextRecord.Discr == Ident1:
        NextRecord.IntComp = 6
        NextRecord.EnumComp = Proc6(PtrParIn.EnumComp)
        NextRecord.PtrComp = PtrGlb.PtrComp
        NextRecord.IntComp = Proc7(NextRecord.IntComp, 10)
    else:
        PtrParIn = NextRecord.copy()
    NextRecord.PtrComp = None
    return PtrParIn
def Proc2(IntParIO):
    IntLoc = IntParIO + 10
    while 1:
        if Char1Glob == 'A':
            IntLoc = IntLoc - 1
            IntParIO = IntLoc - IntGlob
            EnumLoc = Ident1
        if EnumLoc == Ident1:
            break
    return IntParIO
def Proc3(PtrParOut):
    global IntGlob
    if PtrGlb is not None:
        PtrParOut = PtrGlb.PtrComp
    else:
        IntGlob = 100
    PtrGlb.IntComp = Proc7(10, IntGlob)
    return PtrParOut
def Proc4():
    global Char2Glob
    BoolLoc = Char1Glob == 'A'
    BoolLoc = BoolLoc or BoolGlob
    Char2Glob = 'B'
def Proc5():
    global Char1Glob, BoolGlob
    Char1Glob = 'A'
    BoolGlob = FALSE
def Proc6(EnumParIn):
    EnumParOut = EnumParIn
    if not Func3(EnumParIn):
        EnumParOut = Ident4
    if EnumParIn == Ident1:
        EnumParOut = Ident1
    elif EnumParIn == Ident2:
        if IntGlob > 100:
            EnumParOut = Ident1
        else:
            EnumParOut = Ident4
    elif EnumParIn == Ident3:
        EnumParOut = Ident2
    elif EnumParIn == Ident4:
        pass
    elif EnumParIn == Ident5:
        EnumParOut = Ident3
    return EnumParOut
def Proc7(IntParI1, IntParI2):
    IntLoc = IntParI1 + 2
    IntParOut = IntParI2 + IntLoc
    return IntParOut
def Proc8(Array1Par, Array2Par, IntParI1, IntParI2):
    global IntGlob
    IntLoc = IntParI1 + 5
    Array1Par[IntLoc] = IntParI2
    Array1Par[IntLoc + 1] = Array1Par[IntLoc]
    Array1Par[IntLoc + 30] = IntLoc
    for IntIndex in range(IntLoc, IntLoc + 2):
        Array2Par[IntLoc][IntIndex] = IntLoc
    Array2Par[IntLoc][IntLoc - 1] = Array2Par[IntLoc][IntLoc - 1] + 1
    Array2Par[IntLoc + 20][IntLoc] = Array1Par[IntLoc]
    IntGlob = 5
def Func1(CharPar1, CharPar2):
    CharLoc1 = CharPar1
    CharLoc2 = CharLoc1
    if CharLoc2 != CharPar2:
        return Ident1
    else:
        return Ident2
def Func2(StrParI1, StrParI2):
    IntLoc = 1
    while IntLoc <= 1:
        if Func1(StrParI1[IntLoc], StrParI2[IntLoc + 1]) == Ident1:
            CharLoc = 'A'
            IntLoc = IntLoc + 1
    if CharLoc >= 'W' and CharLoc <= 'Z':
        IntLoc = 7
    if CharLoc == 'X':
        return TRUE
    else:
        if StrParI1 > StrParI2:
            IntLoc = IntLoc + 7
            return TRUE
        else:
            return FALSE
def Func3(EnumParIn):
    EnumLoc = EnumParIn
    if EnumLoc == Ident3:
        return TRUE
    return FALSE
'''


def emulator_figures(board_id, seed):
    """Play one game on the emulated board; the figures of its screens."""
    from tools.phase10_driver import Driver

    d = Driver(board_id, nvm_path=os.path.join(tempfile.mkdtemp(prefix="bench-ui-"), "nvm.bin"),
               seed=seed)
    d.boot()
    d.booted.settings.speed = 2
    m = d.m
    m.set_render_stride(1)  # every refresh draws its dirty areas, as on the board
    area = m.spec.width * m.spec.height
    cursor, turn_keys = [], []
    plain_key = Driver.key

    def key(self, name):
        t = self.top
        on_turn = type(t).__name__ == "Turn"
        before = (t.focus_hand, t.cur, t.mode) if on_turn else None
        drawn = m.display.pixels_drawn
        plain_key(self, name)
        share = (m.display.pixels_drawn - drawn) / area
        if on_turn and self.top is t:
            turn_keys.append(share)
            if before[0] and t.focus_hand and t.mode == before[2] and t.cur != before[1] \
                    and name in ("LEFT", "RIGHT", "UP", "DOWN"):
                cursor.append(share)

    plain_step = Driver.step
    Driver.key = key
    loop_ms, move_ms = [], []
    try:
        d.new_game("classic", "5", "standard", ("person", "normal", "normal"))
        play = sys.modules["firmware.session"]
        plain_move = play.Session.computer_move

        def computer_move(self):
            t0 = time.perf_counter()
            plain_move(self)
            move_ms.append((time.perf_counter() - t0) * 1000)

        play.Session.computer_move = computer_move
        def step(self):
            if type(self.top).__name__ == "ComputerTurns":
                t = self.top
                while self.top is t:
                    t0 = time.perf_counter()
                    m.run(10)
                    loop_ms.append((time.perf_counter() - t0) * 1000)
                return "ComputerTurns"
            return plain_step(self)

        Driver.step = step
        d.play_to_end()
    finally:
        Driver.key = plain_key
        Driver.step = plain_step
    d.close()
    return {
        "board": board_id,
        "size": (m.spec.width, m.spec.height),
        "cursor_mean": sum(cursor) / len(cursor),
        "cursor_max": max(cursor),
        "cursor_n": len(cursor),
        "turn_mean": sum(turn_keys) / len(turn_keys),
        "turn_n": len(turn_keys),
        "loop_max": max(loop_ms),
        "move_max": max(move_ms),
        "move_mean": sum(move_ms) / len(move_ms),
        "moves": len(move_ms),
    }


def micropython_figures(seed):
    """Per-decision times of a greedy 3-player game and the pystone rate, under MicroPython."""
    from tools.micropython_host import Session

    with Session() as s:
        s.run("import gc\nfrom shared_rules.desktop.selfplay import SelfPlay\nfrom shared_rules.phase10 import bots")
        s.run("sp = SelfPlay(seed={}, players=3, bots='greedy', keep_record=False)".format(seed))
        times = []
        more = "True"
        while more.strip() == "True":
            s.run("gc.collect()")
            more = s.run("print(sp.step())")
            times.append(s.last_ms)
        s.run(PYSTONE)
        loops = 20000
        s.run("Proc0(100)")
        s.run("Proc0({})".format(loops))
        pystones = loops * 1000.0 / s.last_ms
    times.sort()
    return {"decisions": len(times), "mean": sum(times) / len(times), "max": times[-1],
            "p99": times[len(times) * 99 // 100], "pystones": pystones}


def key_figures(board, games, phases="5"):
    """Key presses of one person (the driver) against two normal players in ``games`` seeded
    games: per turn (the person's own moves) and per game (every key after the set-up)."""
    from tools.phase10_driver import Driver

    per_turn, per_game = [], []
    for seed in range(1, games + 1):
        d = Driver(board, nvm_path=os.path.join(tempfile.mkdtemp(prefix="keys-"), "nvm.bin"), seed=seed)
        d.boot()
        d.booted.settings.speed = 2
        d.new_game("classic", phases, "standard", ("person", "normal", "normal"))
        start = d.keys
        move = d.person_move

        def counted(t, move=move, d=d):
            if t.session.state.pending[1] == 0:  # a draw: a turn begins
                per_turn.append(0)
            before = d.keys
            move(t)
            per_turn[-1] += d.keys - before

        d.person_move = counted
        d.play_to_end()
        per_game.append(d.keys - start)
        d.close()

    def stats(v):
        v = sorted(v)
        return sum(v) / len(v), v[min(len(v) - 1, len(v) * 95 // 100)], len(v)

    return stats(per_turn), stats(per_game)


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--boards", default="pybadge,clue_nrf52840_express")
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--no-micropython", action="store_true", help="skip the MicroPython part")
    ap.add_argument("--keys", type=int, metavar="GAMES", default=0,
                    help="only key presses per turn and per game over GAMES seeded games")
    args = ap.parse_args(argv)
    if args.keys:
        for b in [b.strip() for b in args.boards.split(",") if b.strip()]:
            (tm, tp, tn), (gm, gp, gn) = key_figures(b, args.keys)
            print("{}: keys per turn mean {:.1f}, p95 {} ({} turns); per game mean {:.1f}, p95 {} "
                  "({} games)".format(b, tm, tp, tn, gm, gp, gn))
        return
    from emulator import specs

    boards = [b.strip() for b in args.boards.split(",") if b.strip()]
    for b in boards:
        if b not in specs.SPECS:
            ap.error("unknown board '" + b + "' (" + ", ".join(specs.SPECS) + ")")
    print("Phase 10 screens in the emulator: one game, classic, phases 1-5, a person (by keys) "
          "and two computer players")
    for b in boards:
        f = emulator_figures(b, args.seed)
        print("\n{} ({}x{}):".format(b, *f["size"]))
        print("  redrawn per cursor step in the hand: mean {:.1%} of the screen, largest {:.1%} "
              "({} steps)".format(f["cursor_mean"], f["cursor_max"], f["cursor_n"]))
        print("  redrawn per key on the turn screen: mean {:.1%} ({} keys)".format(
            f["turn_mean"], f["turn_n"]))
        print("  computer turns: longest main-loop pass {:.0f} ms (emulator, wall time); "
              "a computer move: mean {:.1f} ms, longest {:.1f} ms ({} moves)".format(
                  f["loop_max"], f["move_mean"], f["move_max"], f["moves"]))
    if args.no_micropython:
        return
    mp = micropython_figures(args.seed)
    print("\nMicroPython 1.27 (WebAssembly): {} decisions of a greedy 3-player game: mean {:.2f} ms, "
          "99th percentile {:.2f} ms, longest {:.2f} ms; pystone {:.0f}/s".format(
              mp["decisions"], mp["mean"], mp["p99"], mp["max"], mp["pystones"]))
    for chip, stones in BOARD_PYSTONES:
        f = mp["pystones"] / stones
        print("  predicted on {} ({} pystones/s, {:.0f}x slower): a decision mean {:.0f} ms, 99th "
              "percentile {:.0f} ms, longest {:.0f} ms".format(chip, stones, f, mp["mean"] * f,
                                                             mp["p99"] * f, mp["max"] * f))


if __name__ == "__main__":
    main()

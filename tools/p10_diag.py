"""Where a Phase 10 player wins and loses hands, against three others (issue 13):

    python -m tools.p10_diag [--deals N] [--seed S] [--edition classic|2020] [--level hard]

Every deal is played once per seat of the tested level against three normal players (as
``tools.tournament`` pairs seats). Printed per phase: how often the level and the normal
players lay their phase in a hand and go out; how often the next player takes a discard of
the level and of a normal player (before and after that next player has laid down); and the
games in which the level and another player both complete the last phase, with the level's
share of them won on points and, in those lost, how often and how far it trailed the winner
on points before the last hand.
"""

import argparse
import time

from shared_rules import solver
from shared_rules.phase10.game import DRAW, DISCARD, TAKE_DISCARD
from tools import tournament


def diagnose(deals, seed, edition="classic", level="hard"):
    """The counts behind the report, as a dict."""
    new_game, bot, _ = tournament.resolve("phase10")
    options = {} if edition == "classic" else {"edition": edition}
    solver.CACHE_MAX = solver.DESKTOP_CACHE
    hands = {}  # (who, phase) -> [hands, laid, went out, points of hands laid, of hands not laid]
    takes = {}  # (who discarded, next player laid) -> [offered, taken]
    finish = [0, 0, 0.0, 0.0]  # games, of them shared finishes, won of those, level's score
    finals = {}  # (where the level stood at the last hand's start, outcome) -> games
    behind = []  # lost on points: (level's score - winner's) before the last hand, and after
    for d in range(seed, seed + deals):
        for r in range(4):
            kinds = ["normal"] * 4
            kinds[r] = level
            st = new_game(4, options, d)
            players = tournament.seat_players(bot, kinds, d)
            phase = [st.view(0).phase_of(s) for s in range(4)]
            start = [st.completed(s) for s in range(4)]
            before = list(st.scores)
            hand_no = st.hand_no
            offered_by = -1
            while st.pending is not None:
                s, kind = st.pending
                move = players[s].choose(st.view(s))
                if kind == DRAW and offered_by >= 0:
                    rec = takes.setdefault((offered_by == r, bool(st.laid[s])), [0, 0])
                    rec[0] += 1
                    rec[1] += move[0] == TAKE_DISCARD
                laid = list(st.laid)
                st.apply(move)
                offered_by = s if move[0] == DISCARD else -1
                if st.pending is None or st.hand_no != hand_no:  # s went out
                    for t in range(4):
                        rec = hands.setdefault((t == r, phase[t]), [0, 0, 0, 0, 0])
                        made = bool(laid[t]) or t == s
                        rec[0] += 1
                        rec[1] += made
                        rec[2] += t == s
                        rec[3 if made else 4] += st.scores[t] - before[t]
                    if st.pending is not None:
                        hand_no = st.hand_no
                        phase = [st.view(0).phase_of(t) for t in range(4)]
                        start = [st.completed(t) for t in range(4)]
                        before = list(st.scores)
                        offered_by = -1
            view = st.view(r)
            done = [s for s in range(4) if view.completed(s) >= len(view.phase_numbers)]
            finish[0] += 1
            finish[3] += st.scores[r]
            if r in done and len(done) > 1:
                finish[1] += 1
                finish[2] += r in st.winners
                if r not in st.winners:
                    w = st.winners[0]
                    behind.append((before[r] - before[w], st.scores[r] - st.scores[w]))
            key = (_standing(start, r, len(view.phase_numbers)),
                   "won" if r in st.winners else "lost on points" if r in done else
                   "lost, phase not laid" if st.completed(r) == start[r] else "lost, phase laid")
            finals[key] = finals.get(key, 0) + 1
    return {"hands": hands, "takes": takes, "finish": finish, "finals": finals, "behind": behind}


def _standing(start, r, phases):
    """Where seat ``r`` stood at the start of a game's last hand."""
    lead = max(start[s] for s in range(len(start)) if s != r)
    if start[r] >= phases - 1:
        return "on the last phase, a rival too" if lead >= phases - 1 else "on the last phase alone"
    return "%d phase%s behind the leader" % (lead - start[r], "" if lead - start[r] == 1 else "s")


def report(counts, level):
    hands, takes, finish = counts["hands"], counts["takes"], counts["finish"]
    lines = ["phase  hands (%s/normal)   lays: %s  normal   goes out: %s  normal" % (level, level, level)]
    for p in sorted(set(k[1] for k in hands)):
        a = hands.get((True, p), [0, 0, 0])
        b = hands.get((False, p), [0, 0, 0])
        lines.append("%5d  %6d / %6d   %11.1f%% %6.1f%%   %14.1f%% %6.1f%%" % (
            p, a[0], b[0], 100.0 * a[1] / max(1, a[0]), 100.0 * b[1] / max(1, b[0]),
            100.0 * a[2] / max(1, a[0]), 100.0 * b[2] / max(1, b[0])))
    for mine in (True, False):
        tot = [0, 0, 0, 0, 0]
        for k, v in hands.items():
            if k[0] == mine:
                for i in range(5):
                    tot[i] += v[i]
        lines.append("  all  %s: lays %.1f%% of hands, goes out in %.1f%%; points a hand laid %.1f, "
                     "not laid %.1f" % (
                         level if mine else "normal", 100.0 * tot[1] / max(1, tot[0]),
                         100.0 * tot[2] / max(1, tot[0]), tot[3] / max(1, tot[1]),
                         tot[4] / max(1, tot[0] - tot[1])))
    for mine in (True, False):
        for laid in (False, True):
            o, t = takes.get((mine, laid), [0, 0])
            lines.append("the next player takes %.1f%% of a %s player's discards (%d) when it %s" % (
                100.0 * t / max(1, o), level if mine else "normal", o,
                "has laid down" if laid else "has not laid down"))
    games, shared, won, score = finish
    lines.append("%s completes the last phase with another player in %.1f%% of its games, wins %.0f%% "
                 "of those on points; its mean score per game %.0f" % (
                     level, 100.0 * shared / games, 100.0 * won / max(1, shared), score / games))
    behind = sorted(counts["behind"])
    if behind:
        lines.append("  lost on points (%d games): before the last hand %s already trailed the winner "
                     "in %d%% of them, by a median %d points; %d after it" % (
                         len(behind), level, 100 * sum(1 for b, a in behind if b > 0) // len(behind),
                         behind[len(behind) // 2][0], sorted(a for b, a in behind)[len(behind) // 2]))
    lines.append("the last hand of a game: where %s stood at its start, and the end (%% of games)" % level)
    finals = counts["finals"]
    for where in sorted(set(k[0] for k in finals)):
        parts = ["%s %.1f%%" % (end, 100.0 * n / games) for (w, end), n in sorted(finals.items()) if w == where]
        lines.append("  %-32s %s" % (where + ":", ", ".join(parts)))
    return "\n".join(lines)


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--deals", type=int, default=200)
    ap.add_argument("--seed", type=int, default=100000)
    ap.add_argument("--edition", default="classic", choices=("classic", "2020"))
    ap.add_argument("--level", default="hard", choices=tournament.LEVELS)
    a = ap.parse_args(argv)
    cpu = time.process_time()
    counts = diagnose(a.deals, a.seed, a.edition, a.level)
    print("phase10 %s: %d deals x 4 seats, 1 %s vs 3 normal, seeds from %d" % (
        a.edition, a.deals, a.level, a.seed))
    print(report(counts, a.level))
    print("(%.0f s CPU)" % (time.process_time() - cpu))


if __name__ == "__main__":
    main()

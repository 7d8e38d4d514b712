"""Replay a game record of any registered game and print the outcome.

    python -m tools.replay FILE
    python -m tools.replay --lang ru FILE      # the summary in Russian (or pl, Polish)

Prints the winner(s), the places, the number of rounds played and the game's own summary (for
Phase 10 every player's points and phases). A record with an illegal or unreadable line prints
the line number and the reason and exits with 1; a file that cannot be read exits with 2. The
format is described in docs/records.md. The record itself (its move words) is English in every
language: it is a file format; ``--lang`` changes only the words printed here.
"""

import argparse
import sys

from shared_rules import RuleError
from shared_rules.desktop import errors as E
from shared_rules import registry
from shared_rules.desktop.games import notation
from shared_rules.desktop.record import replay


LANGS = ("en", "ru", "pl")
WORDS = {  # winner, winners, places, not finished, rounds played
    "en": ("winner: {}", "winners: {}", "places: {}", "not finished: p{} to move",
           "rounds played: {}"),
    "ru": ("победитель: {}", "победители: {}", "места: {}", "не окончена: ходит p{}",
           "сыграно раундов: {}"),
    "pl": ("zwycięzca: {}", "zwycięzcy: {}", "miejsca: {}", "nie skończona: ruch p{}",
           "rozegrane rundy: {}"),
}


def outcome(game, lang="en"):
    """The lines that describe how a game stands (finished or not), in ``lang``."""
    win, wins, at, going, rounds = WORDS[lang]
    lines = []
    if game.over:
        names = ", ".join("p" + str(s + 1) for s in game.winners)
        lines.append((win if len(game.winners) == 1 else wins).format(names))
        places = game.ranking()
        lines.append(at.format("  ".join("p%d %d" % (s + 1, places[s]) for s in range(game.n))))
    else:
        seat, _ = game.pending
        lines.append(going.format(seat + 1))
    lines.append(rounds.format(game.round_no))
    summary = None
    for entry in registry.GAMES:
        if entry.module == type(game).__module__:
            summary = getattr(notation(entry), "summary_lines", None)
    if summary is not None:
        lines.extend(summary(game, lang))
    return lines


def main(argv=None):
    parser = argparse.ArgumentParser(prog="python -m tools.replay", description=__doc__.split("\n\n")[0])
    parser.add_argument("file", help="a game record (text)")
    parser.add_argument("--lang", choices=LANGS, default="en",
                        help="the language of the summary (the record stays English)")
    args = parser.parse_args(argv)
    try:
        with open(args.file, encoding="utf-8") as f:
            text = f.read()
    except (OSError, UnicodeDecodeError) as e:
        print("cannot read " + args.file + ": " + str(e), file=sys.stderr)
        return 2
    try:
        game = replay(text)
    except RuleError as e:
        print("illegal record: " + E.reason(e), file=sys.stderr)
        return 1
    print("\n".join(outcome(game, args.lang)))
    return 0


if __name__ == "__main__":
    sys.exit(main())

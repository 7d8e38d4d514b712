"""Game records: a text header, then one move per line (docs/records.md).

::

    # Phase 10 game record
    game: phase10
    edition: classic
    phases: all
    progression: standard
    players: 4
    seed: 7
    p2 draw
    p2 discard R7

Optional header lines: ``dealer: p3`` and ``deck: <108 cards, top first>`` (one per hand, in
order; later hands are shuffled from the seed). Lines starting with ``#`` and blank lines are
comments. A replay applies every move and names the first illegal one by line number.
"""

from shared_rules.errors import RuleError
from shared_rules import cards as C

KEYS = ("game", "edition", "phases", "progression", "players", "seed", "dealer", "deck")


def header(players, edition="classic", phases="all", progression="standard", seed=0,
           decks=None, dealer=None):
    """The header lines of a Phase 10 record."""
    lines = ["# Phase 10 game record", "game: phase10", "edition: " + edition,
             "phases: " + phases, "progression: " + progression,
             "players: " + str(players), "seed: " + str(seed)]
    if dealer is not None:
        lines.append("dealer: p" + str(dealer + 1))
    if decks:
        for d in decks:
            lines.append("deck: " + C.texts(d))
    return lines


def move_line(game, seat, move):
    """The record line of ``move`` by ``seat``."""
    return "p" + str(seat + 1) + " " + game.move_text(move)


def _seat(word, lineno):
    if len(word) >= 2 and word[0] == "p" and word[1:].isdigit():
        return int(word[1:]) - 1
    raise RuleError("RECORD", "line " + str(lineno) + ": expected a seat such as p1, not '" + word + "'")


def parse(text):
    """``(options, moves)``: the game's keyword arguments and ``[(lineno, seat, move_text)]``."""
    opts = {"decks": []}
    moves = []
    lineno = 0
    for raw in text.split("\n"):
        lineno += 1
        line = raw.strip()
        if not line or line[0] == "#":
            continue
        if line[0] == "p" and len(line) > 1 and line[1].isdigit():
            parts = line.split(None, 1)
            if len(parts) != 2:
                raise RuleError("RECORD", "line " + str(lineno) + ": a move line is 'p1 draw'")
            moves.append((lineno, _seat(parts[0], lineno), parts[1]))
            continue
        if moves:
            raise RuleError("RECORD", "line " + str(lineno) + ": header lines come before the moves")
        kv = line.split(":", 1)
        key = kv[0].strip()
        if len(kv) != 2 or key not in KEYS:
            raise RuleError("RECORD", "line " + str(lineno) + ": cannot read '" + line + "'")
        value = kv[1].strip()
        try:
            if key == "deck":
                opts["decks"].append(C.parse_list(value))
            elif key in ("players", "seed"):
                opts[key] = int(value)
            elif key == "dealer":
                opts[key] = _seat(value, lineno)
            else:
                opts[key] = value
        except (ValueError, RuleError) as e:
            raise RuleError("RECORD", "line " + str(lineno) + ": bad " + key + " (" + str(e) + ")")
    if opts.get("game") != "phase10":
        raise RuleError("RECORD", "the record must say 'game: phase10'")
    if "players" not in opts:
        raise RuleError("RECORD", "the record must say how many players")
    return opts, moves


def new_game(opts):
    """The game a parsed header describes."""
    from shared_rules.phase10 import Phase10
    return Phase10(opts["players"], edition=opts.get("edition", "classic"),
                   phases=opts.get("phases", "all"),
                   progression=opts.get("progression", "standard"),
                   seed=opts.get("seed", 0), decks=opts["decks"] or None,
                   dealer=opts.get("dealer"))


def replay(text):
    """Replay a record; returns the game. RuleError names the line of the first bad move."""
    from shared_rules.phase10 import parse_move
    opts, moves = parse(text)
    try:
        game = new_game(opts)
    except RuleError as e:
        raise RuleError("RECORD", "header: " + str(e))
    for lineno, seat, words in moves:
        where = "line " + str(lineno) + ": "
        pending = game.pending
        if pending is None:
            raise RuleError("RECORD", where + "the game is over, no more moves")
        if seat != pending[0]:
            raise RuleError("RECORD", where + "it is p" + str(pending[0] + 1) + "'s turn, not p" + str(seat + 1) + "'s")
        try:
            game.apply(parse_move(words))
        except RuleError as e:
            raise RuleError("RECORD", where + str(e))
    return game

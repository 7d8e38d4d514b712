"""Phase 10 on the desktop only: reading its record notation back (cards, moves, the header's
stacked decks and dealer) and the summary ``tools.replay`` prints. Never installed on a board:
the device writes records (``shared_rules.phase10.moves.move_text``) and never reads one.
"""

from shared_rules.desktop import errors as E
from shared_rules import RuleError
from shared_rules import cards as C
from shared_rules.groups import LOW, HIGH
from shared_rules.desktop.notation import small_int, seat_word, shown
from shared_rules.phase10 import game as P
from shared_rules.phase10.game import DRAW_DECK, TAKE_DISCARD, LAY, HIT, DISCARD, TARGET

HEADER_KEYS = ("dealer", "deck")  # the record header's keys beyond the registry's


def parse_card(word):
    """The card named by ``word`` (P10C-2); raises RuleError for anything else."""
    w = word.strip()
    if w in ("W", "w"):
        return C.WILD
    if w in ("S", "s"):
        return C.SKIP
    # ASCII only: str.isdigit() and int() would accept other scripts' digits on CPython
    if 2 <= len(w) <= 3 and w[0] in "RBGYrbgy":
        n = 0
        for ch in w[1:]:
            if ch not in "0123456789":
                n = -1
                break
            n = n * 10 + "0123456789".index(ch)
        if 1 <= n <= 12:
            return ("RBGYrbgy".index(w[0]) % 4 << 4) | n
    raise RuleError(E.P10_BAD_CARD, shown(word))


def parse_cards(line):
    """Cards from space-separated notation."""
    return [parse_card(w) for w in line.split()]


def parse_move(text):
    """A move from its record notation (``draw``, ``take``, ``lay 2: R3 R3 W | B4 B5 W B7``,
    ``hit R8 2 high``, ``discard S``, ``skip p3``); RuleError if malformed."""
    words = text.split()
    if not words:
        raise RuleError(E.RECORD, "empty move")
    verb = words[0]
    if verb == "draw" and len(words) == 1:
        return (DRAW_DECK,)
    if verb == "take" and len(words) == 1:
        return (TAKE_DISCARD,)
    if verb == "discard" and len(words) == 2:
        return (DISCARD, parse_card(words[1]))
    if verb == "skip" and len(words) == 2 and seat_word(words[1]) >= 0:
        return (TARGET, seat_word(words[1]))
    if verb == "hit" and len(words) in (3, 4) and small_int(words[2]) >= 1:
        end = 0
        if len(words) == 4:
            if words[3] not in ("low", "high"):
                raise RuleError(E.RECORD, "a hit's end is 'low' or 'high'")
            end = LOW if words[3] == "low" else HIGH
        return (HIT, parse_card(words[1]), small_int(words[2]) - 1, end)
    if verb == "lay":
        parts = text.split(":", 1)
        hw = parts[0].split()
        if len(parts) == 2 and len(hw) == 2 and small_int(hw[1]) >= 0:
            groups = [parse_cards(part) for part in parts[1].split("|")]
            return (LAY, small_int(hw[1]), groups)
    raise RuleError(E.RECORD, "cannot read the move")


def from_header(players, options, source, header):
    """A game from a record header with its optional ``dealer`` and stacked ``deck`` lines."""
    edition, phases, progression = P._options(options)
    decks = []
    for d in header.get("deck", ()):
        decks.append(parse_cards(d))
    dealer = None
    if "dealer" in header:
        d = header["dealer"][0]
        dealer = seat_word(d)
        if dealer < 0:
            raise RuleError(E.RECORD, "the dealer is a seat such as p1")
    return P.Phase10(players, edition=edition, phases=phases, progression=progression,
                   source=source, decks=decks or None, dealer=dealer)


SUMMARY_WORDS = {  # tools.replay --lang: the summary's words (the seeds' terms, docs/glossary.md)
    "en": ("decided by a tiebreak hand", "p{}: {} points, {}/{} phases"),
    "ru": ("решено дополнительной раздачей", "p{}: {} очков, фаз {}/{}"),
    "pl": ("rozstrzygnięte dodatkowym rozdaniem", "p{}: {} pkt ujemnych, fazy {}/{}"),
}


def summary_lines(game, lang="en"):
    """Every seat's points and phases, for tools.replay (``lang``: en, ru or pl)."""
    tie, seat = SUMMARY_WORDS[lang]
    lines = [tie] if game.tiebreak and game.over else []
    total = len(game.phase_numbers)
    for s in range(game.n):
        lines.append(seat.format(s + 1, game.scores[s], game.completed(s), total))
    return lines

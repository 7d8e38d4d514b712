"""Compile the languages' texts, ``texts/<code>.txt``, into the files the board reads,
``firmware/data/<code>.lng`` (firmware/lang.py).

    python -m tools.make_texts           # writes every .lng
    python -m tools.make_texts --check   # exit 1 when a .lng differs from its source

Source: one ``key = text`` a line (``\\n`` a line break in the text); a line starting with
white space continues the text before it (joined with a space, none after a line break); ``#`` starts a comment line.

The Rules pages of the two Phase 10 games' phases are made here, from the rules core's tables
and the words of ``ph.*`` (``rules.card_phases_page``, ``rules.board_phases_page``): the board
reads them a page at a time as it reads the how-to pages, with no table or code of its own for
them. The keys they are made of are not written to the ``.lng`` (``BUILD_KEYS``).

``.lng`` (big-endian): ``b"LG"``, count (2), then ``count`` entries of 8 bytes sorted by hash:
the key's 24-bit hash (3, ``firmware.lang.key_hash``), the text's offset in the file (3) and
its length in bytes (2); then the texts, UTF-8. Keys are not stored: two keys of one hash are
refused here.
"""

import argparse
import sys
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(REPO))
from firmware.lang import CODES, key_hash  # noqa: E402

SRC = REPO / "texts"
OUT = REPO / "firmware" / "data"


def parse(text, name="texts"):
    """{key: text} of a source file, in file order; a bad line raises ValueError."""
    out = {}
    last = None
    for n, line in enumerate(text.split("\n"), 1):
        if not line.strip() or line.lstrip().startswith("#"):
            continue
        if line[0] in " \t":
            if last is None:
                raise ValueError("%s:%d: a continuation line with no key before it" % (name, n))
            more = line.strip().replace("\\n", "\n")
            out[last] += more if out[last].endswith("\n") else " " + more
            continue
        key, sep, value = line.partition(" = ")
        key = key.strip()
        if not sep or not key or " " in key:
            raise ValueError("%s:%d: not 'key = text'" % (name, n))
        if key in out:
            raise ValueError("%s:%d: %s twice" % (name, n, key))
        out[key] = value.strip().replace("\\n", "\n")
        last = key
    return out


def load(code):
    return parse((SRC / (code + ".txt")).read_text(encoding="utf-8"), code + ".txt")


# the words the phase pages are made of, which the board does not ask for
BUILD_KEYS = ("ph.set1", "ph.setN", "ph.run1", "ph.runN", "ph.colour1", "ph.colourN",
              "rules.card_list", "rules.card_lists", "rules.board_list")


def describe(phase, texts):
    """A phase in the words of ``texts``, equal groups together: ``2 sets of 3``, ``set of 3
    + run of 4``."""
    from shared_rules.phases import COLOUR, RUN, equal_groups

    parts = []
    for kind, size, count in equal_groups(phase):
        word = "colour" if kind == COLOUR else "run" if kind == RUN else "set"
        if count == 1:
            parts.append(texts["ph." + word + "1"].format(size))
        else:
            parts.append(texts["ph." + word + "N"].format(count, size))
    return " + ".join(parts)


def phase_page(table, title, texts):
    return "\n".join([texts[title]] + [str(i + 1) + ". " + describe(table[i], texts)
                                         for i in range(len(table))])


def compiled(texts):
    """{key: text} as the board gets it: the phase pages made, the words they took left out."""
    from shared_rules.phase10.phases import CARD_PHASES
    from shared_rules.phase10board.phases import BOARD_PHASES

    out = {k: v for k, v in texts.items() if k not in BUILD_KEYS}
    out["rules.card_phases_page"] = (phase_page(CARD_PHASES, "rules.card_list", texts) + "\n"
                                     + texts["rules.card_lists"])
    out["rules.board_phases_page"] = phase_page(BOARD_PHASES, "rules.board_list", texts)
    return out


def build(texts):
    """The bytes of a .lng of {key: text}."""
    entries = sorted((key_hash(k), k) for k in texts)
    for a, b in zip(entries, entries[1:]):
        if a[0] == b[0]:
            raise ValueError("keys %s and %s have one hash: rename one" % (a[1], b[1]))
    body = bytearray()
    table = bytearray()
    base = 4 + 8 * len(entries)
    for h, k in entries:
        b = texts[k].encode("utf-8")
        if len(b) > 0xFFFF:
            raise ValueError(k + " is too long")
        off = base + len(body)
        table += bytes((h >> 16, h >> 8 & 255, h & 255, off >> 16, off >> 8 & 255, off & 255,
                        len(b) >> 8, len(b) & 255))
        body += b
    return b"LG" + bytes((len(entries) >> 8, len(entries) & 255)) + bytes(table) + bytes(body)


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--check", action="store_true", help="compare with the committed files")
    args = ap.parse_args(argv)
    bad = 0
    for code in CODES:
        data = build(compiled(load(code)))
        out = OUT / (code + ".lng")
        if args.check:
            if not out.exists() or out.read_bytes() != data:
                print(out.relative_to(REPO), "differs from its source: run python -m tools.make_texts")
                bad = 1
        else:
            out.write_bytes(data)
            print("wrote", out.relative_to(REPO), len(data), "bytes")
    return bad


if __name__ == "__main__":
    sys.exit(main())

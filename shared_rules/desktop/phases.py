"""A phase in English words, for the desktop's tools and the tests (the device says a phase in
the app's language: ``firmware.lang.phase_text``, ``firmware.texts.describe``)."""

from shared_rules.phases import COLOUR, equal_groups

KIND_NAMES = ("set", "run", "colour")


def describe_group(group):
    """``set of 3``, ``run of 7``, ``7 of one colour``."""
    kind, size = group
    if kind == COLOUR:
        return str(size) + " of one colour"
    return KIND_NAMES[kind] + " of " + str(size)


def describe(phase):
    """A phase in words, grouping equal groups: ``2 sets of 3``, ``1 set of 3 + 1 run of 4``."""
    parts = []
    for kind, size, count in equal_groups(phase):
        if kind == COLOUR:
            word = str(size) + " cards of one colour"
            parts.append(word if count == 1 else str(count) + " x " + word)
        else:
            noun = KIND_NAMES[kind] + ("s" if count > 1 else "")
            parts.append(str(count) + " " + noun + " of " + str(size))
    return " + ".join(parts)


def compact(phase, sep="+"):
    """``set3+run4``, ``colour7``: a phase in a few characters for a title line."""
    return sep.join([KIND_NAMES[kind] + str(size) for kind, size in phase])

"""What the phase solver's programs for runs and for pairs of groups share
(``shared_rules.solver.runs``, ``shared_rules.solver.pairs``; the plans' builder reads the
colour signatures too): a plan's score, a byte's popcount and the colour signatures of the
numbers held."""

try:
    from micropython import const
except ImportError:  # CPython

    def const(x):
        return x


# popcount of a byte
PC = bytearray(256)
for _i in range(1, 256):
    PC[_i] = PC[_i >> 1] + (_i & 1)


def colset_sigs(cc, s, sigs=None):
    """Per number 1..12: its colour counts (each capped at the set's size ``s``) as one int,
    colour 0 the most significant digit in base s + 1; 0 for a number not held. Into
    ``sigs`` (13 slots) when given."""
    b = s + 1
    if sigs is None:
        sigs = [0] * 13
    sigs[0] = 0
    for x in range(1, 13):
        v = 0
        for col in range(4):
            n = cc[(col << 4) + x]
            v = v * b + (n if n < s else s)
        sigs[x] = v
    return sigs


def score(avail, n, z):
    """A plan's score, lower is better: missing cards ``max(avail - n, z)`` (``avail`` is the
    phase's size less the wilds, ``n`` the naturals placed, ``z`` the groups left without a
    natural), then more naturals first."""
    d = avail - n
    if d < z:
        d = z
    return d * 256 - n


def score2(avail, n1, n2):
    """The score of a plan for a phase of two groups holding ``n1`` and ``n2`` naturals."""
    return score(avail, n1 + n2, (0 if n1 else 1) + (0 if n2 else 1))

"""Dice Express on the device's chance source (``firmware.hwrandom.Hardware``, RULES.md RNG-1):
the dice are fair, and a game played with it replays exactly from its record."""

import random

from firmware.hwrandom import Hardware
from shared_rules.dice_express import game as D
from shared_rules.desktop.record import replay
from shared_rules.desktop.selfplay import SelfPlay

# chi-square with 5 degrees of freedom: P(X > 20.52) = 0.001
CHI2_5_P001 = 20.52


def emulated_urandom(seed):
    """``os.urandom`` as a board's generator would answer it, from a seeded stream."""
    r = random.Random(seed)

    def urandom(n):
        return bytes([r.getrandbits(8) for _ in range(n)])

    return urandom


def chi_square(counts):
    n = sum(counts)
    k = len(counts)
    # sum((o - e)^2 / e) with e = n / k, in integers: sum((k o - n)^2) / (k n)
    return sum([(k * o - n) ** 2 for o in counts]) / (k * n)


def dice_counts(source, rolls):
    counts = [0] * 6
    for _ in range(rolls):
        counts[source.below(6)] += 1
    return counts


def test_RNG_1_hardware_dice_pass_chi_square_over_60000_rolls():
    for seed in (1, 2, 3):
        counts = dice_counts(Hardware(emulated_urandom(seed)), 60000)
        assert sum(counts) == 60000
        assert chi_square(counts) < CHI2_5_P001, counts


def test_RNG_1_chi_square_catches_a_biased_source():
    # the same bytes mapped with a bias towards low faces (min of two dice) must fail
    class Biased(Hardware):
        def _below(self, n):
            return min(Hardware._below(self, n), Hardware._below(self, n))

    counts = dice_counts(Biased(emulated_urandom(1)), 60000)
    assert chi_square(counts) > 1000


def test_RNG_1_hardware_mapping_has_no_bias_over_every_16_bit_value():
    values = list(range(65536))
    pos = [0]

    def urandom(n):
        v = values[pos[0]]
        pos[0] += 1
        return bytes([v & 0xFF, v >> 8])

    hw = Hardware(urandom)
    counts = [0] * 6
    while pos[0] < 65532:
        counts[hw.below(6)] += 1
    assert counts == [10922] * 6  # values 65532..65535 would be drawn again


def test_RNG_1_a_game_on_the_hardware_source_replays_from_its_record():
    for seed, players, bots in ((4, 4, "normal"), (5, 2, ["hard", "easy"]), (6, 6, "random")):
        sp = SelfPlay(seed, players, bots, game="dice_express", source=Hardware(emulated_urandom(seed)))
        sp.run()
        text = sp.record_text()
        assert "\n= " in text
        again = replay(text)
        game = sp.state
        assert again.over and again.winners == game.winners
        assert again.roads == game.roads and again.fronts == game.fronts
        assert again.display == game.display and again.out == game.out
        # the record holds every die: a different hardware stream gives another game
        other = SelfPlay(seed, players, bots, game="dice_express", source=Hardware(emulated_urandom(seed + 100)))
        other.run()
        assert other.record_text() != text
        assert D.encode(again)[4:] == D.encode(game)[4:]  # all but the source's state

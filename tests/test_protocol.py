"""The game protocol (docs/protocol.md): the registry, explicit chance, records and saves for
any game, and the view boundary. Pig (tests/pig.py) is registered here and goes through records,
replay, the save codec and selfplay without a line of shared code knowing its name."""

import gc
import os
import pathlib

import pytest

from shared_rules import registry
from shared_rules import save as codec
from shared_rules import RuleError
from shared_rules.phase10.game import Phase10
from shared_rules.desktop.record import replay
from shared_rules.rng import Rng, Source
from shared_rules.desktop.record import Scripted
from shared_rules.desktop.selfplay import SelfPlay, play_record
from tests import pig
from shared_rules.desktop import games
from shared_rules.desktop import errors as E

ROOT = pathlib.Path(__file__).resolve().parent.parent


@pytest.fixture
def with_pig():
    games.register(pig.ENTRY)
    yield pig.ENTRY
    games.unregister(pig.ENTRY.gid)


class UrandomSource(Source):
    """The device's kind of chance (os.urandom, unseeded), as firmware.hwrandom maps it."""

    def _below(self, n):
        limit = 65536 - 65536 % n
        while True:
            b = os.urandom(2)
            r = b[0] | b[1] << 8
            if r < limit:
                return r % n


def test_registry_ids_keys_and_variants():
    keys = [e.key for e in registry.GAMES]
    assert keys[:3] == ["phase10", "phase10board", "dice_express"]
    assert len(set(e.gid for e in registry.GAMES)) == len(registry.GAMES)
    p10 = registry.by_key("phase10")
    assert registry.by_id(p10.gid) is p10
    assert registry.options(p10) == {"edition": "classic", "phases": "all", "progression": "standard"}
    with pytest.raises(RuleError) as e:
        registry.options(p10, {"edition": "1999"})
    assert E.name(e.value) == "unknown_variant" and "1999" in E.reason(e.value)
    with pytest.raises(RuleError):
        registry.options(p10, {"colour": "red"})
    with pytest.raises(RuleError) as e:
        registry.by_key("chess")
    assert E.name(e.value) == "unknown_game"
    with pytest.raises(RuleError):
        registry.check_players(p10, 7)


def test_pig_goes_through_records_replay_and_selfplay(with_pig):
    for seed in range(20):
        text = play_record(seed, 2 + seed % 3, "normal", "50" if seed % 2 else "30", game="pig")
        assert "game: pig" in text and "\n= " in text
        g = replay(text)
        assert g.over and g.scores[g.winners[0]] >= g.target
        assert g.ranking()[g.winners[0]] == 1


def test_pig_save_blob_round_trips_and_every_cut_or_flip_is_refused(with_pig):
    sp = SelfPlay(3, 3, "easy", game="pig", keep_record=False)
    for _ in range(15):
        sp.step()
    blob = codec.encode(sp.state, pig.ENTRY.gid)
    gid, copy = codec.decode(blob)
    assert gid == pig.ENTRY.gid and codec.encode(copy, gid) == blob
    for cut in range(len(blob)):
        with pytest.raises(RuleError) as e:
            codec.decode(blob[:cut])
        assert E.rule(e.value) == "SAVE"
    for i in range(len(blob)):
        bad = bytearray(blob)
        bad[i] ^= 0x10
        with pytest.raises(RuleError):
            codec.decode(bytes(bad))


def test_a_save_of_an_unknown_game_is_refused_with_a_message(with_pig):
    blob = codec.encode(SelfPlay(1, 2, game="pig", keep_record=False).state, pig.ENTRY.gid)
    games.unregister(pig.ENTRY.gid)
    with pytest.raises(RuleError) as e:
        codec.decode(blob)
    assert "does not know" in E.reason(e.value)


def test_RNG_1_a_game_drawn_from_the_hardware_generator_replays_from_its_record():
    """Unseeded chance (os.urandom): the record holds every outcome, so the desktop replays it."""
    for game, opts in (("phase10", {"edition": "2020"}),):
        sp = SelfPlay(0, 3, "normal", game=game, source=UrandomSource(), **opts)
        sp.run()
        again = replay(sp.record_text())
        assert again.winners == sp.state.winners and again.ranking() == sp.state.ranking()
        assert again.scores == sp.state.scores


def test_RNG_1_scripted_source_refuses_out_of_range_and_missing_outcomes():
    s = Scripted()
    s.feed([3, 9])
    assert s.below(4) == 3
    with pytest.raises(RuleError) as e:
        s.below(6)
    assert E.name(e.value) == "chance_range"
    s2 = Scripted()
    with pytest.raises(RuleError) as e:
        s2.below(6)
    assert E.name(e.value) == "chance_missing"
    assert s2.below(1) == 0  # no chance in a choice of one: nothing drawn


def test_RNG_1_logged_outcomes_are_the_values_drawn():
    r = Rng(5)
    r.log = []
    deck = list(range(10))
    r.shuffle(deck)
    replayed = Scripted()
    replayed.feed(r.log)
    again = list(range(10))
    replayed.shuffle(again)
    assert again == deck and replayed.left() == 0


def _reachable(obj, seen, depth=0):
    """Every object reachable from ``obj`` through attributes and containers."""
    if id(obj) in seen or depth > 6 or isinstance(obj, (int, str, bool, float, type(None))):
        return
    seen[id(obj)] = obj
    items = []
    if isinstance(obj, dict):
        items = list(obj.values())
    elif isinstance(obj, (list, tuple)):
        items = list(obj)
    else:
        items = list(getattr(obj, "__dict__", {}).values())
    for x in items:
        _reachable(x, seen, depth + 1)


def test_view_is_a_boundary_no_hidden_card_is_reachable():
    g = Phase10(4, seed=3)
    for _ in range(9):
        m = g.legal_moves()
        g.apply(m[-1])
    for seat in range(4):
        v = g.view(seat)
        seen = {}
        _reachable(v, seen)
        hidden = [g, g.draw_pile, g.discard, g.table, g.history, g.source] + \
                 [g.hands[s] for s in range(4)] + [grp[4] for grp in g.table] + list(g.table)
        for obj in hidden:
            assert id(obj) not in seen, "the view reaches into the game"
        v.hand.append(0x40)  # changing the copy changes nothing in the game
        v.table.append([0, 0, 1, 1, [1]])
        assert 0x40 not in g.hands[seat] or g.hands[seat].count(0x40) != v.hand.count(0x40)
        assert len(g.table) != len(v.table)


def test_shared_code_never_names_a_test_game():
    for folder in ("shared_rules", "firmware", "tools", "boards", "emulator"):
        for path in (ROOT / folder).rglob("*.py"):
            assert "pig" not in path.read_text().lower(), path


def test_rule_errors_carry_a_code():
    g = Phase10(2, seed=1)
    with pytest.raises(RuleError) as e:
        g.apply((4, 1))  # discard before drawing
    assert E.name(e.value) == "draw_first" and E.rule(e.value) == "P10C-7"


@pytest.mark.parametrize("key", ["phase10", "phase10board", "dice_express"])
def test_a_computer_player_made_again_for_each_decision_chooses_the_same_moves(key):
    """The device makes the computer players again after a hand's summary, after a board-game
    roll shown on the board and whenever a person has decided (``firmware.session``: code is
    RAM): a player keeps nothing between decisions that its choices depend on. Every level,
    three seeded games each: one player object per seat kept for the whole game, and a new one
    for every decision (the generator shared, as the session shares its own), make the same
    moves."""
    entry = registry.by_key(key)
    mod = registry.module(entry)
    for level in registry.levels(mod):
        for seed in (1, 2, 3):
            players = 2 + seed
            moves = []
            for again in (False, True):
                g = registry.new_game(entry, players, None, Rng(seed))
                rng = Rng(seed * 7 + 1)
                kept = [registry.player(mod, level, rng) for _ in range(players)]
                made = []
                while g.pending is not None and len(made) < 400:
                    seat = g.pending[0]
                    bot = registry.player(mod, level, rng) if again else kept[seat]
                    move = bot.choose(g.view(seat))
                    g.apply(move)
                    made.append(move)
                moves.append(made)
            assert moves[0] == moves[1], (level, seed)


@pytest.mark.parametrize("key", ["phase10", "phase10board", "dice_express"])
def test_a_computer_player_keeps_nothing_a_decision_made(key):
    """On a board the computer players last through the computers' turns (``firmware.session``
    makes them before the first decision): whatever a decision left in a player would have been
    made among that decision's garbage and outlast it, splitting the heap once the garbage is
    collected (the board game's players kept a plan's memo so, and the largest free block
    before the next decision fell by half). Every level, 40 decisions of a seeded game: after
    each a player has the attributes it was made with, none holding an object the decision made."""
    entry = registry.by_key(key)
    mod = registry.module(entry)
    for level in registry.levels(mod):
        g = registry.new_game(entry, 3, None, Rng(1))
        rng = Rng(8)
        players = [registry.player(mod, level, rng) for _ in range(3)]
        names = [set(vars(p)) for p in players]
        for n in range(40):
            if g.pending is None:
                break
            seat = g.pending[0]
            p = players[seat]
            view = g.view(seat)
            before = set(map(id, gc.get_objects()))
            move = p.choose(view)
            assert set(vars(p)) == names[seat], (level, n)
            for name, value in vars(p).items():
                assert not gc.is_tracked(value) or id(value) in before, (level, name)
            g.apply(move)

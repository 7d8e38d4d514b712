"""tools/bench_load.py: the load-time benchmark measures boot and Start for every game of the
menu (the goals are checked by the benchmark, not here: one run each is too noisy to test a
figure's size)."""

import json

from tools import bench_load


def test_bench_load_measures_boot_and_every_games_start(capsys):
    bench_load.main(["--repeats", "1", "--json"])
    out = json.loads(capsys.readouterr().out)
    assert out["installed_as"] == ".mpy" and isinstance(out["passes"], bool)
    assert sorted(out["start"]) == sorted(name for name, _ in bench_load.game_rows())
    # every figure timed inside its run, with the port's speed in that run: never below nothing
    for v in [out["boot"]] + list(out["start"].values()):
        assert v["ms_here"] > 0 and v["s_samd51"] > 0, v
        assert v["pystones_here"] > 10 * out["samd51_pystones"], v


def test_start_is_timed_from_the_key_to_the_games_first_screen():
    """The runner's clock marks: code.py starts, the app first sleeps (booted), the key A on
    Start goes down, the menus show on the way, then the game's first screen (``game:``), later
    than the key; the port's speed at the end of the run."""
    name, keys = bench_load.game_rows()[0]
    started = bench_load.started(keys)
    r = bench_load.run_script(started, total_heap=bench_load.HEAP, probe=False, timing=True)
    assert r.status == 0, r.message
    assert [what for what, _, _ in r.clock[:2]] == ["code", "ready"] and r.clock[1][2] > r.clock[0][2]
    last_a = max(i for i, (what, key, _) in enumerate(r.clock) if what == "down" and key == "A")
    games = [c for c in r.clock[last_a:] if c[0] == "shown" and c[1].startswith("game:")]
    assert games and games[0][2] > r.clock[last_a][2]
    seconds, pystones = bench_load.start_time(started, bench_load.REPO)
    assert seconds > 0 and pystones > 10 * bench_load.SAMD51_PYSTONES

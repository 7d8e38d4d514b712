"""tools/bench_load.py: the load-time benchmark measures boot and Start for every game of the
menu (the goals are checked by the benchmark, not here: one run each is too noisy to test a
figure's size)."""

import json

from tools import bench_load


def test_bench_load_measures_boot_and_every_games_start(capsys):
    bench_load.main(["--repeats", "1", "--json"])
    out = json.loads(capsys.readouterr().out)
    assert out["installed_as"] == ".mpy" and out["samd51_factor"] > 10
    assert isinstance(out["boot_ms_here"], float) and isinstance(out["passes"], bool)
    assert sorted(out["start_ms_here"]) == sorted(name for name, _ in bench_load.game_rows())
    assert sorted(out["start_s_samd51"]) == sorted(out["start_ms_here"])
    # from the key on Start to the game's first screen inside one run: never below nothing
    assert all(ms > 0 for ms in out["start_ms_here"].values()), out["start_ms_here"]


def test_start_is_timed_from_the_key_to_the_games_first_screen():
    """The runner's clock marks: the key A on Start goes down, the menus show on the way, then
    the game's first screen (``game:``), later than the key."""
    name, keys = bench_load.game_rows()[0]
    started = bench_load.started(keys)
    r = bench_load.run_script(started, total_heap=bench_load.HEAP, probe=False, timing=True)
    assert r.status == 0, r.message
    last_a = max(i for i, (what, key, _) in enumerate(r.clock) if what == "down" and key == "A")
    games = [c for c in r.clock[last_a:] if c[0] == "shown" and c[1].startswith("game:")]
    assert games and games[0][2] > r.clock[last_a][2]
    assert bench_load.start_time(started, bench_load.REPO) > 0

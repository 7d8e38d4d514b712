"""tools/bench_load.py: the load-time benchmark measures boot and Start for every game of the
menu (the goals are checked by the benchmark, not here; one run each is too noisy to test a
figure's size: a difference of a few milliseconds of CPU between two runs)."""

import json

from tools import bench_load


def test_bench_load_measures_boot_and_every_games_start(capsys):
    bench_load.main(["--repeats", "1", "--json"])
    out = json.loads(capsys.readouterr().out)
    assert out["installed_as"] == ".mpy" and out["samd51_factor"] > 10
    assert isinstance(out["boot_ms_here"], float) and isinstance(out["passes"], bool)
    assert sorted(out["start_ms_here"]) == sorted(name for name, _ in bench_load.game_rows())
    assert sorted(out["start_s_samd51"]) == sorted(out["start_ms_here"])

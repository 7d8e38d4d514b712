"""tools/bench_load.py: the load-time benchmark measures boot and Start for every game of the
menu, and its figures are positive CPU times (the goals are checked by the benchmark, not here)."""

import json

from tools import bench_load


def test_bench_load_measures_boot_and_every_games_start(capsys):
    bench_load.main(["--repeats", "1", "--json"])
    out = json.loads(capsys.readouterr().out)
    assert out["installed_as"] == ".mpy" and out["samd51_factor"] > 10
    assert out["boot_ms_here"] > 0 and out["boot_s_samd51"] > 0
    assert sorted(out["start_ms_here"]) == sorted(name for name, _ in bench_load.game_rows())
    assert all(v > 0 for v in out["start_ms_here"].values())

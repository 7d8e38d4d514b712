"""tools/bench_decisions.py: decision times and allocations under MicroPython, and the SAMD51
transfer (a short run; the full one is the tool's)."""

import json

from tools import bench_decisions as bench


def test_P10C_7_percentiles_round_up_to_a_decision():
    xs = list(range(1, 101))
    assert bench.percentile(xs, 50) == 50
    assert bench.percentile(xs, 95) == 95
    assert bench.percentile(xs, 100) == 100
    assert bench.percentile([7], 95) == 7


def test_P10C_7_a_short_measurement_of_the_hard_player(capsys):
    assert bench.main(["--decisions", "40", "--games", "phase10", "--levels", "hard", "--json"]) == 0
    out = json.loads(capsys.readouterr().out)
    cal = out["calibration"]
    assert cal["pystones_per_s"] > 1520  # a desktop is faster than a SAMD51
    assert cal["factor_low"] <= cal["factor"] <= cal["factor_high"]
    (r,) = out["levels"]
    assert r["game"] == "phase10" and r["level"] == "hard" and r["decisions"] == 40
    assert 0 < r["us_p50"] <= r["us_p95"] <= r["us_max"]
    assert r["alloc_max"] >= r["alloc_p95"] > 0  # the WebAssembly pass ran
    assert r["samd51_ms_max"][1] <= r["samd51_ms_max"][0] <= r["samd51_ms_max"][2]

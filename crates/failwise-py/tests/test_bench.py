"""The normalize benchmark runs (at a small size) and both sides find the same failures."""

from __future__ import annotations

import importlib.util
import pathlib

BENCH = pathlib.Path(__file__).resolve().parents[1] / "bench" / "normalize.py"


def test_the_benchmark_runs_and_reports_a_ratio(capsys):
    spec = importlib.util.spec_from_file_location("bench_normalize", BENCH)
    bench = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(bench)
    report = bench.main(["--lines", "600", "--repeat", "1"])
    assert report["failures"] == 400
    assert report["ratio"] is not None and report["ratio"] > 0
    assert "ratio" in capsys.readouterr().out

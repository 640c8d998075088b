"""The Python package (the wheel `batchlane-core`) against the two Python routes,
in the same process on the same file:
  1. batchlane_core.check_file(count_tokens=False) vs openbatch's
     validate_batch_file (structure only; target >= 4x);
  2. batchlane_core.check_file() with exact tokens vs json.loads + tiktoken
     encode_ordinary (target >= 10x).
Prints one JSON object per route (best of RUNS for openbatch and batchlane,
one run of the slow json+tiktoken route), then the two ratios.

Usage: python3 tools/bench_binding.py FILE [RUNS]
"""
import json
import os
import sys
import time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))

import batchlane_core  # noqa: E402
import bench_openbatch  # noqa: E402
import bench_python  # noqa: E402


def check(path: str, runs: int, count_tokens: bool) -> dict:
    seconds = float("inf")
    for _ in range(runs):
        start = time.perf_counter()
        report = batchlane_core.check_file(path, count_tokens=count_tokens)
        seconds = min(seconds, time.perf_counter() - start)
    s = report.summary
    return {"route": f"batchlane_core.check_file(count_tokens={count_tokens})", "seconds": round(seconds, 3),
            "mb_per_s": round(os.path.getsize(path) / 1e6 / seconds, 1), "requests": s["requests"],
            "errors": s["errors"], "prompt_tokens": s["prompt_tokens"], "runs": runs,
            "threads": os.cpu_count()}


def main(path: str, runs: int) -> None:
    py = bench_python.route(path)
    print(json.dumps(py), flush=True)
    tokens = check(path, runs, True)
    print(json.dumps(tokens), flush=True)
    ob = bench_openbatch.route(path, runs)
    print(json.dumps(ob), flush=True)
    structural = check(path, runs, False)
    print(json.dumps(structural), flush=True)
    print(json.dumps({"openbatch / batchlane (structure)": round(ob["seconds"] / structural["seconds"], 2), "target": 4}))
    print(json.dumps({"python json+tiktoken / batchlane (tokens)": round(py["seconds"] / tokens["seconds"], 2), "target": 10}))


if __name__ == "__main__":
    main(sys.argv[1], int(sys.argv[2]) if len(sys.argv) > 2 else 3)

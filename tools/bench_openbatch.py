"""openbatch's validate_batch_file (PyPI; structure only, no tokens) on a
batch file: the Python validator the native check is compared with.
Prints the best of RUNS runs' seconds (default 3, the native check's
figure is a best-of too), MB/s and what it found.

Usage: python3 tools/bench_openbatch.py FILE [RUNS]
"""
import json
import os
import sys
import time

from openbatch import validation


def route(path: str, runs: int = 3) -> dict:
    """The best of `runs` runs; its figures as a dict."""
    seconds = float("inf")
    for _ in range(runs):
        start = time.perf_counter()
        result = validation.validate_batch_file(path)
        seconds = min(seconds, time.perf_counter() - start)
    size = os.path.getsize(path)
    return {"route": "openbatch validate_batch_file", "seconds": round(seconds, 3),
            "mb_per_s": round(size / 1e6 / seconds, 1), "valid": bool(result.is_valid),
            "errors": len(getattr(result, "errors", []) or []), "runs": runs}


def main(path: str, runs: int) -> None:
    print(json.dumps(route(path, runs)))


if __name__ == "__main__":
    main(sys.argv[1], int(sys.argv[2]) if len(sys.argv) > 2 else 3)

"""openbatch's validate_batch_file (PyPI; structure only, no tokens) on a
batch file: the Python validator the native check is compared with.
Prints seconds, MB/s and what it found.

Usage: python3 tools/bench_openbatch.py FILE
"""
import json
import os
import sys
import time

from openbatch import validation


def main(path: str) -> None:
    start = time.perf_counter()
    result = validation.validate_batch_file(path)
    seconds = time.perf_counter() - start
    size = os.path.getsize(path)
    print(json.dumps({"route": "openbatch validate_batch_file", "seconds": round(seconds, 3),
                      "mb_per_s": round(size / 1e6 / seconds, 1), "valid": bool(result.is_valid),
                      "errors": len(getattr(result, "errors", []) or [])}))


if __name__ == "__main__":
    main(sys.argv[1])

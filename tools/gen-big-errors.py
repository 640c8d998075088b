#!/usr/bin/env python3
"""Writes a large batch error file for measuring `batchlane results`' peak
memory (issue 27; `./dev bench` runs it): N error lines (default
2,000,000, about 266 MB), each
its own custom_id, with the handful of codes and messages real error files
repeat.

    python3 tools/gen-big-errors.py OUT.jsonl [N]
    /usr/bin/time -v target/release/batchlane results --output empty.jsonl --errors OUT.jsonl --format json > /dev/null
"""
import sys

CODES = [
    ("batch_expired", "This request could not be executed before the completion window expired."),
    ("batch_cancelled", "This request was cancelled because the batch was cancelled."),
    ("server_error", "The server had an error while processing your request."),
]


def main():
    out, n = sys.argv[1], int(sys.argv[2]) if len(sys.argv) > 2 else 2_000_000
    with open(out, "w", encoding="utf-8") as f:
        for i in range(n):
            code, msg = CODES[i % len(CODES)]
            f.write(f'{{"custom_id":"r{i:07d}","error":{{"code":"{code}","message":"{msg}"}}}}\n')


if __name__ == "__main__":
    main()

"""The batch check's figures of one `./dev bench` run as a Markdown table,
a row per figure and a column per shape (what the README's speed table
is written from). Reads the JSON lines tools/bench_shapes.py and
tools/bench-browser.mjs wrote.

Usage: python3 tools/bench_table.py FIGURES.jsonl
"""
import json
import sys

ROWS = [
    ("CLI structural vs openbatch", "`batchlane check --no-tokens` vs openbatch 0.0.4 (goal ≥ 4×)"),
    ("Python check_file(count_tokens=False) vs openbatch, same process",
     "Python `check_file(count_tokens=False)` vs openbatch, same process (goal ≥ 4×)"),
    ("CLI full check vs the Python route", "native `batchlane check`, exact tokens, vs `json.loads` + tiktoken"),
    ("Python check_file() vs the Python route", "Python `check_file()`, exact tokens, vs `json.loads` + tiktoken"),
    ("browser structural", "browser, structural checks only, the app's workers: one, two for tools lines (goal ≥ 400 MB/s)"),
    ("browser full check vs the Python route", "browser, exact tokens, vs `json.loads` + tiktoken (goal ≥ 6×)"),
    ("browser full check vs the native CLI", "browser, exact tokens: its time / native `batchlane check`'s (goal ≤ 1.6)"),
    ("multi-byte text", "multi-byte text: Korean file's structural time / its English twin's (goal ≤ 1.1)"),
]


def cell(f: dict) -> str:
    load = f"load {f['load_min']:.1f}–{f['load_max']:.1f}"
    if f.get("refused") and f["figure"] != "browser structural":
        return f"refused (reference spread {f['reference_spread']:.0%}; {load})"
    if f["figure"] == "browser structural":
        bare = ""
        if f.get("bare_read_seconds"):
            ratio = "refused (bare read's runs spread {:.0%})".format(f["bare_read_spread"]) if f.get("refused") else f"{f['ratio_to_bare']:.2f}×"
            bare = f"; a bare `Blob.stream()` read {f['bare_read_mb_per_s']:.0f} MB/s, the check's time / the read's {ratio}"
        return f"**{f['mb_per_s']:.0f} MB/s**, {f['seconds']:.2f} s{bare} ({load})"
    subject = f.get("subject_seconds")
    if f["figure"] == "browser full check vs the native CLI":
        return f"**{f['ratio']:.2f}** ({subject:.2f} s vs {f['reference_seconds']:.2f} s; {load})"
    return f"**{f['ratio']:.2f}×** ({subject:.2f} s vs {f['reference_seconds']:.2f} s; {load})"


def main(path: str) -> None:
    figures = [json.loads(line) for line in open(path) if line.strip()]
    shapes = []
    for f in figures:
        if f.get("shape") and f["shape"] not in shapes:
            shapes.append(f["shape"])
    sizes = {f["shape"]: f["bytes"] for f in figures if f.get("bytes")}
    print("| figure | " + " | ".join(f"{s} ({sizes.get(s, 0) / 1e6:.0f} MB)" for s in shapes) + " |")
    print("|---|" + "---|" * len(shapes))
    for key, label in ROWS:
        cells = []
        for s in shapes:
            f = next((f for f in figures if f.get("shape") == s and f["figure"].startswith(key)), None)
            cells.append(cell(f) if f else "—")
        if any(c != "—" for c in cells):
            print(f"| {label} | " + " | ".join(cells) + " |")


if __name__ == "__main__":
    main(sys.argv[1])

"""The batch check's figures on one bench file, each subject measured
against its reference in the same run: their runs interleaved (subject,
reference, subject, ...), the best of each, the machine's 1-minute load
average (/proc/loadavg) beside every figure, and a ratio REFUSED when the
reference's own runs spread more than REFUSE_SPREAD (a reference that ran
slow once must not become a headline).

Figures (a line each, then one JSON object per figure):
  - `batchlane check --no-tokens` (the CLI, whole process) vs openbatch's
    validate_batch_file (in this process), when openbatch is installed;
  - `batchlane_core.check_file(count_tokens=False)` vs openbatch, same process;
  - `batchlane check` with exact tokens (the CLI) vs the Python route
    (json.loads + tiktoken encode_ordinary, tools/bench_python.py);
  - `batchlane_core.check_file()` with exact tokens vs the Python route.
With --twin FILE2: the CLI's structural check on FILE against FILE2 (the
same tickets in English only), interleaved: what multi-byte text costs.

A short run is noisy (a 0.1 s run spread 47-57% on a quiet machine: the
scheduler, process start, the page cache), so each timed sample of a route
is as many runs back to back as take about SAMPLE_SECONDS (counted from the
faster of two untimed warm-up runs, which are discarded; at most
MAX_PER_SAMPLE runs), and
its time per run is the sample's time over its runs. The spread rule is
applied to these samples unchanged.

Usage: python3 tools/bench_shapes.py FILE --cli PATH [--runs N] [--slow-runs M] [--twin FILE2]
       [--label NAME] [--json-out PATH]
"""
import argparse
import json
import math
import os
import subprocess
import sys
import time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))

import bench_python  # noqa: E402

REFUSE_SPREAD = 0.20
# A timed sample lasts about this long (runs back to back), ...
SAMPLE_SECONDS = 1.0
# ... and holds at most this many runs.
MAX_PER_SAMPLE = 64

try:
    import bench_openbatch  # noqa: E402 (openbatch's validate_batch_file)
except ImportError:  # openbatch is not installed: its figures are left out
    bench_openbatch = None

try:
    import batchlane_core as batchlane
except ImportError:  # the wheel's figures are left out
    batchlane = None


def load() -> float:
    """The 1-minute load average."""
    with open("/proc/loadavg") as f:
        return float(f.read().split()[0])


class Runs:
    """One route's timed runs and the load before each."""

    def __init__(self, name: str, run):
        self.name, self.run, self.seconds, self.loads, self.per = name, run, [], [], 1

    def warm_up(self) -> None:
        """Untimed runs (discarded), which set how many runs a sample holds:
        from the faster of two (the first pages in the program and the
        file, and took up to twice as long: samples then held half the
        runs meant, and a 0.5 s sample of a 0.12 s check spread 21%)."""
        took = []
        for _ in range(2):
            start = time.perf_counter()
            self.run()
            took.append(time.perf_counter() - start)
            if took[-1] > SAMPLE_SECONDS:
                break
        self.per = max(1, min(MAX_PER_SAMPLE, math.ceil(SAMPLE_SECONDS / max(min(took), 1e-6))))

    def once(self) -> None:
        """One timed sample: `per` runs back to back; its time per run."""
        self.loads.append(load())
        start = time.perf_counter()
        for _ in range(self.per):
            self.run()
        self.seconds.append((time.perf_counter() - start) / self.per)

    def best(self) -> float:
        return min(self.seconds)

    def spread(self) -> float:
        return (max(self.seconds) - min(self.seconds)) / min(self.seconds)


def cli(path: str, *args: str):
    cmd = [path, "check", *args, "--format", "json"]
    return lambda: subprocess.run(cmd, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, check=False)


def figure(label: str, subject: Runs, reference: Runs, size: int, size_ref: int = 0, cost: bool = False) -> dict:
    """Prints one figure and returns it as a dict: the reference's time
    over the subject's (with `cost`, the subject's over the reference's)."""
    loads = subject.loads + reference.loads
    mb = size / 1e6
    out = {
        "figure": label,
        "subject": subject.name,
        "subject_seconds": round(subject.best(), 3),
        "subject_mb_per_s": round(mb / subject.best(), 1),
        "subject_runs": [round(s, 3) for s in subject.seconds],
        "subject_runs_per_sample": subject.per,
        "reference": reference.name,
        "reference_seconds": round(reference.best(), 3),
        "reference_runs": [round(s, 3) for s in reference.seconds],
        "reference_spread": round(reference.spread(), 3),
        "reference_runs_per_sample": reference.per,
        "load_min": min(loads),
        "load_max": max(loads),
    }
    if size_ref:
        out["reference_mb_per_s"] = round(size_ref / 1e6 / reference.best(), 1)
    refused = reference.spread() > REFUSE_SPREAD
    ratio = subject.best() / reference.best() if cost else reference.best() / subject.best()
    out["ratio"] = None if refused else round(ratio, 2)
    out["refused"] = refused
    ref_runs = ", ".join(f"{s:.3f}" for s in reference.seconds)
    head = f"  {label}: "
    if refused:
        print(f"{head}REFUSED: {reference.name}'s runs spread {reference.spread():.0%} (> {REFUSE_SPREAD:.0%}: {ref_runs} s); "
              f"{subject.name} best {subject.best():.2f} s; load {min(loads):.2f}-{max(loads):.2f}")
    else:
        print(f"{head}{ratio:.2f}x  ({subject.name} {subject.best():.3f} s = {mb / subject.best():.0f} MB/s, "
              f"best of {len(subject.seconds)} samples of {subject.per} runs; {reference.name} {reference.best():.3f} s, "
              f"best of {ref_runs} s per run ({reference.per} runs a sample), "
              f"spread {reference.spread():.0%}; load {min(loads):.2f}-{max(loads):.2f})")
    sys.stdout.flush()
    return out


def interleave(runs: int, *routes: Runs) -> None:
    """An untimed round first (the file in the page cache, the code paged
    in; it sets each route's runs per sample), then `runs` rounds of one
    sample of each route."""
    for r in routes:
        r.warm_up()
    for _ in range(runs):
        for r in routes:
            r.once()


def main() -> None:
    p = argparse.ArgumentParser()
    p.add_argument("file")
    p.add_argument("--cli", required=True)
    p.add_argument("--runs", type=int, default=5)
    p.add_argument("--slow-runs", type=int, default=3)
    p.add_argument("--twin")
    p.add_argument("--label", default="")
    p.add_argument("--json-out", help="append each figure as a JSON line to this file (else printed)")
    a = p.parse_args()
    path, size = a.file, os.path.getsize(a.file)
    figures = []

    # The file is clean (a bench file with errors would time the wrong thing).
    report = json.loads(subprocess.run([a.cli, "check", path, "--no-tokens", "--format", "json"], capture_output=True, check=False).stdout or "{}")
    summary = report.get("summary", report)
    print(f"  the file: {summary.get('requests', '?')} requests, {summary.get('errors', '?')} errors, {summary.get('warnings', '?')} warnings")

    # Structure only: the CLI and the wheel against openbatch, interleaved.
    cli_s = Runs("batchlane check --no-tokens", cli(a.cli, path, "--no-tokens"))
    routes = [cli_s]
    if bench_openbatch is not None:
        ob = Runs("openbatch validate_batch_file", lambda: bench_openbatch.route(path, 1))
        routes.append(ob)
    if batchlane is not None:
        wheel_s = Runs("batchlane_core.check_file(count_tokens=False)", lambda: batchlane.check_file(path, count_tokens=False))
        routes.append(wheel_s)
    twin = None
    if a.twin:
        twin = Runs("batchlane check --no-tokens (English twin)", cli(a.cli, a.twin, "--no-tokens"))
        routes.append(twin)
    interleave(a.runs, *routes)
    if bench_openbatch is None:
        print("  (openbatch is not installed in this Python: its figures are left out)")
    else:
        figures.append(figure("CLI structural vs openbatch", cli_s, ob, size))
        if batchlane is not None:
            figures.append(figure("Python check_file(count_tokens=False) vs openbatch, same process", wheel_s, ob, size))
    if twin is not None:
        # The twin is the reference; the ratio is this file's time over the twin's.
        label = "multi-byte text: this file's structural time / its English twin's (goal <= 1.1)"
        figures.append(figure(label, cli_s, twin, size, os.path.getsize(a.twin), cost=True))

    # Exact tokens: the CLI and the wheel against the Python route, interleaved.
    cli_t = Runs("batchlane check (exact tokens)", cli(a.cli, path))
    py = Runs("python json.loads + tiktoken", lambda: bench_python.route(path))
    routes = [cli_t, py]
    if batchlane is not None:
        wheel_t = Runs("batchlane_core.check_file() (exact tokens)", lambda: batchlane.check_file(path))
        routes.append(wheel_t)
    interleave(a.slow_runs, *routes)
    figures.append(figure("CLI full check vs the Python route", cli_t, py, size))
    if batchlane is not None:
        figures.append(figure("Python check_file() vs the Python route", wheel_t, py, size))
    lines = []
    for f in figures:
        f["shape"] = a.label
        f["bytes"] = size
        lines.append(json.dumps(f))
    if a.json_out:
        with open(a.json_out, "a") as out:
            out.writelines(line + "\n" for line in lines)
    else:
        print("\n".join(lines))


if __name__ == "__main__":
    main()

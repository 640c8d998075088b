"""The Python reports equal the CLI's JSON, byte for byte: every fixture of
tests/fixtures/batch (both dialects, with and without tokens), the results
fixtures and a few quota rows. Both print what one core function builds."""
import json
import subprocess

import pytest

import batchlane_core
from conftest import BATCH_FIXTURES, RESULTS_FIXTURES

BATCH_FILES = sorted(p for p in BATCH_FIXTURES.iterdir() if p.is_file())


def run_cli(cli, *args):
    p = subprocess.run([cli, *map(str, args)], capture_output=True, text=True)
    assert p.returncode in (0, 1, 3), p.stderr
    return p.stdout


@pytest.mark.parametrize("path", BATCH_FILES, ids=[p.name for p in BATCH_FILES])
@pytest.mark.parametrize("dialect", ["azure", "openai"])
@pytest.mark.parametrize("tokens", [True, False], ids=["tokens", "no-tokens"])
def test_check_file_equals_cli_json(cli, path, dialect, tokens):
    args = ["check", path, "--format", "json", "--dialect", dialect] + ([] if tokens else ["--no-tokens"])
    want = run_cli(cli, *args)
    report = batchlane_core.check_file(str(path), dialect=dialect, count_tokens=tokens)
    assert report.to_json() == want
    cli_json = json.loads(want)
    assert [d.to_dict() for d in report.diagnostics] == cli_json["diagnostics"]
    assert report.ok == (cli_json["summary"]["errors"] == 0 and cli_json["summary"]["verdict"] == "ready")
    for k, v in cli_json["summary"].items():
        assert report.summary[k] == v, k


def test_the_options_reach_the_check_as_the_flags_do(cli):
    path = BATCH_FIXTURES / "azure_300.jsonl"
    want = run_cli(cli, "check", path, "--format", "json", "--model", "gpt-4o", "--quota", "1000",
                   "--endpoint", "/chat/completions", "--byo-storage",
                   "--fact", "openai_batch_model.gpt-4o-audio-preview=0")
    got = batchlane_core.check_file(str(path), model="gpt-4o", quota=1000, endpoint="/chat/completions", byo_storage=True,
                               facts={"openai_batch_model.gpt-4o-audio-preview": 0})
    assert got.to_json() == want


def test_every_option_row_reaches_the_check_as_its_flag_does(cli):
    """Every row of the core's options table, as a flag and as a keyword
    (same name, `_` for `-`), gives the same report."""
    path = BATCH_FIXTURES / "valid.jsonl"
    flags = ["--dialect", "openai", "--endpoint", "/v1/chat/completions", "--model", "gpt-4o",
             "--enqueued-limit", "default", "--zone", "datazone", "--encoding", "cl100k_base",
             "--price-in", "2", "--price-out", "3", "--byo-storage", "--no-count-tokens"]
    want = run_cli(cli, "check", path, "--format", "json", *flags)
    got = batchlane_core.check_file(str(path), dialect="openai", endpoint="/v1/chat/completions", model="gpt-4o",
                                    enqueued_limit="default", zone="datazone", encoding="cl100k_base",
                                    price_in=2, price_out=3, byo_storage=True, count_tokens=False)
    assert got.to_json() == want


RESULTS_CASES = [
    (kind, files)
    for kind in ("chat", "responses")
    for files in (("output", "errors", "input"), ("output", "errors"), ("output",), ("errors", "input"))
]


@pytest.mark.parametrize("kind,files", RESULTS_CASES, ids=[f"{k}-{'+'.join(f)}" for k, f in RESULTS_CASES])
def test_join_results_equals_cli_json(cli, kind, files):
    d = RESULTS_FIXTURES / kind
    paths = {f: d / f"{f}.jsonl" for f in files}
    args = ["results", "--format", "json"]
    for f, p in paths.items():
        args += [f"--{f}", p]
    p = subprocess.run([cli, *map(str, args)], capture_output=True, text=True)
    assert p.returncode in (0, 1), p.stderr
    got = batchlane_core.join_results(paths.get("output"), paths.get("errors"), paths.get("input"))
    assert got.to_json() == p.stdout
    assert got.ok == (p.returncode == 0)


@pytest.mark.parametrize("model,deployment,tier", [("gpt-4o", "datazone", 1), ("gpt-4o-mini", "standard", 6), ("o1", "datazone", "free")])
def test_quota_equals_cli_json(cli, model, deployment, tier):
    p = subprocess.run([cli, "quota", "--model", model, "--deployment", deployment, "--tier", str(tier), "--format", "json"],
                       capture_output=True, text=True)
    if p.returncode != 0:
        with pytest.raises(batchlane_core.NotFoundError) as e:
            batchlane_core.quota(model, deployment, tier)
        assert str(e.value) in p.stderr
        return
    assert batchlane_core.quota(model, deployment, tier) == json.loads(p.stdout)

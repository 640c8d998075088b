"""batchlane_core.lanes: the dict `batchlane lanes --format json` prints, for
the same options (one core function builds both), the issue's cases through
Python, and typed errors."""
import json
import subprocess

import pytest

import batchlane_core
from conftest import REPO

LANES_FIXTURES = REPO / "tests" / "fixtures" / "lanes"
CATALOG_FIXTURE = REPO / "tests" / "fixtures" / "facts-import" / "retail-prices.json"
MATRIX_FIXTURE = REPO / "tests" / "fixtures" / "facts-import" / "deployments-batch.md"


def cli_lanes(cli, *args):
    p = subprocess.run([cli, "lanes", *map(str, args), "--format", "json"], capture_output=True, text=True)
    assert p.returncode == 0, p.stderr
    return json.loads(p.stdout)


# (CLI arguments, the same question as lanes() keywords)
CASES = [
    (["--model", "gpt-5.5"], dict(model="gpt-5.5")),
    (["--model", "gpt-5.4", "--region", "francecentral", "--data-zone"],
     dict(model="gpt-5.4", region="francecentral", data_zone=True)),
    (["--model", "gpt-4o-mini", "--deadline-hours", "48", "--tokens-per-day", "5000000"],
     dict(model="gpt-4o-mini", deadline_hours=48, tokens_per_day=5_000_000)),
    (["--model", "gpt-4.1", "--deadline-hours", "1", "--region", "eastus2", "--tokens-per-day", "1000000"],
     dict(model="gpt-4.1", deadline_hours=1.0, region="eastus2", tokens_per_day=1_000_000)),
    (["--model", "gpt-5.6-sol", "--latency-tps", "60", "--prompt-share", "0.8"],
     dict(model="gpt-5.6-sol", latency_tps=60, prompt_share=0.8)),
    (["--model", "gpt-4o-mini", "--dialect", "openai", "--tokens-per-day", "100"],
     dict(model="gpt-4o-mini", dialect="openai", tokens_per_day=100)),
    (["--model", "gpt-4o-mini", "--deadline-hours", "2", "--jobs", LANES_FIXTURES / "batches.json"],
     dict(model="gpt-4o-mini", deadline_hours=2, jobs=str(LANES_FIXTURES / "batches.json"))),
    (["--model", "gpt-4.1", "--tokens-per-day", "1000000", "--catalog", CATALOG_FIXTURE],
     dict(model="gpt-4.1", tokens_per_day=1_000_000, catalog=str(CATALOG_FIXTURE))),
    (["--model", "gpt-5.5", "--region", "swedencentral", "--catalog", MATRIX_FIXTURE],
     dict(model="gpt-5.5", region="swedencentral", catalog=str(MATRIX_FIXTURE))),
]


@pytest.mark.parametrize("args,kwargs", CASES, ids=[c[1]["model"] + "-" + str(i) for i, c in enumerate(CASES)])
def test_lanes_equals_cli_json(cli, args, kwargs):
    model = kwargs.pop("model")
    assert batchlane_core.lanes(model, **kwargs) == cli_lanes(cli, *args)


def row(report, lane, deployment):
    return next(r for r in report["lanes"] if r["lane"] == lane and r["deployment_type"] == deployment)


def test_the_issue_cases_through_python():
    r = batchlane_core.lanes("gpt-5.5")
    assert not any(x["available"] for x in r["lanes"] if x["lane"] == "batch")
    assert "deployments-batch.md" in row(r, "batch", "global")["source"]
    r = batchlane_core.lanes("gpt-5.4", region="francecentral", data_zone=True)
    assert not row(r, "batch", "datazone")["available"]
    assert row(batchlane_core.lanes("gpt-5.4", region="eastus2", data_zone=True), "batch", "datazone")["available"]
    r = batchlane_core.lanes("gpt-4o-mini", None, False, 48, 5_000_000)
    assert r["cheapest"] == "batch"
    assert batchlane_core.lanes("gpt-4o-mini", deadline_hours=1, tokens_per_day=5_000_000)["cheapest"] != "batch"


def test_jobs_take_a_list_and_a_path_alike():
    page = str(LANES_FIXTURES / "batches.json")
    assert batchlane_core.lanes("gpt-4o-mini", deadline_hours=2, jobs=[page]) == \
        batchlane_core.lanes("gpt-4o-mini", deadline_hours=2, jobs=page)


def test_errors_are_typed():
    with pytest.raises(batchlane_core.NotFoundError, match="closest known"):
        batchlane_core.lanes("gpt-4oo")
    with pytest.raises(batchlane_core.OptionError):
        batchlane_core.lanes("gpt-4o", deadline_hours=-1)
    with pytest.raises(batchlane_core.OptionError):
        batchlane_core.lanes("gpt-4o", tokens_per_day=-5)
    with pytest.raises(batchlane_core.OptionError):
        batchlane_core.lanes("gpt-4o", prompt_share=2)
    with pytest.raises(batchlane_core.OptionError):
        batchlane_core.lanes("gpt-4o", dialect="gcp")
    with pytest.raises(batchlane_core.ReadError, match=r"bad\.json: line 2"):
        batchlane_core.lanes("gpt-4o-mini", jobs=str(LANES_FIXTURES / "bad.json"))
    with pytest.raises(batchlane_core.ReadError):
        batchlane_core.lanes("gpt-4o-mini", jobs=str(LANES_FIXTURES / "no-such-file.json"))
    assert issubclass(batchlane_core.NotFoundError, batchlane_core.Error)


def test_an_imported_batch_matrix_answers_through_catalog():
    """A newer batch matrix (gpt-5.5 added in swedencentral) given as catalog= is what lanes() answers from."""
    assert not row(batchlane_core.lanes("gpt-5.5", region="swedencentral"), "batch", "global")["available"]
    g = row(batchlane_core.lanes("gpt-5.5", region="swedencentral", catalog=MATRIX_FIXTURE), "batch", "global")
    assert g["available"]
    assert "deployments-batch.md" in g["source"] and "2026-10-01" in g["source"]

"""docs/python-engine.md's recipe, run as written on a local Dask cluster
(two worker processes importing the installed wheel): one row per file,
equal to checking each file here."""
import re
import shutil

import pytest

import batchlane_core
from conftest import BATCH_FIXTURES, REPO

pytest.importorskip("dask.distributed")


def recipe():
    text = (REPO / "docs" / "python-engine.md").read_text(encoding="utf-8")
    block = re.search(r"<!-- the recipe[^>]*-->\n```python\n(.*?)```", text, re.S)
    assert block, "docs/python-engine.md lost its recipe block"
    namespace = {"__name__": "recipe"}
    exec(compile(block.group(1), "docs/python-engine.md", "exec"), namespace)
    return namespace


def test_the_recipe_checks_a_folder_on_a_local_dask_cluster(tmp_path, capsys):
    from dask.distributed import Client, LocalCluster

    folder = tmp_path / "batches"
    (folder / "more").mkdir(parents=True)
    names = ["openai_chat.jsonl", "openai_invalid.jsonl", "openai_embeddings.jsonl", "valid.jsonl", "broken.jsonl", "empty.jsonl"]
    for i, name in enumerate(names):
        shutil.copy(BATCH_FIXTURES / name, (folder / "more" if i % 2 else folder) / name)
    (folder / "not-a-batch.txt").write_text("skipped")
    r = recipe()
    with LocalCluster(n_workers=2, threads_per_worker=1, processes=True, dashboard_address=None) as cluster, Client(cluster) as client:
        rows = r["check_folder"](str(folder), client, dialect="openai")
        # The workers are other processes, running the same installed wheel.
        where = client.run(lambda: batchlane_core.__file__)
        assert set(where.values()) == {batchlane_core.__file__}
    assert len(rows) == len(names) and [row["file"] for row in rows] == sorted(row["file"] for row in rows)
    for row in rows:
        report = batchlane_core.check_file(row["file"], dialect="openai")
        assert row["ok"] == report.ok and row["verdict"] == report.verdict
        assert row["requests"] == report.summary["requests"] and row["errors"] == report.summary["errors"]
        assert row["enqueued_tokens"] == report.summary["enqueued_tokens"]
    assert not next(row for row in rows if row["file"].endswith("openai_invalid.jsonl"))["ok"]
    r["print_table"](rows)
    assert "openai_invalid.jsonl" in capsys.readouterr().out


def test_an_unreadable_file_is_a_row_not_a_failure(tmp_path):
    r = recipe()
    row = r["check_one"](str(tmp_path / "gone.jsonl"), {})
    assert row["verdict"] == "unreadable" and "cannot read" in row["first_error"]

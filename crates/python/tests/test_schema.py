"""The line formats' JSON Schemas (``json_schema``, the CLI's ``batchlane
schema``) against a standard validator, jsonschema (draft 2020-12): each is
a valid schema equal to the CLI's, the result and batch fixtures fit theirs,
and on every input line of the fixtures and the real-world corpus the
schema and the checker (the line alone, no tokens) agree, but for the lines
crates/core/tests/fixtures/schema-differences.json lists with the reason
(the Rust test and the npm package's ajv test hold the same file)."""
import json
import subprocess

import jsonschema
import pytest

import batchlane_core
from conftest import REPO, RESULTS_FIXTURES

KINDS = ("input", "output", "error", "batch")
DIFFERENCES = json.loads((REPO / "crates/core/tests/fixtures/schema-differences.json").read_text(encoding="utf-8"))


def input_fixtures():
    out = []
    for folder, by_prefix in (("crates/core/tests/fixtures/real", False), ("tests/fixtures/batch", True)):
        for p in sorted((REPO / folder).glob("*.jsonl")):
            if p.name.endswith(".sources.jsonl"):
                continue
            openai = p.name.startswith("openai") if by_prefix else "openai" in p.name
            out.append((f"{folder}/{p.name}", "openai" if openai else "azure"))
    return out


def validator(dialect, kind="input", endpoint=None):
    schema = batchlane_core.json_schema(dialect, kind, endpoint)
    jsonschema.Draft202012Validator.check_schema(schema)
    return jsonschema.Draft202012Validator(schema)


@pytest.mark.parametrize("dialect", ["azure", "openai"])
@pytest.mark.parametrize("kind", KINDS)
def test_each_schema_is_valid_and_the_clis(cli, dialect, kind):
    p = subprocess.run([cli, "schema", "--dialect", dialect, "--kind", kind], capture_output=True, text=True)
    assert p.returncode == 0, p.stderr
    assert json.loads(p.stdout) == batchlane_core.json_schema(dialect, kind)
    validator(dialect, kind)


def test_schema_and_checker_agree_on_every_fixture_line_but_the_listed_ones():
    validators = {d: validator(d) for d in ("azure", "openai")}
    differ = set()
    n = 0
    for file, dialect in input_fixtures():
        for i, line in enumerate((REPO / file).read_bytes().split(b"\n"), 1):
            if not line.strip():
                continue
            n += 1
            report = batchlane_core.check_lines([line], dialect=dialect, count_tokens=False)
            refused = any(d.severity == "error" for d in report.diagnostics)
            try:
                fits = validators[dialect].is_valid(json.loads(line.decode("utf-8")))
            except ValueError:  # not UTF-8, not JSON (a BOM too: strict UTF-8 text)
                fits = False
            if refused == fits:
                differ.add((file, i, "refuses" if refused else "accepts", "refuses" if not fits else "accepts"))
    assert n > 300
    listed = {(d["file"], d["line"], d["checker"], d["schema"]) for d in DIFFERENCES["lines"]}
    assert all(len(d["reason"]) > 20 for d in DIFFERENCES["lines"])
    assert differ - listed == set(), "disagreements not listed"
    assert listed - differ == set(), "listed but agreeing now"


def jsonl(path):
    return [json.loads(l) for l in path.read_text(encoding="utf-8").splitlines() if l.strip()]


@pytest.mark.parametrize("dialect", ["azure", "openai"])
def test_result_and_batch_fixtures_fit_their_schemas(dialect):
    output, error, batch = validator(dialect, "output"), validator(dialect, "error"), validator(dialect, "batch")
    for folder, url in (("chat", "/v1/chat/completions"), ("responses", "/v1/responses")):
        narrow = validator(dialect, "output", url)
        for line in jsonl(RESULTS_FIXTURES / folder / "output.jsonl"):
            assert output.is_valid(line) and narrow.is_valid(line), line
        for line in jsonl(RESULTS_FIXTURES / folder / "errors.jsonl"):
            assert error.is_valid(line), line
        for line in jsonl(RESULTS_FIXTURES / folder / "input.jsonl"):
            assert not output.is_valid(line) and not error.is_valid(line), line
    assert batch.is_valid(json.loads((RESULTS_FIXTURES / "job_completed.json").read_text()))
    assert not batch.is_valid({"object": "file", "status": "processed"})
    with pytest.raises(batchlane_core.OptionError):
        batchlane_core.json_schema("azure", "input", "/v1/embeddings")
    with pytest.raises(batchlane_core.OptionError):
        batchlane_core.json_schema("azure", "nope")

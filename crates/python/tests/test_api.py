"""The package's calls on the installed wheel: shapes, options, errors."""
import pathlib
import threading
import time

import pytest

import batchlane_core
from conftest import BATCH_FIXTURES, REPO, RESULTS_FIXTURES


def test_the_installed_wheel_is_tested_not_the_source_tree():
    where = pathlib.Path(batchlane_core.__file__).resolve()
    assert "site-packages" in where.parts, where
    assert REPO / "crates" / "python" not in where.parents
    assert batchlane_core.__version__ == "0.1.0"



def test_the_wheel_is_batchlane_core_and_leaves_the_name_batchlane_alone():
    # PyPI's `batchlane` is another project (its own import package and
    # command): this wheel must install neither, so both can be installed.
    import importlib.metadata as md
    import importlib.util

    dist = md.distribution("batchlane-core")
    assert dist.metadata["Name"] == "batchlane-core"
    files = [str(f) for f in dist.files]
    assert any(f.startswith("batchlane_core/") for f in files), files
    assert not any(f.split("/")[0] == "batchlane" for f in files), files
    assert not dist.entry_points, dist.entry_points
    assert importlib.util.find_spec("batchlane") is None

def test_a_valid_file_is_ok():
    r = batchlane_core.check_file(BATCH_FIXTURES / "valid.jsonl")
    assert r.ok and r.verdict == "ready" and r.diagnostics == []
    s = r.summary
    assert s["requests"] > 0 and s["errors"] == 0
    assert s["enqueued_tokens"] == s["prompt_tokens"] + s["output_tokens"]


def test_diagnostics_carry_code_param_line_column_severity_message():
    r = batchlane_core.check_file(str(BATCH_FIXTURES / "openai_invalid.jsonl"), dialect="openai")
    assert not r.ok and r.verdict == "batch_fails"
    d = r.diagnostics[0]
    assert isinstance(d, batchlane_core.Diagnostic)
    assert (d.line, d.severity, d.code) == (2, "error", "missing_required_parameter")
    assert d.message and d.stage in ("batch", "request", "advice")
    assert d.to_dict() == r.to_dict()["diagnostics"][0]
    assert "Diagnostic(line=2" in repr(d)


def test_every_diagnostic_says_what_it_rests_on():
    r = batchlane_core.check_file(str(BATCH_FIXTURES / "openai_invalid.jsonl"), dialect="openai")
    assert r.diagnostics
    for d in r.diagnostics:
        assert d.evidence in ("documented", "observed", "inferred")
        assert d.source and d.source.startswith("https://")
        assert not (d.severity == "error" and d.evidence == "inferred"), d


def test_without_tokens_no_token_figures():
    r = batchlane_core.check_file(BATCH_FIXTURES / "valid.jsonl", count_tokens=False)
    assert r.summary["prompt_tokens"] is None and r.summary["cost_usd_max"] is None


def test_quota_and_facts_options():
    r = batchlane_core.check_file(BATCH_FIXTURES / "valid.jsonl", quota=1)
    assert r.summary["quota"] == {"limit": 1, "enqueued_tokens": r.summary["enqueued_tokens"], "exceeded": True}
    with pytest.raises(batchlane_core.OptionError, match="no_such_fact"):
        batchlane_core.check_file(BATCH_FIXTURES / "valid.jsonl", facts={"no_such_fact": 1})


def test_the_enqueued_limit_has_one_name_and_quota_is_still_read():
    new = batchlane_core.check_file(BATCH_FIXTURES / "valid.jsonl", enqueued_limit=1)
    assert new.summary["quota"]["limit"] == 1
    assert batchlane_core.check_file(BATCH_FIXTURES / "valid.jsonl", quota=1).to_json() == new.to_json()
    tier = batchlane_core.check_file(BATCH_FIXTURES / "valid.jsonl", dialect="openai", model="gpt-4o", enqueued_limit="openai1")
    assert tier.summary["quota"]["limit"] > 1
    with pytest.raises(batchlane_core.OptionError, match="^enqueued_limit: 'lots' is not a whole number"):
        batchlane_core.check_file(BATCH_FIXTURES / "valid.jsonl", enqueued_limit="lots")
    with pytest.raises(batchlane_core.OptionError, match="^price_in: a price can't be negative"):
        batchlane_core.check_lines(["{}"], price_in=-1)
    with pytest.raises(TypeError, match="unexpected keyword argument 'qouta'"):
        batchlane_core.check_file(BATCH_FIXTURES / "valid.jsonl", qouta=1)


def test_check_lines_equals_check_file_for_str_and_bytes():
    path = BATCH_FIXTURES / "openai_chat.jsonl"
    want = batchlane_core.check_file(path, dialect="openai").to_dict()
    del want["file"]
    with open(path, encoding="utf-8") as f:
        assert batchlane_core.check_lines(f, dialect="openai", file_name=path.name).to_dict() == want
    raw = path.read_bytes().splitlines()
    assert batchlane_core.check_lines(iter(raw), dialect="openai", file_name=path.name).to_dict() == want
    with pytest.raises(TypeError):
        batchlane_core.check_lines([1, 2])


def test_check_lines_streams_a_generator_of_many_lines():
    line = (BATCH_FIXTURES / "valid.jsonl").read_text().splitlines()[0]
    import json

    base = json.loads(line)

    def lines():
        for i in range(20_000):
            base["custom_id"] = f"r{i}"
            yield json.dumps(base)

    r = batchlane_core.check_lines(lines(), count_tokens=False)
    assert r.summary["requests"] == 20_000


def test_bad_input_raises_batchlane_errors_never_a_crash(tmp_path):
    with pytest.raises(batchlane_core.ReadError, match="cannot read"):
        batchlane_core.check_file(tmp_path / "missing.jsonl")
    with pytest.raises(batchlane_core.ReadError, match="directory"):
        batchlane_core.check_file(tmp_path)
    with pytest.raises(batchlane_core.OptionError, match="dialect"):
        batchlane_core.check_file(BATCH_FIXTURES / "valid.jsonl", dialect="google")
    with pytest.raises(batchlane_core.OptionError, match="encoding"):
        batchlane_core.count_tokens("x", "p50k_base")
    with pytest.raises(batchlane_core.NotFoundError, match="closest known"):
        batchlane_core.quota("gpt-4oo", "global", 1)
    with pytest.raises(batchlane_core.OptionError):
        batchlane_core.quota("gpt-4o", "moon", 1)
    with pytest.raises(batchlane_core.ReadError):
        batchlane_core.join_results(tmp_path / "none.jsonl")
    with pytest.raises(batchlane_core.OptionError):
        batchlane_core.join_results(None)
    # Garbage is a finding, not an exception.
    junk = tmp_path / "junk.jsonl"
    junk.write_bytes(b"\xff\xfe\x00{not json\n" * 3)
    assert not batchlane_core.check_file(junk).ok
    for cls in (batchlane_core.ReadError, batchlane_core.OptionError, batchlane_core.NotFoundError, batchlane_core.InternalError):
        assert issubclass(cls, batchlane_core.Error)


def test_count_tokens_equals_tiktoken():
    tiktoken = pytest.importorskip("tiktoken")
    texts = [
        "",
        "hello world",
        "안녕하세요, 세계! Batch files in 한국어 and English.",
        "  leading spaces\n\n\ttabs and 12345678 numbers, émoji 🎉🎉 and <|endoftext|>",
        (BATCH_FIXTURES / "azure_docs.jsonl").read_text(encoding="utf-8"),
    ]
    for name in ("o200k_base", "cl100k_base"):
        enc = tiktoken.get_encoding(name)
        for t in texts:
            assert batchlane_core.count_tokens(t, name) == len(enc.encode_ordinary(t)), (name, t[:40])
    assert batchlane_core.count_tokens("hello world") == 2


def test_join_results_outcomes_and_retry_lines():
    d = RESULTS_FIXTURES / "chat"
    r = batchlane_core.join_results(d / "output.jsonl", d / "errors.jsonl", d / "input.jsonl")
    s = r.summary
    assert s["requests"] == len(r.outcomes) == len(r.requests)
    assert sum(s[o] for o in set(r.outcomes.values())) == s["requests"]
    lines = r.retry_lines()
    assert len(lines) == s["retryable"]
    import json

    retry_ids = {json.loads(x)["custom_id"] for x in lines}
    retryable = {"rate_limited", "server_error", "batch_expired", "batch_cancelled", "request_timeout", "missing"}
    assert retry_ids == {k for k, v in r.outcomes.items() if v in retryable}
    with pytest.raises(batchlane_core.Error, match="input"):
        batchlane_core.join_results(d / "output.jsonl").retry_lines()


def test_quota_row():
    row = batchlane_core.quota("gpt-4o", "datazone", 1)
    assert row["model"] == "gpt-4o" and row["deployment"] == "datazone" and row["tier"] == 1
    assert row["sources"] and {"fact", "source", "as_of"} <= set(row["sources"][0])


def test_quota_row_in_a_region():
    row = batchlane_core.quota("gpt-4.1-mini", "standard", 2, region="westeurope")
    assert row["region"]["region"] == "westeurope"
    assert row["region"]["price_factor"] > batchlane_core.quota("gpt-4.1-mini", "standard", 2, region="eastus")["region"]["price_factor"]
    assert "region" not in batchlane_core.quota("gpt-4.1-mini", "standard", 2)
    with pytest.raises(batchlane_core.OptionError, match="unknown region"):
        batchlane_core.quota("gpt-4.1-mini", "standard", 2, region="atlantis")


def test_a_check_releases_the_gil(tmp_path):
    # A ~40 MB file checked on one thread while another Python thread counts.
    line = (BATCH_FIXTURES / "valid.jsonl").read_bytes().splitlines()[0]
    import json

    base = json.loads(line)
    big = tmp_path / "big.jsonl"
    with open(big, "w") as f:
        for i in range(60_000):
            base["custom_id"] = f"r{i}"
            f.write(json.dumps(base) + "\n")
    ticks = 0
    done = threading.Event()

    def count():
        nonlocal ticks
        while not done.is_set():
            ticks += 1
            time.sleep(0.001)

    t = threading.Thread(target=count)
    t.start()
    start = time.perf_counter()
    r = batchlane_core.check_file(big, jobs=1)
    took = time.perf_counter() - start
    done.set()
    t.join()
    assert r.summary["requests"] == 60_000
    # With the GIL held the counter would not move at all during the check.
    assert ticks > max(5, took * 1000 * 0.2), (ticks, took)


def test_catalog_files_replace_the_built_in_figures(tmp_path, cli):
    """catalog= reads what `batchlane facts import ... -o` writes (and the vendor files themselves), as --catalog does."""
    import subprocess

    imports = REPO / "tests" / "fixtures" / "facts-import"
    cat = tmp_path / "catalog.json"
    subprocess.run([cli, "facts", "import", imports / "tier-1.md", imports / "retail-prices.json", "-o", cat], check=True, capture_output=True)
    assert batchlane_core.quota("o4-mini", "global", 1)["tpm"] == 1_000_000
    row = batchlane_core.quota("o4-mini", "global", 1, catalog=cat)
    assert row["tpm"] == 1_250_000
    assert any("tier-1.md" in s["source"] for s in row["sources"])
    assert batchlane_core.quota("o4-mini", "global", 1, catalog=[imports / "tier-1.md"])["tpm"] == 1_250_000
    by_cli = subprocess.run(
        [cli, "quota", "--model", "o4-mini", "--deployment", "global", "--tier", "1", "--format", "json", "--catalog", cat],
        check=True, capture_output=True, text=True,
    ).stdout
    assert row == __import__("json").loads(by_cli)
    d = RESULTS_FIXTURES / "chat"
    plain = batchlane_core.join_results(d / "output.jsonl", input=d / "input.jsonl")
    priced = tmp_path / "prices.json"
    priced.write_text(
        '{"format":"batchlane-catalog-overlay/1","facts":[{"id":"price_input.gpt-4o","value":50.0,"unit":"UsdPerMTokens",'
        '"source":"test","as_of":"2026-11-30","certainty":"Documented"}]}'
    )
    dearer = batchlane_core.join_results(d / "output.jsonl", input=d / "input.jsonl", catalog=priced)
    assert dearer.to_json() != plain.to_json()
    r = batchlane_core.check_file(BATCH_FIXTURES / "valid.jsonl", catalog=cat)
    assert r.ok
    bad = tmp_path / "bad.json"
    bad.write_text('{"Items":[\n{"retailPrice":1e400}]}')
    with pytest.raises(batchlane_core.ReadError, match=r"bad\.json:2: Items"):
        batchlane_core.quota("o4-mini", "global", 1, catalog=bad)
    with pytest.raises(batchlane_core.OptionError, match="catalog"):
        batchlane_core.quota("o4-mini", "global", 1, catalog=3)

"""Type stubs of batchlane's native module (the Rust core, via pyo3)."""

import os
from typing import Any, Dict, Iterable, List, Literal, Mapping, Optional, Sequence, TypedDict, Union

__version__: str

StrPath = Union[str, "os.PathLike[str]"]
Dialect = Literal["azure", "openai"]
Verdict = Literal["ready", "batch_fails", "requests_fail", "not_confirmed"]
Severity = Literal["error", "warning", "info"]
Stage = Literal["batch", "request", "advice"]

class Error(Exception):
    """Every error batchlane raises."""

class ReadError(Error):
    """A file cannot be read (missing, a directory, an I/O error)."""

class OptionError(Error):
    """An argument batchlane does not take (a dialect, an encoding, a fact id, ...)."""

class NotFoundError(Error):
    """No such row: an unknown model, or no quota row for that deployment and tier."""

class InternalError(Error):
    """A bug in batchlane (please report it): the call was stopped, the interpreter was not."""

class QuotaCheck(TypedDict):
    limit: int
    enqueued_tokens: int
    exceeded: bool

class Summary(TypedDict):
    """The CLI JSON's summary plus lines, output_tokens, catalog_model, cost_usd_max and quota."""

    requests: int
    lines: int
    bytes: int
    errors: int
    warnings: int
    model: Optional[str]
    catalog_model: Optional[str]
    endpoint: Optional[str]
    prompt_tokens: Optional[int]
    output_tokens: int
    enqueued_tokens: Optional[int]
    verdict: Verdict
    batch_errors: int
    failing_requests: int
    cost_usd_max: Optional[float]
    quota: Optional[QuotaCheck]

class Diagnostic:
    """One finding, as a row of ``batchlane check --format json``'s diagnostics."""

    line: int
    column: Optional[int]
    severity: Severity
    stage: Stage
    code: str
    param: Optional[str]
    message: str
    evidence: Literal["documented", "observed", "inferred"]
    """What the finding rests on; an error is never "inferred"."""
    source: Optional[str]
    """Where that is written or recorded (an address)."""
    def to_dict(self) -> Dict[str, Any]: ...

class Report:
    """The report of one check: what ``batchlane check --format json`` prints."""

    @property
    def ok(self) -> bool:
        """No errors, and every line could be checked (the CLI's exit code 0)."""
    @property
    def verdict(self) -> Verdict: ...
    @property
    def dialect(self) -> Dialect: ...
    @property
    def diagnostics(self) -> List[Diagnostic]:
        """The findings kept (at most 1,000 per code), sorted by line."""
    @property
    def truncated(self) -> bool:
        """Whether some diagnostics were counted but not kept."""
    @property
    def summary(self) -> Summary: ...
    def to_json(self) -> str:
        """``batchlane check FILE --format json``'s output, byte for byte (final newline included)."""
    def to_dict(self) -> Dict[str, Any]: ...
    def to_markdown(self) -> str: ...

class ResultsSummary(TypedDict, total=False):
    requests: int
    succeeded: int
    truncated: int
    content_filtered: int
    rate_limited: int
    server_error: int
    client_error: int
    batch_expired: int
    batch_cancelled: int
    request_timeout: int
    missing: int
    unexpected: int
    duplicates: int
    unreadable_lines: int
    usage_overflows: int
    retryable: int
    cost_usd: float

class ResultsReport:
    """What happened to every request of a batch (``batchlane results``)."""

    @property
    def ok(self) -> bool:
        """Every request succeeded (the CLI's exit code 0)."""
    @property
    def summary(self) -> ResultsSummary: ...
    @property
    def outcomes(self) -> Dict[str, str]:
        """``{custom_id: outcome}``, input order first."""
    @property
    def requests(self) -> List[Dict[str, Any]]: ...
    def retry_lines(self) -> List[str]:
        """The input lines of the retryable requests (needs ``input``)."""
    def to_json(self) -> str:
        """``batchlane results ... --format json``'s output, byte for byte (final newline included)."""
    def to_dict(self) -> Dict[str, Any]: ...

def check_file(
    path: StrPath,
    *,
    dialect: Dialect = "azure",
    endpoint: Optional[str] = None,
    model: Optional[str] = None,
    enqueued_limit: Optional[Union[int, str]] = None,
    zone: Literal["global", "datazone"] = "global",
    encoding: Optional[Literal["o200k_base", "cl100k_base"]] = None,
    price_in: Optional[float] = None,
    price_out: Optional[float] = None,
    byo_storage: bool = False,
    count_tokens: bool = True,
    facts: Optional[Mapping[str, float]] = None,
    catalog: Optional[Union[StrPath, Sequence[StrPath]]] = None,
    jobs: Optional[int] = None,
) -> Report:
    """Check a batch input file as the Batch API would (streamed, GIL released; Ctrl-C raises KeyboardInterrupt).

    The option keywords are the check's options table, as ``batchlane check``'s
    flags and the /batch page's link keys: ``enqueued_limit`` is a whole number
    of tokens, a subscription (``ea``, ``default``, ``credit_card``, ``msdn``:
    the catalog's quota in ``zone``) or ``openai1`` to ``openai5``; the old
    keyword ``quota`` is still read."""

def check_lines(
    lines: Iterable[Union[str, bytes]],
    *,
    dialect: Dialect = "azure",
    endpoint: Optional[str] = None,
    model: Optional[str] = None,
    enqueued_limit: Optional[Union[int, str]] = None,
    zone: Literal["global", "datazone"] = "global",
    encoding: Optional[Literal["o200k_base", "cl100k_base"]] = None,
    price_in: Optional[float] = None,
    price_out: Optional[float] = None,
    byo_storage: bool = False,
    count_tokens: bool = True,
    facts: Optional[Mapping[str, float]] = None,
    catalog: Optional[Union[StrPath, Sequence[StrPath]]] = None,
    file_name: Optional[str] = None,
) -> Report:
    """Check JSONL lines not on disk yet (a missing final newline is added).

    A single str or bytes is a TypeError (pass text.splitlines()); Ctrl-C
    raises KeyboardInterrupt between batches of lines."""

def count_tokens(text: str, encoding: Literal["o200k_base", "cl100k_base"] = "o200k_base") -> int:
    """Tokens of ``text``: ``len(tiktoken.get_encoding(encoding).encode_ordinary(text))``."""

def join_results(
    output: Optional[StrPath],
    errors: Optional[StrPath] = None,
    input: Optional[StrPath] = None,
    *,
    model: Optional[str] = None,
    catalog: Optional[Union[StrPath, Sequence[StrPath]]] = None,
) -> ResultsReport:
    """Join output and error files to the input on custom_id and classify every request (Ctrl-C raises KeyboardInterrupt)."""

def quota(
    model: str,
    deployment: Literal["global", "datazone", "regional", "standard"],
    tier: Union[int, str],
    *,
    region: Optional[str] = None,
    catalog: Optional[Union[StrPath, Sequence[StrPath]]] = None,
) -> Dict[str, Any]:
    """The quota row, as ``batchlane quota --format json`` (``region``: as ``--region``).

    ``catalog``: a catalog file (``batchlane facts import FILE... -o CATALOG``)
    or a vendor file it reads, or a list of them: their figures replace the
    built-in ones, as ``--catalog`` does."""

def lanes(
    model: str,
    region: Optional[str] = None,
    data_zone: bool = False,
    deadline_hours: Optional[float] = None,
    tokens_per_day: Optional[int] = None,
    jobs: Optional[Union[StrPath, Sequence[StrPath]]] = None,
    catalog: Optional[Union[StrPath, Sequence[StrPath]]] = None,
    *,
    prompt_share: float = 0.5,
    latency_tps: Optional[float] = None,
    dialect: Literal["azure", "openai"] = "azure",
) -> Dict[str, Any]:
    """Every lane of the model, as ``batchlane lanes --format json``: ``{"model", "lanes":
    [{"lane", "deployment_type", "available", "why", "source", "meets_deadline",
    "usd_per_day"}], "cheapest"}``. Each argument is the CLI option of the same name;
    ``jobs``: batch-list JSON files (``GET /batches`` pages or batch objects) whose p90
    turnaround the deadline test uses. Raises NotFoundError for an unknown model,
    OptionError for a bad value, ReadError for a job file that cannot be read."""

def json_schema(
    dialect: Literal["azure", "openai"] = "azure",
    kind: Literal["input", "output", "error", "batch"] = "input",
    endpoint: Optional[str] = None,
) -> Dict[str, Any]:
    """The JSON Schema (2020-12) of a batch line format, as ``batchlane schema`` writes it."""

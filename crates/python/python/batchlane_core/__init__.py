"""batchlane_core (the wheel ``batchlane-core``): check Azure OpenAI / OpenAI batch JSONL files, count tokens,
join result files, look up quota rows and choose a lane, with the same Rust core (and the
same answers) as the ``batchlane`` command line.

    import batchlane_core
    report = batchlane_core.check_file("batch.jsonl", dialect="openai")
    print(report.ok, report.summary["enqueued_tokens"], report.diagnostics[:3])
"""

from ._batchlane import (
    Diagnostic,
    Error,
    InternalError,
    NotFoundError,
    OptionError,
    ReadError,
    Report,
    ResultsReport,
    __version__,
    check_file,
    check_lines,
    count_tokens,
    join_results,
    json_schema,
    lanes,
    quota,
)

__all__ = [
    "Diagnostic",
    "Error",
    "InternalError",
    "NotFoundError",
    "OptionError",
    "ReadError",
    "Report",
    "ResultsReport",
    "__version__",
    "check_file",
    "check_lines",
    "count_tokens",
    "join_results",
    "json_schema",
    "lanes",
    "quota",
]

"""Shared paths for the tests of the installed wheel (run by ./dev python).

BATCHLANE_REPO: the repository (fixtures, docs); BATCHLANE_CLI: the built
`batchlane` binary the parity tests compare with.
"""
import os
import pathlib

import pytest

REPO = pathlib.Path(os.environ.get("BATCHLANE_REPO", pathlib.Path(__file__).resolve().parents[3]))
BATCH_FIXTURES = REPO / "tests" / "fixtures" / "batch"
RESULTS_FIXTURES = REPO / "tests" / "fixtures" / "results"


@pytest.fixture(scope="session")
def cli() -> str:
    path = os.environ.get("BATCHLANE_CLI")
    if not path or not os.access(path, os.X_OK):
        pytest.fail("BATCHLANE_CLI must name the built batchlane binary (./dev python sets it)")
    return path

"""Issue 40: a bare str/bytes is not an iterable of lines, and Ctrl-C stops
a long call. The core runs with the GIL released, so Python could not run
its SIGINT handler until the call returned, and a call over an endless
file or iterator never returned: Ctrl-C did nothing."""
import subprocess
import sys

import pytest

import batchlane_core


@pytest.mark.parametrize("lines", ["{}\n{}\n", b"{}\n", bytearray(b"{}\n"), ""])
def test_a_bare_str_or_bytes_is_a_type_error(lines):
    # Before: a str was checked a character at a time ("{" and "}" as lines).
    with pytest.raises(TypeError, match="iterable of lines"):
        batchlane_core.check_lines(lines)


def test_lines_in_a_list_or_from_splitlines_are_still_lines():
    text = '{"custom_id": "a"}\n{"custom_id": "b"}\n'
    assert batchlane_core.check_lines(text.splitlines(), count_tokens=False).summary["requests"] == 2
    assert batchlane_core.check_lines([text.encode()], count_tokens=False).summary["requests"] == 2


# Sends itself SIGINT (what Ctrl-C sends) half a second into the call.
PROGRAM = """
import itertools, os, signal, sys, threading, time
import batchlane_core
threading.Timer(0.5, lambda: os.kill(os.getpid(), signal.SIGINT)).start()
start = time.monotonic()
try:
    {call}
except KeyboardInterrupt:
    print("KeyboardInterrupt after %.1f s" % (time.monotonic() - start))
    sys.exit(0)
print("returned")
sys.exit(1)
"""


@pytest.mark.parametrize(
    "call",
    [
        'batchlane_core.check_file("/dev/zero")',
        'batchlane_core.check_file("/dev/zero", jobs=1, count_tokens=False)',
        'batchlane_core.join_results("/dev/zero")',
        'batchlane_core.join_results(None, errors="/dev/zero")',
        'batchlane_core.check_lines(itertools.repeat("{}"), count_tokens=False)',
        'batchlane_core.check_lines(itertools.repeat(b"{}"))',
    ],
)
def test_ctrl_c_raises_keyboard_interrupt_in_a_long_call(call):
    try:
        r = subprocess.run([sys.executable, "-c", PROGRAM.format(call=call)], capture_output=True, text=True, timeout=60)
    except subprocess.TimeoutExpired:
        pytest.fail(f"{call}: still running 60 s after Ctrl-C")
    assert r.returncode == 0, r.stdout + r.stderr
    seconds = float(r.stdout.split()[2])
    assert seconds < 10, r.stdout

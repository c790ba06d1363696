"""Turning one piglit process's output into a result.

Kept separate from run.py (no I/O, no subprocesses) so that the rules can be
unit-tested (tests/conformance/test_parse.py).

Rules, in order (see docs/conformance.md, "How a result is decided"):

1. The runner killed the test at its time limit          -> "timeout".
2. The process died from a signal (returncode < 0)       -> "crash",
   even if it had already printed a result line (piglit does the same: a
   pass followed by a segfault in teardown is not a pass).
3. A final `PIGLIT: {"result": ...}` line was printed    -> that result
   (the last one wins if there are several).  A nonzero exit status is
   normal here: piglit_report_result() exits 1 for fail.
4. No final result, but subtest lines, and exit status 0 -> the worst
   subtest result (piglit's convention).  Order, best to worst:
   skip < pass < warn < fail < timeout < crash; so all-skip -> skip,
   skip + pass -> pass, any fail -> fail.
5. No final result and nonzero exit status               -> "crash"
   (subtests, if any, are kept in the record).
6. No final result, no subtests, exit status 0           -> "crash"
   (the test claimed success without reporting anything; piglit calls
   this an incomplete test; we count it as crash so it is never mistaken
   for a pass).
"""
import json
import re

RESULTS = ("pass", "fail", "skip", "crash", "timeout", "warn")

# Best to worst.  "notrun"/"skip" are least severe, "crash" most.
SEVERITY = {"notrun": 0, "skip": 1, "pass": 2, "warn": 3, "dmesg-warn": 3,
            "fail": 4, "dmesg-fail": 4, "timeout": 5, "incomplete": 6,
            "crash": 6}

_MARK = re.compile(r"PIGLIT:\s*")
_DECODER = json.JSONDecoder()


def normalise(result):
    """Map piglit's spellings onto the runner's categories."""
    r = str(result).strip().lower()
    if r in ("dmesg-warn",):
        return "warn"
    if r in ("dmesg-fail",):
        return "fail"
    if r in ("incomplete",):
        return "crash"
    if r == "notrun":
        return "skip"
    if r in RESULTS:
        return r
    return "fail"  # unknown words are not a pass


def worst(results):
    """Worst of a collection of results (None if empty)."""
    best = None
    for r in results:
        r = normalise(r)
        if best is None or SEVERITY[r] > SEVERITY[best]:
            best = r
    return best


def scan(stdout):
    """Find PIGLIT: lines.  Returns (final_result or None, subtests dict).

    A PIGLIT: marker may appear mid-line (a test that printed without a
    trailing newline), so every marker on every line is decoded.  Lines
    that do not decode as JSON are ignored.
    """
    final = None
    subtests = {}
    for line in stdout.splitlines():
        for m in _MARK.finditer(line):
            try:
                obj, _ = _DECODER.raw_decode(line, m.end())
            except ValueError:
                continue
            if not isinstance(obj, dict):
                continue
            if "result" in obj:
                final = normalise(obj["result"])
            sub = obj.get("subtest")
            if isinstance(sub, dict):
                for name, res in sub.items():
                    subtests[str(name)] = normalise(res)
    return final, subtests


def decide(stdout, returncode, timed_out=False):
    """Apply the rules above.  Returns (result, subtests, reason)."""
    final, subtests = scan(stdout or "")
    if timed_out:
        return "timeout", subtests, "killed at the time limit"
    if returncode is not None and returncode < 0:
        why = "killed by signal %d" % -returncode
        if final is not None:
            why += " after reporting %s" % final
        return "crash", subtests, why
    if final is not None:
        return final, subtests, None
    if subtests:
        if returncode == 0:
            return (worst(subtests.values()), subtests,
                    "no final result; worst of %d subtests" % len(subtests))
        return ("crash", subtests,
                "exit status %s without a final result" % returncode)
    if returncode == 0:
        return "crash", subtests, "exit status 0 but no result reported"
    return "crash", subtests, "exit status %s without a result" % returncode


def tail(text, lines=20, chars=2000):
    """Last few lines of a stream, for the result JSON."""
    if not text:
        return ""
    t = "\n".join(text.splitlines()[-lines:])
    return t[-chars:]

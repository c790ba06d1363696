#!/usr/bin/env python3
"""The skip rule (docs/testing.md, "Skips"), checked over the test sources.

A test skips (GTEST_SKIP) only when the device or configuration lacks what it
tests, and says what. A test whose own setup fails (a trivial program that
does not link, a GL error from a call that should work, an object or display
that cannot be made) must fail instead: a skip there hides a regression.

Every GTEST_SKIP() in the sources given is checked:
  - it streams a reason (GTEST_SKIP() << "..."), which is not empty;
  - the reason does not describe a setup failure ("failed", "could not",
    "cannot create", "did not link", ...);
  - the `if` condition that guards it, where it has one, does not test a
    setup result: glGetError / eglGetError, GL_LINK_STATUS /
    GL_COMPILE_STATUS, EGL_NO_CONTEXT / _SURFACE / _DISPLAY, a null pointer,
    or the negation of an object or status variable (!prog, !ok, !ctx, ...).

  check_skips.py DIR...            exit 1 and list each violation
  check_skips.py --self-test DIR   DIR's files mark each line that must be
                                   flagged with `// violation`; exit 1 unless
                                   exactly those lines are (the check can fail)
"""
import pathlib
import re
import sys

SKIP = re.compile(r"\bGTEST_SKIP\s*\(\s*\)")
SETUP_FAILURE_REASON = re.compile(
    r"fail|could not|couldn't|cannot (create|open|make|link|compile|load)|did not (link|compile)|"
    r"does not (link|compile)|link error|compile error|not created",
    re.IGNORECASE)
SETUP_FAILURE_CONDITION = re.compile(
    r"\bglGetError\b|\beglGetError\b|GL_LINK_STATUS|GL_COMPILE_STATUS|GL_FRAMEBUFFER_COMPLETE|"
    r"\bEGL_NO_(CONTEXT|SURFACE|DISPLAY|CONFIG)\b|[!=]=\s*nullptr\b|\bnullptr\s*[!=]=|"
    r"!\s*(prog|program|p|shader|sh|ctx|context|surface|dpy|display|fbo|tex|texture|buf|buffer|vbo|"
    r"ok|linked|compiled|status|created|made)\b")


def strip_comments(text):
    """Blanks // and /* */ comments (keeping offsets and line numbers), not inside string literals."""
    out = list(text)
    i, n = 0, len(text)
    while i < n:
        c = text[i]
        if c == '"' or c == "'":
            # A raw string R"(...)" or R"delim(...)delim".
            if c == '"' and i > 0 and text[i - 1] == 'R':
                m = re.match(r'"([^(\s]*)\(', text[i:])
                if m:
                    end = text.find(")" + m.group(1) + '"', i)
                    i = n if end < 0 else end + len(m.group(1)) + 2
                    continue
            j = i + 1
            while j < n and text[j] != c:
                j += 2 if text[j] == "\\" else 1
            i = j + 1
        elif text.startswith("//", i):
            j = text.find("\n", i)
            j = n if j < 0 else j
            for k in range(i, j):
                out[k] = " "
            i = j
        elif text.startswith("/*", i):
            j = text.find("*/", i + 2)
            j = n if j < 0 else j + 2
            for k in range(i, j):
                if out[k] != "\n":
                    out[k] = " "
            i = j
        else:
            i += 1
    return "".join(out)


def guarding_condition(code, pos):
    """The condition of the `if` whose body the skip at `pos` starts, or None."""
    i = pos - 1
    while i >= 0 and (code[i].isspace() or code[i] == "{"):
        i -= 1
    if i < 0 or code[i] != ")":
        return None
    depth, j = 0, i
    while j >= 0:
        if code[j] == ")":
            depth += 1
        elif code[j] == "(":
            depth -= 1
            if depth == 0:
                break
        j -= 1
    if j < 0:
        return None
    k = j - 1
    while k >= 0 and code[k].isspace():
        k -= 1
    if code[max(0, k - 1):k + 1] != "if" or (k >= 2 and (code[k - 2].isalnum() or code[k - 2] == "_")):
        return None
    return code[j + 1:i]


def statement(code, pos):
    """From the skip to the end of its statement (the next ; outside parentheses)."""
    depth, i = 0, pos
    while i < len(code):
        c = code[i]
        if c == "(":
            depth += 1
        elif c == ")":
            depth -= 1
        elif c == ";" and depth == 0:
            return code[pos:i]
        elif c == '"':
            j = i + 1
            while j < len(code) and code[j] != '"':
                j += 2 if code[j] == "\\" else 1
            i = j
        i += 1
    return code[pos:]


def check_file(path):
    text = path.read_text(encoding="utf-8", errors="replace")
    code = strip_comments(text)
    found = []
    for m in SKIP.finditer(code):
        line = code.count("\n", 0, m.start()) + 1
        stmt = statement(code, m.start())
        reason = stmt[m.end() - m.start():].strip()
        problems = []
        if not reason.startswith("<<") or not reason[2:].strip() or reason[2:].strip() in ('""',):
            problems.append("no reason streamed (GTEST_SKIP() << \"what the device lacks\")")
        elif SETUP_FAILURE_REASON.search(reason):
            problems.append("the reason describes a setup failure: " + " ".join(reason.split()))
        cond = guarding_condition(code, m.start())
        if cond is not None and SETUP_FAILURE_CONDITION.search(cond):
            problems.append("skipped on a setup result: if (" + " ".join(cond.split()) + ")")
        for p in problems:
            found.append((line, p))
    return found


def sources(dirs):
    for d in dirs:
        root = pathlib.Path(d)
        for path in sorted(root.rglob("*")):
            if path.suffix in (".cpp", ".h", ".cc", ".hpp") and path.is_file():
                yield path


def main(argv):
    self_test = argv[1:2] == ["--self-test"]
    dirs = argv[2:] if self_test else argv[1:]
    if not dirs:
        print(__doc__)
        return 2
    skips = 0
    bad = 0
    mismatches = 0
    for path in sources(dirs):
        if not self_test and "skip_rule" in path.parts:
            continue  # the self-test's samples break the rule on purpose
        text = path.read_text(encoding="utf-8", errors="replace")
        skips += len(SKIP.findall(strip_comments(text)))
        found = check_file(path)
        flagged = {line for line, _ in found}
        for line, problem in found:
            bad += 1
            print(f"{path}:{line}: {problem}")
        if self_test:
            marked = {i + 1 for i, l in enumerate(text.splitlines()) if l.rstrip().endswith("// violation")}
            for line in sorted(marked - flagged):
                mismatches += 1
                print(f"{path}:{line}: marked as a violation but not flagged")
            for line in sorted(flagged - marked):
                mismatches += 1
                print(f"{path}:{line}: flagged but not marked as a violation")
    if self_test:
        print(f"self-test: {bad} violations flagged, {mismatches} mismatches with the marks")
        return 1 if mismatches or bad == 0 else 0
    print(f"{skips} GTEST_SKIP uses checked, {bad} violations")
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))

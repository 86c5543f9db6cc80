#!/usr/bin/env python3
"""structure.py SRC_DIR: the size rules of docs/architecture.md, checked (the
test 'structure'): no function over 80 lines (from its signature's first line
to its closing brace, with braces in column 0 as psearch writes C), and no
source file over 700 lines except the data-format module (src/core/data.c).
Prints each breach and exits 1 when there is one. The layering rule needs no
script: each layer's library sees only the headers below it (src/meson.build)."""
import os
import sys

MAX_FUNCTION, MAX_FILE, EXEMPT = 80, 700, {"data.c"}


def functions(path, lines):
    for i, line in enumerate(lines):
        if line != "{":
            continue
        start = i - 1
        while start > 0 and lines[start - 1].strip() and not lines[start - 1].rstrip().endswith(("*/", ";", "}")):
            start -= 1
        end = i + 1
        while end < len(lines) and lines[end] != "}":
            end += 1
        if end - start + 1 > MAX_FUNCTION:
            yield "%s:%d: %s: a function of %d lines (at most %d)" % (
                path, start + 1, lines[start].strip()[:60], end - start + 1, MAX_FUNCTION)


def main():
    bad = []
    for root, _, files in os.walk(sys.argv[1]):
        for name in sorted(files):
            if not name.endswith(".c"):
                continue
            path = os.path.join(root, name)
            lines = open(path).read().split("\n")
            if len(lines) - 1 > MAX_FILE and name not in EXEMPT:
                bad.append("%s: %d lines (at most %d)" % (path, len(lines) - 1, MAX_FILE))
            bad.extend(functions(path, lines))
    for b in bad:
        print(b)
    print("%d breaches of the size rules" % len(bad))
    sys.exit(1 if bad else 0)


if __name__ == "__main__":
    main()

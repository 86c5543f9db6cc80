#!/usr/bin/env python3
"""funclen.py [MAX] FILE...: functions longer than MAX lines (default 80),
counted from the first line of the signature to the closing brace, in C
sources written as psearch writes them (a function's braces in column 0).
Exit 1 when there is one (docs/architecture.md)."""
import sys

args = sys.argv[1:]
limit = int(args.pop(0)) if args and args[0].isdigit() else 80
bad = 0
for path in args:
    lines = open(path).read().split("\n")
    for i, line in enumerate(lines):
        if line != "{":
            continue
        start = i - 1
        while start > 0 and lines[start - 1].strip() and not lines[start - 1].rstrip().endswith(("*/", ";", "}")):
            start -= 1
        end = i + 1
        while end < len(lines) and lines[end] != "}":
            end += 1
        n = end - start + 1
        if n > limit:
            bad += 1
            print("%s:%d: %s: %d lines" % (path, start + 1, lines[start].strip()[:60], n))
sys.exit(1 if bad else 0)

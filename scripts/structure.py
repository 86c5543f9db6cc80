#!/usr/bin/env python3
"""structure.py DIR... [--tree ROOT] [--figures FILE]... [--index FILE]: the
rules of docs/architecture.md and docs/results.md, checked (the test
'structure'). Prints each breach and exits 1 when there is one, else 0.

DIR (a source folder): the size rules of the folder's kind, chosen by its name
(SIZE_RULES): for src, no function over 80 lines (from its signature's first
line to its closing brace, with braces in column 0 as psearch writes C) and no
file over 700 lines except the data-format module (src/core/data.c); for cl
(the OpenCL kernels), no function over 120 lines and no file over 1000. The
layering rule needs no script: each layer's library sees only the headers
below it (src/meson.build).

--tree ROOT: the tracked tree stays small enough to send to a GPU machine and
to clone: no file that `git ls-files` lists in ROOT over 512 KiB, and at most
8 MiB in all (the sizes in the working tree, as `git ls-files | xargs du -cb`
counts them). Outside a git checkout (a release tarball) this rule is skipped,
with a note.

--figures FILE: every figure in FILE names its record. A figure is a ratio
(0.951x, 3.2x), a time (975.2 µs, 60.7 s) or a bandwidth (3.6 TB/s). Each table
row, list item or paragraph that holds one must link a row of the index
(`results.md#ANCHOR`, `docs/results.md#ANCHOR` from the README), and every such
link, figure or not, must name an anchor the index has. Table headers,
headings and code blocks are not read.

--index FILE: the index of records (default: ROOT/docs/results.md with
--tree, else results.md or docs/results.md beside the first --figures file).
Its anchors are its `<a id="...">` tags and its headings; an anchor given
twice is a breach, and so is a link of the index to a file of docs/records/
that is not there."""
import argparse
import os
import re
import subprocess
import sys


class SizeRule:
    """The size rules of one kind of source folder."""

    def __init__(self, suffixes, max_function, max_file, exempt=()):
        self.suffixes, self.max_function, self.max_file = suffixes, max_function, max_file
        self.exempt = set(exempt)


# a source folder's name -> its rules; a folder of another name is refused
SIZE_RULES = {
    "src": SizeRule((".c",), 80, 700, {"data.c"}),
    "cl": SizeRule((".cl",), 120, 1000),
}

MAX_TRACKED_FILE = 512 * 1024
MAX_TRACKED_TOTAL = 8 * 1024 * 1024

FIGURE = re.compile(r"(?<![\w.])\d+(?:\.\d+)?(?:x\b|\s?(?:ns|µs|μs|us|ms|s)\b|\s?[KMGT]B/s)")
RECORD_LINK = re.compile(r"results\.md#([A-Za-z0-9._-]+)")


def functions(path, lines, limit):
    """Each function of more than limit lines, as a breach."""
    for i, line in enumerate(lines):
        if line != "{":
            continue
        start = i - 1
        while start > 0 and lines[start - 1].strip() and not lines[start - 1].rstrip().endswith(("*/", ";", "}")) \
                and not lines[start - 1].lstrip().startswith(("//", "#")):
            start -= 1
        end = i + 1
        while end < len(lines) and lines[end] != "}":
            end += 1
        if end - start + 1 > limit:
            yield "%s:%d: %s: a function of %d lines (at most %d)" % (
                path, start + 1, lines[start].strip()[:60], end - start + 1, limit)


def check_sizes(folder):
    name = os.path.basename(os.path.normpath(folder))
    rule = SIZE_RULES.get(name)
    if rule is None:
        return ["%s: no size rules for a folder named '%s' (known: %s)" % (folder, name, ", ".join(SIZE_RULES))]
    bad = []
    for root, _, files in os.walk(folder):
        for f in sorted(files):
            if not f.endswith(rule.suffixes):
                continue
            path = os.path.join(root, f)
            lines = open(path, encoding="utf-8").read().split("\n")
            if len(lines) - 1 > rule.max_file and f not in rule.exempt:
                bad.append("%s: %d lines (at most %d)" % (path, len(lines) - 1, rule.max_file))
            bad.extend(functions(path, lines, rule.max_function))
    return bad


def check_tree(root):
    try:
        out = subprocess.run(["git", "-C", root, "ls-files", "-z"], capture_output=True, check=True).stdout
    except (OSError, subprocess.CalledProcessError):
        print("structure.py: %s is not a git checkout: the tracked tree's size rules are not checked" % root)
        return []
    bad, total = [], 0
    for rel in out.decode("utf-8", "surrogateescape").split("\0"):
        path = os.path.join(root, rel)
        if not rel or not os.path.lexists(path):
            continue
        size = os.lstat(path).st_size
        total += size
        if size > MAX_TRACKED_FILE:
            bad.append("%s: %d bytes tracked (at most %d: keep records compressed, docs/results.md)" % (
                rel, size, MAX_TRACKED_FILE))
    if total > MAX_TRACKED_TOTAL:
        bad.append("%s: %d bytes tracked in all (at most %d)" % (root, total, MAX_TRACKED_TOTAL))
    print("structure.py: %d bytes tracked in %s" % (total, root))
    return bad


def units(text):
    """(line, text) of each table row, list item and paragraph of a markdown
    text, without table headers, headings, code blocks and HTML comments."""
    lines = text.split("\n")
    cur, start, fence = [], 0, False

    def flush():
        if cur:
            yield start, " ".join(cur)
        cur.clear()

    for i, line in enumerate(lines):
        s = line.strip()
        if s.startswith("```"):
            yield from flush()
            fence = not fence
            continue
        if fence:
            continue
        if not s or s.startswith("#") or s.startswith("<!--"):
            yield from flush()
            continue
        if s.startswith("|"):
            yield from flush()
            nxt = lines[i + 1].strip() if i + 1 < len(lines) else ""
            if not re.fullmatch(r"\|[\s:|-]*", s) and not re.fullmatch(r"\|[\s:]*-[\s:|-]*", nxt):
                yield i + 1, s
            continue
        if re.match(r"([-*+]|\d+\.)\s", s):
            yield from flush()
        if not cur:
            start = i + 1
        cur.append(s)
    yield from flush()


def anchors_of(index):
    text = open(index, encoding="utf-8").read()
    names = re.findall(r"<a\s+(?:id|name)=\"([^\"]+)\"", text)
    for h in re.findall(r"^#+\s+(.*)$", text, re.M):
        names.append(re.sub(r"[^\w\- ]", "", h.strip().lower()).replace(" ", "-"))
    bad = ["%s: the anchor '%s' is given %d times" % (index, a, names.count(a))
           for a in sorted(set(names)) if names.count(a) > 1]
    for target in re.findall(r"\]\((records/[^)#\s]+)\)", text):
        if not os.path.exists(os.path.join(os.path.dirname(index), target)):
            bad.append("%s: links %s, which is not there" % (index, target))
    return set(names), bad


def check_figures(path, anchors, index):
    bad = []
    for line, text in units(open(path, encoding="utf-8").read()):
        links = RECORD_LINK.findall(text)
        for a in links:
            if a not in anchors:
                bad.append("%s:%d: links results.md#%s, which %s does not have" % (path, line, a, index))
        fig = FIGURE.search(text)
        if fig and not links:
            bad.append("%s:%d: '%s' names no record (link its row: results.md#ANCHOR): %.60s" % (
                path, line, fig.group(0), text))
    return bad


def default_index(root, first):
    """docs/results.md of ROOT, else results.md or docs/results.md beside FIRST."""
    if root:
        return os.path.join(root, "docs", "results.md")
    here = os.path.dirname(first)
    near = os.path.join(here, "results.md")
    return near if os.path.exists(near) else os.path.join(here, "docs", "results.md")


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("dirs", nargs="*", metavar="DIR")
    ap.add_argument("--tree", metavar="ROOT")
    ap.add_argument("--figures", action="append", default=[], metavar="FILE")
    ap.add_argument("--index", metavar="FILE")
    a = ap.parse_args()
    bad = []
    for d in a.dirs:
        bad.extend(check_sizes(d))
    if a.tree:
        bad.extend(check_tree(a.tree))
    if a.figures:
        index = a.index or default_index(a.tree, a.figures[0])
        if not os.path.exists(index):
            print("structure.py: no index of records at %s (--index FILE)" % index)
            sys.exit(1)
        anchors, ibad = anchors_of(index)
        bad.extend(ibad)
        for f in a.figures:
            bad.extend(check_figures(f, anchors, index))
    for b in bad:
        print(b)
    print("%d breaches of the structure rules" % len(bad))
    sys.exit(1 if bad else 0)


if __name__ == "__main__":
    main()

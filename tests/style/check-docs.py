#!/usr/bin/env python3
# SPDX-FileCopyrightText: 2026 HOPX Desktop developers
# SPDX-License-Identifier: MIT
"""The documentation a newcomer reads stays readable and whole.

check-docs.py ROOT: README.md is at most 300 lines; every relative link and #anchor in
README.md, CONTRIBUTING.md and docs/**/*.md resolves (the file exists, the anchor is a heading
of it as GitHub slugs headings); no document points outside the repository by an absolute path.
Prints each broken link as FILE:LINE: what; exits 1 when there is one.
"""
import os
import re
import sys
import urllib.parse

README_MAX_LINES = 300

LINK = re.compile(r'!?\[(?:[^\]\\]|\\.)*\]\(\s*<?([^)\s>]+)>?(?:\s+"[^"]*")?\s*\)')
HEADING = re.compile(r'^(#{1,6})\s+(.*?)\s*#*\s*$')
FENCE = re.compile(r'^\s*(```|~~~)')
CODE_SPAN = re.compile(r'(`+)(?:(?!\1).)+?\1')


def slug(title):
    # GitHub's anchors: markup dropped, lower case, punctuation other than - and _ removed,
    # each space a hyphen.
    text = re.sub(r'!?\[([^\]]*)\]\([^)]*\)', r'\1', title)
    text = text.replace('`', '').replace('*', '').lower()
    text = ''.join(c for c in text if c.isalnum() or c in ' -_')
    return text.replace(' ', '-')


def prose_lines(path):
    """(number, line, line with code spans blanked) of the lines outside fenced code."""
    fenced = False
    with open(path, encoding='utf-8') as f:
        for number, line in enumerate(f, 1):
            if FENCE.match(line):
                fenced = not fenced
                continue
            if not fenced:
                yield number, line, CODE_SPAN.sub(lambda m: ' ' * len(m.group(0)), line)


def anchors(path, cache={}):
    if path not in cache:
        seen = {}
        found = set()
        for _, line, _ in prose_lines(path):
            m = HEADING.match(line)
            if not m:
                continue
            base = slug(m.group(2))
            n = seen.get(base, 0)
            seen[base] = n + 1
            found.add(base if n == 0 else '%s-%d' % (base, n))
        for _, _, line in prose_lines(path):  # explicit <a id="..."> / <a name="...">
            found.update(re.findall(r'<a\s+(?:id|name)="([^"]+)"', line))
        cache[path] = found
    return cache[path]


def documents(root):
    docs = [os.path.join(root, 'README.md'), os.path.join(root, 'CONTRIBUTING.md')]
    for folder, _, files in os.walk(os.path.join(root, 'docs')):
        docs += [os.path.join(folder, f) for f in sorted(files) if f.endswith('.md')]
    return [d for d in docs if os.path.isfile(d)]


def check(root):
    problems = []
    readme = os.path.join(root, 'README.md')
    with open(readme, encoding='utf-8') as f:
        count = sum(1 for _ in f)
    if count > README_MAX_LINES:
        problems.append('README.md: %d lines, more than %d: move detail into docs/'
                        % (count, README_MAX_LINES))
    for doc in documents(root):
        rel = os.path.relpath(doc, root)
        with open(doc, encoding='utf-8') as f:
            for number, line in enumerate(f, 1):
                if '/work/shared' in line:
                    problems.append('%s:%d: names /work/shared, which is not part of the project' % (rel, number))
        for number, _, line in prose_lines(doc):
            for target in LINK.findall(line):
                where = '%s:%d: %s' % (rel, number, target)
                scheme = urllib.parse.urlsplit(target).scheme
                if scheme in ('http', 'https', 'mailto'):
                    continue
                if scheme or target.startswith('/'):
                    problems.append(where + ': not a relative link')
                    continue
                path, _, anchor = target.partition('#')
                path = urllib.parse.unquote(path)
                dest = os.path.normpath(os.path.join(os.path.dirname(doc), path)) if path else doc
                if not os.path.realpath(dest).startswith(os.path.realpath(root) + os.sep):
                    problems.append(where + ': leaves the repository')
                elif not os.path.exists(dest):
                    problems.append(where + ': no such file')
                elif anchor and dest.endswith('.md') and anchor not in anchors(dest):
                    problems.append(where + ': no heading with this anchor')
    return problems


def main():
    if len(sys.argv) != 2:
        sys.exit('usage: check-docs.py ROOT')
    problems = check(os.path.abspath(sys.argv[1]))
    for p in problems:
        print(p)
    if problems:
        print('%d broken' % len(problems))
        return 1
    print('README and docs: every link resolves')
    return 0


if __name__ == '__main__':
    sys.exit(main())

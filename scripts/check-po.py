#!/usr/bin/env python3
"""Checks one PO catalog without touching it: every message translated, placeholders and tags as in the source."""
import json, re, sys

def entries(text):
    for m in re.finditer(r'^(?:msgctxt ((?:"(?:[^"\\]|\\.)*"\n)+))?msgid ((?:"(?:[^"\\]|\\.)*"\n)+)msgstr ((?:"(?:[^"\\]|\\.)*"\n?)+)', text, re.M):
        join = lambda b: ''.join(json.loads(l) for l in b.strip().split('\n'))
        msgid = join(m.group(2))
        if msgid:
            yield msgid, join(m.group(3))

bad = 0
for path in sys.argv[1:]:
    n = 0
    for msgid, msgstr in entries(open(path, encoding='utf-8').read()):
        n += 1
        if not msgstr.strip():
            print(f'{path}: missing: {msgid!r}'); bad += 1; continue
        for pat in (r'\{(\w+)(?=\s*[,}])', r'<(/?\d+)/?>'):
            if sorted(re.findall(pat, msgid)) != sorted(re.findall(pat, msgstr)):
                print(f'{path}: placeholders/tags differ: {msgid!r} -> {msgstr!r}'); bad += 1
    print(f'{path}: {n} messages checked')
sys.exit(1 if bad else 0)

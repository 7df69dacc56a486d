#!/usr/bin/env python3
"""Markdown and chunks of an `ingest convert --format markdown --chunks` output folder, checked
against the documents beside them: every heading, paragraph, list item, quote, definition and cue
of NAME.json must be in the text pandoc reads from NAME.md (`-f markdown-smart -t plain`), and the
chunks are counted (under a quarter of the budget, split, over the budget), apart from documents
shorter than a quarter of the budget (a lone small chunk cannot be helped).
Usage: stats.py OUT_DIR [BUDGET]"""
import json, glob, os, subprocess, sys, re
out = sys.argv[1]; budget = int(sys.argv[2]) if len(sys.argv) > 2 else 512
total = small = split = over = docs = 0; missing = []; maxtok = 0
blocks_checked = blocks_missing = 0; bad = []
for j in sorted(glob.glob(out + '/**/*.json', recursive=True)):
    if j.endswith(('.sheet.json', '.duplicate.json', 'summary.json')): continue
    d = json.load(open(j)); base = j[:-5]
    if not os.path.exists(base + '.md'): missing.append(j); continue
    docs += 1
    cs = [json.loads(l) for l in open(base + '.chunks.jsonl')]
    for c in cs:
        total += 1; maxtok = max(maxtok, c['tokens'])
        if c['tokens'] < budget // 4: small += 1
        if c.get('split'): split += 1
        if c['tokens'] > budget: over += 1
    plain = subprocess.run(['pandoc', '-f', 'markdown-smart', '-t', 'plain', '--wrap=none', base + '.md'], capture_output=True, text=True).stdout
    plain = ' '.join(plain.replace('\u00a0', ' ').split())
    for b in d['blocks']:
        if b['kind'] in ('heading', 'paragraph', 'listItem', 'cue', 'quote', 'definition'):
            blocks_checked += 1
            t = ' '.join(b['text'].replace('\u00a0', ' ').split())
            if t not in plain:
                blocks_missing += 1; bad.append((os.path.basename(j), t[:100]))
print(f'docs {docs} (no md: {len(missing)}), chunks {total}, under quarter {small} ({100*small/max(1,total):.2f} %), split {split}, over budget {over}, max tokens {maxtok}')
print(f'blocks checked {blocks_checked}, not found in pandoc plain of the md: {blocks_missing}')
for b in bad[:15]: print('  ', b)
n = s = 0
for f in glob.glob(out + '/**/*.chunks.jsonl', recursive=True):
    cs = [json.loads(l) for l in open(f)]
    if sum(c['tokens'] for c in cs) < budget // 4: continue
    n += len(cs); s += sum(1 for c in cs if c['tokens'] < budget // 4)
print(f'documents of at least a quarter of the budget: {n} chunks, {s} under a quarter ({100*s/max(1,n):.2f} %)')

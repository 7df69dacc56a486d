import re, sys
# sectx.py FILE.md HEADING-PREFIX : the section whose heading starts so, to the next heading of its level or higher, cut before 12 000 characters
lines = open(sys.argv[1], encoding='utf-8').read().split('\n')
want = sys.argv[2]
start = next(i for i, l in enumerate(lines) if re.match(r'^#+ ', l) and l.lstrip('#').strip().startswith(want))
level = len(lines[start]) - len(lines[start].lstrip('#'))
end = next((j for j in range(start + 1, len(lines)) if re.match(r'^#{1,%d} ' % level, lines[j])), len(lines))
out = '\n'.join(lines[start:end])
out = re.sub(r'\n\\\n', '\n', out)
out = re.sub(r'\n{3,}', '\n\n', out).strip() + '\n'
if len(out) > 12000:
    out = out[:out.rfind('\n\n', 0, 12000)].rstrip() + '\n'
sys.stdout.write(out)

import re, sys
text = sys.stdin.read()
lines = text.split("\n")
start = next(i for i, l in enumerate(lines) if l.startswith("#"))
lines = lines[start:]
# the navigation footer: the last horizontal rule and what follows
for i in range(len(lines) - 1, -1, -1):
    if re.fullmatch(r"-{20,}", lines[i].strip()):
        lines = lines[:i]
        break
out = "\n".join(lines)
out = re.sub(r"\n\\\n", "\n", out)          # pandoc's hard-break paragraphs left by dropped figures
out = re.sub(r"\n{3,}", "\n\n", out).strip() + "\n"
# cut before 12 000 characters, at a paragraph end
if len(out) > 12000:
    cut = out.rfind("\n\n", 0, 12000)
    out = out[:cut].rstrip() + "\n"
sys.stdout.write(out)

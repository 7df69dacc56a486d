import re, sys
# myst.py IN.md|IN.ipynb : a MyST Markdown page or a notebook's Markdown cells as a printed page shows them: code cells,
# fenced code, figures, list-tables, raw HTML, pictures and labels, pipe tables and Jekyll/kramdown tags (`{: .note}`, `{% … %}`) dropped; the text of an admonition ({note}, {admonition}…)
# kept as paragraphs; roles reduced to their text ({cite} dropped); cut before 12 000 characters at a paragraph end.
import json
path = sys.argv[1]
if path.endswith(".ipynb"):
    cells = json.load(open(path, encoding="utf-8"))["cells"]
    text = "\n\n".join("".join(c["source"]) for c in cells if c["cell_type"] == "markdown")
else:
    text = open(path, encoding="utf-8").read()
text = re.sub(r"\A\s*---\n.*?\n--- *\n", "", text, flags=re.S)     # front matter
out, i, lines = [], 0, text.split("\n")
KEEP = {"note", "admonition", "tip", "important", "warning", "attention", "caution", "hint", "seealso", "topic"}
while i < len(lines):
    l = lines[i]
    m = re.match(r"^\s*(`{3,}|~{3,}|:{3,})\s*(\{([\w-]+)\})?\s*(.*)$", l)
    if m:
        fence, kind, rest = m.group(1), m.group(3), m.group(4)
        j = i + 1
        while j < len(lines) and not lines[j].strip().startswith(fence):
            j += 1
        body = lines[i + 1:j]
        if kind in KEEP:
            if kind == "admonition" and rest.strip():
                out.append("**" + rest.strip() + "**\n")
            out.extend(b for b in body if not re.match(r"^\s*:[\w-]+:", b))
        i = j + 1
        continue
    if re.match(r"^\(.*\)=\s*$", l) or re.match(r"^\s*<.*>\s*$", l) or re.match(r"^\s*\|", l) or re.match(r"^\s*\{[:%].*[}]\s*$", l):
        i += 1
        continue
    out.append(l)
    i += 1
t = "\n".join(out)
t = re.sub(r"\{cite[:\w]*\}`[^`]*`", "", t)
t = re.sub(r"\{[\w:-]+\}`([^`<]*?)(\s*<[^`]*>)?`", r"\1", t)
t = re.sub(r"!\[[^\]]*\]\([^)]*\)", "", t)
t = re.sub(r"<img[^>]*>", "", t)
t = re.sub(r"\[([^\]]+)\]\([^)]*\)", r"\1", t)
t = re.sub(r"\n{3,}", "\n\n", t).strip() + "\n"
if len(t) > 12000:
    t = t[:t.rfind("\n\n", 0, 12000)].rstrip() + "\n"
sys.stdout.write(t)

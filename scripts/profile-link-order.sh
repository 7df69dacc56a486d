#!/usr/bin/env bash
# Rewrites scripts/link-order.txt: the functions of the `ingest` binary that typical runs execute
# (converting samples/, two born-digital PDFs, a .docx and an image when the shared corpus is
# present), in first-executed order, recorded with valgrind's callgrind. scripts/build-release.sh
# hands the list to lld so these functions are packed together. Re-run after large code changes
# (a stale list is harmless: unknown names are ignored, new functions are placed after the list).
# Needs valgrind (apt-get install valgrind).
set -euo pipefail
cd "$(dirname "$0")/.."
scripts/build-release.sh >/dev/null
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
inputs=(samples)
corpus=../shared/corpus
for f in pdf/pdfplumber-2023-06-20-PV.pdf pdf/pdfminer-naacl06-shinyama.pdf; do
  [ -f "$corpus/$f" ] && inputs+=("$corpus/$f")
done
docx=$(ls "$corpus"/docx/*.docx 2>/dev/null | head -1 || true)
[ -n "$docx" ] && inputs+=("$docx")
valgrind --tool=callgrind --demangle=no --callgrind-out-file="$work/cg.out" \
  .build/release/ingest convert "${inputs[@]}" --out "$work/out" --library "$work/lib.sqlite" --quiet \
  >/dev/null 2>&1 || true
python3 - "$work/cg.out" > scripts/link-order.txt <<'PY'
import re, sys
# callgrind compresses names: "fn=(12) name" the first time, "fn=(12)" after; same for ob=/cob=/cfn=.
objects, functions, seen, order, current = {}, {}, set(), [], None
for line in open(sys.argv[1], errors="replace"):
    line = line.rstrip("\n")
    m = re.match(r"^(c?ob)=\((\d+)\)(?: (.*))?$", line)
    if m:
        if m.group(3): objects[m.group(2)] = m.group(3)
        if m.group(1) == "ob": current = objects.get(m.group(2))
        continue
    m = re.match(r"^(c?fn)=\((\d+)\)(?: (.*))?$", line)
    if m:
        if m.group(3): functions[m.group(2)] = m.group(3)
        name = functions.get(m.group(2))
        if m.group(1) == "fn" and current and current.endswith("/ingest") and name \
                and not name.startswith("0x") and name not in seen:
            seen.add(name); order.append(name)
print("\n".join(order))
PY
echo "profile-link-order.sh: $(wc -l < scripts/link-order.txt) functions in scripts/link-order.txt" >&2

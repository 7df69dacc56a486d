#!/usr/bin/env bash
# PDFs nobody here wrote: Debian's own documentation packages (manuals typeset by LaTeX, DBLaTeX and
# Texinfo-like tool chains, reference cards in 40 languages), fetched with `apt-get download`,
# unpacked with `dpkg-deb -x` into bench/work/debian-docs (git-ignored: never committed), then
#   1. time and OCR'd pages of `ingest convert` against `pdftotext` over the same files, same run;
#   2. `ingest qa` against pdftotext's text (word recall and precision, CER/WER) per file.
# Usage: bench/pdf/debian-docs.sh [--no-qa]     (needs apt-get, dpkg-deb, poppler-utils, python3)
#   INGEST=path/to/ingest measures another build (e.g. an older commit's) on the same corpus.
set -euo pipefail
cd "$(dirname "$0")/../.."
ROOT=$PWD; WORK=$ROOT/bench/work/debian-docs
PACKAGES=(gnuplot-doc developers-reference-fr debian-reference-en debian-reference-fr maxima-doc debian-refcard)
QA=1; [ "${1:-}" = "--no-qa" ] && QA=0
mkdir -p "$WORK/debs" "$WORK/root" "$WORK/corpus" "$WORK/expected"

# --- The corpus (fetched once) ----------------------------------------------------------------
if [ ! -f "$WORK/corpus/.done" ]; then
  (cd "$WORK/debs" && for p in "${PACKAGES[@]}"; do ls "${p}"_*.deb >/dev/null 2>&1 || apt-get download "$p"; done)
  for d in "$WORK"/debs/*.deb; do dpkg-deb -x "$d" "$WORK/root"; done
  find "$WORK/root" -name '*.pdf' | while read -r f; do cp "$f" "$WORK/corpus/$(basename "$f")"; done
  find "$WORK/root" -name '*.pdf.gz' | while read -r f; do gunzip -c "$f" > "$WORK/corpus/$(basename "$f" .gz)"; done
  for f in "$WORK"/corpus/*.pdf; do
    pdftotext -enc UTF-8 "$f" "$WORK/expected/$(basename "$f" .pdf).expected.txt"
  done
  touch "$WORK/corpus/.done"
fi
FILES=("$WORK"/corpus/*.pdf)
PAGES=$(for f in "${FILES[@]}"; do pdfinfo "$f" | awk '/^Pages:/ {print $2}'; done | awk '{s += $1} END {print s}')
echo "corpus: ${#FILES[@]} PDFs, $PAGES pages (${PACKAGES[*]})"

if [ -z "${INGEST:-}" ]; then scripts/build-release.sh >/dev/null; INGEST=$ROOT/.build/release/ingest; fi

# --- 1. Time and OCR'd pages, against pdftotext -------------------------------------------------
t0=$(date +%s.%N)
for f in "${FILES[@]}"; do pdftotext "$f" /dev/null; done
t1=$(date +%s.%N)
rm -rf "$WORK/out" "$WORK/lib.sqlite"
"$INGEST" convert "$WORK/corpus" --out "$WORK/out" --library "$WORK/lib.sqlite" --sink none --quiet || true
t2=$(date +%s.%N)
python3 - "$WORK/out" "$t0" "$t1" "$t2" <<'EOF'
import json, os, sys
out, t0, t1, t2 = sys.argv[1], *map(float, sys.argv[2:])
rows, ocred, pages = [], 0, 0
for name in sorted(os.listdir(out)):
    if not name.endswith(".json") or name == "summary.json" or name.endswith(".sheet.json"): continue
    d = json.load(open(os.path.join(out, name)))
    for s in d["sources"]:
        n, o = s.get("pagesRead") or 0, s.get("pagesOCRed") or 0
        pages += n; ocred += o
        if o:
            which = [str(p["number"]) for p in s.get("pages", []) if p.get("provenance") == "ocr"]
            rows.append(f"  {s['name']}: {o} of {n} pages OCR'd ({', '.join(which)})")
print(f"pdftotext {t1 - t0:.1f} s; ingest convert {t2 - t1:.1f} s ({(t2 - t1) / (t1 - t0):.2f}x); "
      f"{ocred} of {pages} pages OCR'd")
print("\n".join(rows))
EOF

# --- 2. Word recall and precision against pdftotext ---------------------------------------------
[ "$QA" = 1 ] || exit 0
"$INGEST" qa "$WORK/corpus" --expected "$WORK/expected" --json "$WORK/qa.json" --quiet || true
python3 - "$WORK/qa.json" <<'EOF'
import json, sys
r = json.load(open(sys.argv[1]))
docs = r.get("documents", [])
under = []
for d in docs:
    m = d.get("scores") or {}
    rec, pre = m.get("wordRecall"), m.get("wordPrecision")
    if rec is None: continue
    if rec < 0.99 or pre < 0.98: under.append((rec, pre, d.get("name")))
print(f"ingest qa: {len(docs)} documents; under recall 0.99 or precision 0.98: {len(under)}")
for rec, pre, name in sorted(under):
    print(f"  {name}: recall {rec:.4f} precision {pre:.4f}")
EOF

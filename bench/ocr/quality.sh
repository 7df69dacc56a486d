#!/usr/bin/env bash
# OCR quality: character and word error rates of `ingest convert` on the corpus scans that have
# ground truth and on pages made from known text (clean 300 dpi; rotated 3°, noise, JPEG q40),
# beside the `tesseract` command on the same images (same languages, one thread), and how far
# our text is from the command's. Measured with ../shared/tools/textdiff.py.
# Usage: bench/ocr/quality.sh [INGEST_BINARY]   → a Markdown table on stdout
set -euo pipefail
here="$(cd "$(dirname "$0")" && pwd)"; root="$(git -C "$here" rev-parse --show-toplevel)"
ingest="${1:-$("$here/build.sh")}"
work="$root/bench/work/ocr"; pages="$work/pages"; out="$work/quality"
corpus="${INGEST_CORPUS:-$root/../shared/corpus}"
textdiff="$root/../shared/tools/textdiff.py"
[ -x "$root/bench/.venv/bin/python" ] || { python3 -m venv "$root/bench/.venv"; "$root/bench/.venv/bin/pip" -q install pillow rapidfuzz; }
py="$root/bench/.venv/bin/python"
[ -f "$pages/scan-40.pdf" ] || "$py" "$here/make_pages.py" "$pages"
rm -rf "$out"; mkdir -p "$out"
export OMP_THREAD_LIMIT=1

ours() {   # ours NAME INPUT... → text file of the document
  local name=$1; shift
  "$ingest" convert "$@" --out "$out/$name" --library "$out/$name.sqlite" --sink none --quiet >/dev/null 2>"$out/$name.err" || true
  local json; json=$(ls "$out/$name"/*.json 2>/dev/null | grep -v summary.json | head -1 || true)
  if [ -n "$json" ]; then "$py" "$here/tools.py" text "$json"; fi > "$out/$name.ours.txt"
}
theirs() { # theirs NAME INPUT → the tesseract command's text (PDF pages rendered by pdftoppm -r 300 -gray)
  local name=$1 input=$2
  if [[ $input == *.pdf ]]; then
    pdftoppm -r 300 -gray "$input" "$out/$name-page"
    for p in "$out/$name"-page*.pgm; do tesseract "$p" - -l fra+eng 2>/dev/null; done > "$out/$name.tess.txt"
  else
    tesseract "$input" - -l fra+eng 2>/dev/null > "$out/$name.tess.txt"
  fi
}
score() { TEXTDIFF="$textdiff" "$py" "$here/tools.py" score "$1" "$2"; }
row() {    # row NAME REFERENCE INPUT...
  local name=$1 ref=$2; shift 2
  ours "$name" "$@"
  if [ $# -eq 1 ]; then theirs "$name" "$1"; else for f in "$@"; do tesseract "$f" - -l fra+eng 2>/dev/null; done > "$out/$name.tess.txt"; fi
  echo "| $name | $(score "$out/$name.ours.txt" "$ref") | $(score "$out/$name.tess.txt" "$ref") | $(score "$out/$name.ours.txt" "$out/$name.tess.txt") |"
}

echo "| input | ingest CER % | ingest WER % | tesseract CER % | tesseract WER % | ingest vs tesseract CER % | WER % |"
echo "|---|---|---|---|---|---|---|"
for lang in fr en; do
  for v in clean.png rot3.png noise.png jpeg40.jpg; do row "$lang-${v%.*}" "$pages/$lang.txt" "$pages/$lang-$v"; done
done
s="$corpus/scans"
row phototest "$s/tesseract-phototest.txt" "$s/tesseract-phototest.tif"
row phototest-rotated-R "$s/tesseract-phototest.txt" "$s/tesseract-phototest-rotated-R.png"
row eurotext "$s/tesseract-eurotext.txt" "$s/tesseract-eurotext.tif"
row linn.png "$s/ocrmypdf-linn.txt" "$s/ocrmypdf-linn.png"
for p in linn ccitt jbig2 skew; do row "$p.pdf" "$s/ocrmypdf-linn.txt" "$s/ocrmypdf-$p.pdf"; done
for i in 1 2 3 4; do cat "$s/ocrmypdf-linn.txt"; echo; done > "$out/linn-x4.txt"
row cardinal.pdf "$out/linn-x4.txt" "$s/ocrmypdf-cardinal.pdf"
# OCR17 line images: each line is one image; the document is the lines in order (natural order).
for c in XIX XVIII; do
  ls "$s"/ocr17-$c-*.png | sort -V > "$out/ocr17-$c.list"
  while read -r f; do cat "${f%.png}.gt.txt"; echo; done < "$out/ocr17-$c.list" > "$out/ocr17-$c.gt.txt"
  mkdir -p "$out/ocr17-$c-lines"
  while read -r f; do
    "$ingest" convert "$f" --out "$out/ocr17-$c-lines" --library "$out/ocr17-$c.sqlite" --sink none --quiet >/dev/null 2>&1 || true
    j="$out/ocr17-$c-lines/$(basename "${f%.png}").json"; [ -f "$j" ] && "$py" "$here/tools.py" text "$j"
  done < "$out/ocr17-$c.list" > "$out/ocr17-$c.ours.txt"
  while read -r f; do tesseract "$f" - -l fra+eng 2>/dev/null; done < "$out/ocr17-$c.list" > "$out/ocr17-$c.tess.txt"
  echo "| ocr17-$c ($(wc -l < "$out/ocr17-$c.list") lines) | $(score "$out/ocr17-$c.ours.txt" "$out/ocr17-$c.gt.txt") | $(score "$out/ocr17-$c.tess.txt" "$out/ocr17-$c.gt.txt") | $(score "$out/ocr17-$c.ours.txt" "$out/ocr17-$c.tess.txt") |"
done

#!/usr/bin/env bash
# Issue 38: an image-only PDF of one blank A4 page (and near-blank ones), read by `ingest convert`
# with blank pages skipped (default) and not (ocr.skipBlankPages=false), beside the peer
# `pdftoppm -r 300 | tesseract` on the same file, in one run. Best of 3 wall times.
# Usage: blank38.sh [INGEST]   (default .build/debug/ingest; copy it first if a build may relink it)
set -euo pipefail
root="$(git -C "$(dirname "$0")" rev-parse --show-toplevel)"
ingest="${1:-$root/.build/debug/ingest}"
work="$(mktemp -d)"; trap 'rm -rf "$work"' EXIT
cd "$work"
convert -size 2480x3508 xc:white -density 300 -units PixelsPerInch blank.png
RANDOM=38
specks=$(for i in $(seq 1 40); do x=$((RANDOM % 2400 + 40)); y=$((RANDOM % 3400 + 40)); echo -n "rectangle $x,$y $((x + RANDOM % 3)),$((y + RANDOM % 3)) "; done)
convert -size 2480x3508 xc:white -density 300 -units PixelsPerInch -fill black -draw "$specks" specks.png
convert -size 2480x3508 xc:white -density 300 -units PixelsPerInch -font DejaVu-Serif -pointsize 11 -fill black \
  -annotate +1230+3300 17 pagenum.png
for f in blank specks pagenum; do img2pdf "$f.png" -o "$f.pdf"; done
best() { python3 -c "import sys; print(f'{min(map(float, sys.argv[1:])):.2f}')" "$@"; }
printf "| page | ingest (skip blank) | ingest (ocr.skipBlankPages=false) | pdftoppm -r 300 \\| tesseract | ingest verdict |\n|---|---|---|---|---|\n"
for f in blank specks pagenum; do
  a=(); b=(); c=()
  for i in 1 2 3; do
    for mode in true false; do
      rm -rf out lib.sqlite
      s=$(date +%s.%N)
      "$ingest" convert "$f.pdf" --out out --library lib.sqlite --quiet --sink none --set ocr.skipBlankPages=$mode >/dev/null 2>&1 || true
      e=$(python3 -c "import sys; print(float(sys.argv[2]) - float(sys.argv[1]))" "$s" "$(date +%s.%N)")
      if [ $mode = true ]; then a+=("$e"); verdict=$(python3 -c "
import json; d = json.load(open('out/$f.json')); p = d['sources'][0]['pages'][0]
print(p.get('leftOut') or 'read', repr(d['text']))"); else b+=("$e"); fi
    done
    s=$(date +%s.%N)
    pdftoppm -r 300 -gray "$f.pdf" | tesseract - - -l fra+eng >/dev/null 2>&1
    c+=("$(python3 -c "import sys; print(float(sys.argv[2]) - float(sys.argv[1]))" "$s" "$(date +%s.%N)")")
  done
  echo "| $f | $(best "${a[@]}") s | $(best "${b[@]}") s | $(best "${c[@]}") s | $verdict |"
done

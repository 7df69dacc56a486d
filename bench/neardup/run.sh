#!/usr/bin/env bash
# Near-duplicates across formats and OCR noise (issue #19), measured on a generated set made from
# real texts: Debian's documentation packages (fetched with `apt-get download`, unpacked with
# `dpkg-deb -x` into bench/work/neardup, never committed), cut into chapters by make_set.py, each
# chapter turned into a pair by a real transformation (LibreOffice PDF export, pages rendered and
# OCR'd by `ingest`, subtitles, light edits) or into a revision (v2, not a duplicate).
#   1. the originals are imported into a fresh library, then the copies into the same library:
#      every copy should come out as a duplicate of its own original, no copy of anything else;
#   2. the copies are imported alone too (another library), so that every copy's sketch can be
#      scored against every original of the same subject (pairs and non-pairs): evaluate.py.
# Usage: bench/neardup/run.sh [--small]   (needs apt-get, dpkg-deb, soffice, pdftoppm, ImageMagick's convert)
#   INGEST=path/to/ingest measures another build.
set -euo pipefail
cd "$(dirname "$0")/../.."
ROOT=$PWD; WORK=$ROOT/bench/work/neardup
SMALL=${1:-}
SET=$WORK/set${SMALL:+-small}
PACKAGES=(python3.11-doc debian-reference-en debian-reference-fr developers-reference developers-reference-fr)
mkdir -p "$WORK/debs" "$WORK/root"

if [ ! -f "$WORK/root/.done" ]; then
  (cd "$WORK/debs" && for p in "${PACKAGES[@]}"; do ls "${p}"_*.deb >/dev/null 2>&1 || apt-get download "$p"; done)
  for d in "$WORK"/debs/*.deb; do dpkg-deb -x "$d" "$WORK/root"; done
  touch "$WORK/root/.done"
fi

if [ ! -f "$SET/.done" ]; then
  rm -rf "$SET"
  python3 bench/neardup/make_set.py "$WORK/root" "$SET" $SMALL
  # .docx → PDF export (the copy of a docx pair; the born-digital original of a scan pair)
  tmp=$(mktemp -d)
  soffice --headless --norestore "-env:UserInstallation=file://$tmp/profile" --convert-to pdf --outdir "$tmp/export" "$SET"/orig/*.docx >/dev/null 2>&1
  for f in "$tmp"/export/*.pdf; do mv "$f" "$SET/copy/$(basename "$f" .pdf)-export.pdf"; done
  soffice --headless --norestore "-env:UserInstallation=file://$tmp/profile" --convert-to pdf --outdir "$SET/orig" "$SET"/docx-for-scan/*.docx >/dev/null 2>&1
  # A scan of the born-digital PDF: 300 dpi grey pages, slightly turned, blurred, noisy, JPEG.
  for f in "$SET"/docx-for-scan/*.docx; do
    n=$(basename "$f" .docx); pages=$tmp/pages/$n; mkdir -p "$pages"
    pdftoppm -r 300 -gray -png "$SET/orig/$n.pdf" "$pages/p"
    angle=$(python3 -c "import random; r = random.Random('$n'); print(round(r.uniform(-0.8, 0.8), 2))")
    for p in "$pages"/p*.png; do
      convert "$p" -background white -rotate "$angle" -blur 0x0.6 -attenuate 0.4 +noise Gaussian -quality 75 "${p%.png}.jpg"
    done
    python3 bench/neardup/jpegs_to_pdf.py "$SET/copy/$n-scan.pdf" "$pages"/p*.jpg
  done
  rm -rf "$tmp"
  touch "$SET/.done"
fi
echo "set: $(ls "$SET/orig" | wc -l) originals, $(ls "$SET/copy" | wc -l) copies ($SET)"

INGEST=${INGEST:-$ROOT/.build/release/ingest}
[ -x "$INGEST" ] || { echo "build first: swift build -c release (or INGEST=.build/debug/ingest)"; exit 2; }
OUT=$WORK/out${SMALL:+-small}
rm -rf "$OUT"; mkdir -p "$OUT"
run() { /usr/bin/time -f "%e s" "$INGEST" convert "$@" --sink none --quiet 2>&1 >/dev/null | tail -1 || true; }
echo "originals:          $(run "$SET/orig" --out "$OUT/orig" --library "$OUT/lib.sqlite")"
echo "copies, same lib:   $(run "$SET/copy" --out "$OUT/copy" --library "$OUT/lib.sqlite")"
echo "copies, alone:      $(run "$SET/copy" --out "$OUT/copy-alone" --library "$OUT/lib-alone.sqlite")"
python3 bench/neardup/evaluate.py "$SET" "$OUT"

#!/usr/bin/env bash
# Markdown and chunks (#36 item 5) on material nobody here wrote: the shared corpus (docx, pdf,
# text, YouTube captions) and a 312-page LaTeX manual full of `$…$` examples (latex2e-fr.pdf from
# texlive-doc, when installed). Prints what bench/markdown/stats.py finds, then the CPU time of the
# renderings alone (a re-run that skips the document writes only them) against a skip-only re-run.
# Usage: bench/markdown/run.sh    INGEST=path/to/ingest to measure another build (default: debug).
set -euo pipefail
cd "$(dirname "$0")/../.."
INGEST=${INGEST:-.build/debug/ingest}
WORK=$(mktemp -d); trap 'rm -rf "$WORK"' EXIT
C=/work/shared/corpus
"$INGEST" convert "$C/docx" "$C/pdf" "$C/text" "$C/youtube" --format markdown --chunks --out "$WORK/corpus" \
  --library "$WORK/corpus.sqlite" --quiet --lang en --sink directory --concurrency 2 || true
echo "== /work/shared/corpus"; python3 bench/markdown/stats.py "$WORK/corpus"
MANUAL=/usr/share/doc/texlive-doc/latex/latex2e-help-texinfo-fr/latex2e-fr.pdf
[ -f "$MANUAL" ] || { echo "(no $MANUAL: apt-get install texlive-latex-base-doc)"; exit 0; }
mkdir -p "$WORK/in" && cp "$MANUAL" "$WORK/in/"
run() { "$INGEST" convert "$WORK/in" --out "$WORK/manual" --library "$WORK/manual.sqlite" --quiet --sink directory "$@"; }
/usr/bin/time -f "convert (JSON only): %e s wall, %U s user" bash -c "$(declare -f run); INGEST=$INGEST WORK=$WORK run" || true
for what in "skip only:" "markdown:--format markdown" "chunks:--chunks"; do
  rm -f "$WORK"/manual/*.md "$WORK"/manual/*.chunks.jsonl
  /usr/bin/time -f "re-run, ${what%%:*}: %e s wall, %U s user" "$INGEST" convert "$WORK/in" --out "$WORK/manual" \
    --library "$WORK/manual.sqlite" --quiet --sink directory ${what#*:} || true
done
"$INGEST" convert "$WORK/in" --out "$WORK/manual" --library "$WORK/manual.sqlite" --quiet --sink directory --format markdown --chunks || true
echo "== latex2e-fr.pdf"; python3 bench/markdown/stats.py "$WORK/manual"

#!/usr/bin/env bash
# Fidelity on real documents of other origin (session 21, FIDREAL): Debian's manuals, each
# shipped by its package in several forms made from one source (DocBook or Sphinx → HTML, PDF,
# EPUB, plain text). The HTML form is the truth; ingest and a peer read the other forms.
#
# Files (Debian 12 packages, fetched with apt-get download, versions printed in results.tsv):
#   debian-reference-en/-fr 2.100  (DocBook → HTML, PDF via dblatex/xelatex, text)
#   maint-guide/-fr 1.2.53         (DocBook → HTML, PDF, text)
#   developers-reference/-fr 12.18 (Sphinx → HTML, PDF via LaTeX, EPUB, text)
#   debian-faq 11.1                (DocBook → HTML, text)
# Truth: truth_html.py on the HTML form (pages in rel="next" order, navigation and per-chapter
#   tables of contents left out; standard library only).
# Peers: pdftotext (poppler-utils) for PDF; pandoc -t plain --wrap=none for EPUB. A text form is
#   measured against itself (ingest must hand on what it was given); no peer.
# Figures: shared/tools/textdiff.py (CER, WER, word recall/precision as multisets) and
#   numbercheck.py (the fidelity suite's NUMBER check: numbers lost/extra, with sign and decimal
#   comma). Ingest's figure is its document's "text".
# Runs one document at a time under nice (others measure speed on this machine).
# Usage: bench/fidelity-real/run.sh [NAME.FORM ...]   (all documents without one)
#   INGEST_BIN=…  the binary; LABEL=…  its name in the table (ingest); RESULTS=…  the table
#   (bench/work/fidelity-real/results.tsv); NO_PEER=1  ingest only.
set -euo pipefail
ROOT="$(cd "$(dirname "$0")/../.." && pwd)"
HERE="$ROOT/bench/fidelity-real"
WORK="$ROOT/bench/work/fidelity-real"
BIN="${INGEST_BIN:-$ROOT/.build-scratch-lead/ingest-61e14e6}"
TEXTDIFF="${TEXTDIFF:-$ROOT/../shared/tools/textdiff.py}"
ONLY="${*:-}"
LABEL="${LABEL:-ingest}"
for t in pandoc pdftotext python3 dpkg-deb apt-get; do command -v "$t" >/dev/null || { echo "missing: $t"; exit 1; }; done
[ -x "$BIN" ] || { echo "no ingest binary: $BIN"; exit 1; }
mkdir -p "$WORK/deb" "$WORK/x" "$WORK/out"

PACKAGES="debian-reference-en debian-reference-fr maint-guide maint-guide-fr developers-reference developers-reference-fr debian-faq"
for p in $PACKAGES; do
  if ! ls "$WORK/deb/${p}_"*.deb >/dev/null 2>&1; then (cd "$WORK/deb" && apt-get download "$p" >/dev/null); fi
  [ -d "$WORK/x/$p" ] || dpkg-deb -x "$WORK/deb/${p}_"*.deb "$WORK/x/$p"
done
version() { dpkg-deb -f "$WORK/deb/${1}_"*.deb Version; }

X="$WORK/x"
DR=usr/share/debian-reference; MG=usr/share/doc/maint-guide; MGF=usr/share/doc/maint-guide-fr
DV=usr/share/developers-reference; FAQ=usr/share/doc/debian/FAQ
# name | package | form | file | truth html index
DOCS="
debian-reference.en|debian-reference-en|pdf|$X/debian-reference-en/$DR/debian-reference.en.pdf|$X/debian-reference-en/$DR/index.en.html
debian-reference.fr|debian-reference-fr|pdf|$X/debian-reference-fr/$DR/debian-reference.fr.pdf|$X/debian-reference-fr/$DR/index.fr.html
maint-guide.en|maint-guide|pdf|$X/maint-guide/$MG/maint-guide.en.pdf|$X/maint-guide/$MG/html/index.en.html
maint-guide.fr|maint-guide-fr|pdf|$X/maint-guide-fr/$MGF/maint-guide.fr.pdf|$X/maint-guide-fr/$MGF/html/index.fr.html
developers-reference.en|developers-reference|pdf|$X/developers-reference/$DV/developers-reference.pdf|$X/developers-reference/$DV/index.html
developers-reference.fr|developers-reference-fr|pdf|$X/developers-reference-fr/$DV/fr/developers-reference.pdf|$X/developers-reference-fr/$DV/fr/index.html
developers-reference.en|developers-reference|epub|$X/developers-reference/$DV/developers-reference.epub|$X/developers-reference/$DV/index.html
developers-reference.fr|developers-reference-fr|epub|$X/developers-reference-fr/$DV/fr/developers-reference.epub|$X/developers-reference-fr/$DV/fr/index.html
debian-reference.en|debian-reference-en|txt|$X/debian-reference-en/$DR/debian-reference.en.txt.gz|
debian-reference.fr|debian-reference-fr|txt|$X/debian-reference-fr/$DR/debian-reference.fr.txt.gz|
maint-guide.en|maint-guide|txt|$X/maint-guide/$MG/maint-guide.en.txt.gz|
developers-reference.en|developers-reference|txt|$X/developers-reference/$DV/developers-reference.txt.gz|
debian-faq.en|debian-faq|txt|$X/debian-faq/$FAQ/debian-faq.en.txt.gz|
"

figures() { # figures HYP REF -> "recall precision cer numbers_lost numbers_extra numbers_ref"
  local t n
  t=$(nice python3 "$TEXTDIFF" "$1" "$2" --json)
  n=$(nice python3 "$HERE/numbercheck.py" "$1" "$2")
  python3 - "$t" "$n" <<'EOF'
import json, sys
t, n = json.loads(sys.argv[1]), json.loads(sys.argv[2])
print(f'{t["word_recall"]:.4f}\t{t["word_precision"]:.4f}\t{t["cer"]:.4f}\t{n["numbers_lost"]}\t{n["numbers_extra"]}\t{n["numbers_ref"]}')
EOF
}

RES="${RESULTS:-$WORK/results.tsv}"
[ -s "$RES" ] || printf 'document\tform\tpackage\tversion\ttool\trecall\tprecision\tcer\tnumbers_lost\tnumbers_extra\tnumbers_ref\tseconds\n' > "$RES"
echo "$DOCS" | while IFS='|' read -r name pkg form file index; do
  [ -n "$name" ] || continue
  [ -z "$ONLY" ] || [[ " $ONLY " == *" $name.$form "* ]] || continue
  D="$WORK/out/$name.$form"; mkdir -p "$D"; rm -rf "$D/$LABEL"
  if [ "$form" = txt ]; then
    zcat "$file" > "$D/$name.txt"; file="$D/$name.txt"; cp "$file" "$D/truth.txt"
  else
    python3 "$HERE/truth_html.py" "$index" > "$D/truth.txt" 2>/dev/null
  fi
  s=$(date +%s.%N)
  rm -f "$D/$LABEL.sqlite"*
  nice "$BIN" convert "$file" --out "$D/$LABEL" --library "$D/$LABEL.sqlite" --concurrency 1 --sink none --quiet --reproducible >/dev/null 2>"$D/$LABEL.err" || echo "ingest failed on $file (see $D/$LABEL.err)"
  e=$(date +%s.%N)
  json=$(ls "$D/$LABEL/"*.json | grep -v summary.json | head -1)
  python3 -c 'import json,sys; sys.stdout.write(json.load(open(sys.argv[1]))["text"])' "$json" > "$D/$LABEL.txt"
  printf '%s\t%s\t%s\t%s\t%s\t%s\t%.1f\n' "$name" "$form" "$pkg" "$(version "$pkg")" "$LABEL" "$(figures "$D/$LABEL.txt" "$D/truth.txt")" "$(echo "$e - $s" | bc)" >> "$RES"
  [ -z "${NO_PEER:-}" ] || form=none
  case "$form" in
    pdf)  s=$(date +%s.%N); nice pdftotext -enc UTF-8 "$file" "$D/peer.txt"; e=$(date +%s.%N); peer=pdftotext ;;
    epub) s=$(date +%s.%N); nice pandoc -f epub -t plain --wrap=none "$file" -o "$D/peer.txt"; e=$(date +%s.%N); peer=pandoc ;;
    *) peer= ;;
  esac
  [ -z "$peer" ] || printf '%s\t%s\t%s\t%s\t%s\t%s\t%.1f\n' "$name" "$form" "$pkg" "$(version "$pkg")" "$peer" "$(figures "$D/peer.txt" "$D/truth.txt")" "$(echo "$e - $s" | bc)" >> "$RES"
  echo "done: $name.$form"
done
column -t -s$'\t' "$RES"

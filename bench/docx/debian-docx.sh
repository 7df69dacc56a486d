#!/usr/bin/env bash
# .docx nobody here wrote, against `pandoc -t plain` (issue 13 item 2). Fetched with `apt-get download`,
# unpacked with `dpkg-deb -x` into bench/work/debian-docx (git-ignored: never committed):
#   real   — every .docx Debian 12 ships in the packages below (python-docx's default template, R
#            officer's examples and template, pandoc's reference.docx, zipped from pandoc-data's tree);
#   pandoc — Debian's own documentation written to .docx by pandoc: debian-reference (en, fr) and
#            developers-reference (fr) HTML chapters, the READMEs in Markdown, R vignettes' HTML;
#   lo     — the same HTML chapters written to .docx by LibreOffice (`soffice --convert-to docx`),
#            a second producer with its own numbering, fields, bookmarks and table layout.
# Then `ingest qa` against `pandoc -t plain --wrap=none` of each .docx (word recall and precision).
# Usage: bench/docx/debian-docx.sh           (needs apt-get, dpkg-deb, pandoc, soffice, zip, python3)
#   INGEST=path/to/ingest measures another build on the same corpus.
set -euo pipefail
cd "$(dirname "$0")/../.."
ROOT=$PWD; WORK=$ROOT/bench/work/debian-docx
# Packages asked for and found shipping .docx: python3-docx, r-cran-officer; pandoc-data ships its
# reference.docx as an unzipped tree. Tried, no .docx inside: python3-docxtpl, python3-docxcompose,
# docx2txt, r-cran-flextable, r-cran-rmarkdown (these last two give HTML vignettes). Not in Debian 12:
# r-cran-officedown, r-cran-mschart, libreoffice-templates.
PACKAGES=(python3-docx r-cran-officer pandoc-data r-cran-flextable r-cran-rmarkdown
          debian-reference-common debian-reference-en debian-reference-fr developers-reference-fr)
mkdir -p "$WORK/debs" "$WORK/root" "$WORK/corpus" "$WORK/expected" "$WORK/html"

if [ ! -f "$WORK/corpus/.done" ]; then
  (cd "$WORK/debs" && for p in "${PACKAGES[@]}"; do ls "${p}"_*.deb >/dev/null 2>&1 || apt-get download "$p"; done)
  for d in "$WORK"/debs/*.deb; do dpkg-deb -x "$d" "$WORK/root"; done
  R=$WORK/root; C=$WORK/corpus
  # real
  cp "$R/usr/lib/python3/dist-packages/docx/templates/default.docx" "$C/real-python-docx-default.docx"
  for f in "$R"/usr/lib/R/site-library/officer/doc_examples/*.docx "$R"/usr/lib/R/site-library/officer/template/*.docx; do
    cp "$f" "$C/real-officer-$(basename "$f")"
  done
  (cd "$R/usr/share/pandoc/data/docx" && rm -f "$C/real-pandoc-reference.docx" && zip -qX -r "$C/real-pandoc-reference.docx" '[Content_Types].xml' _rels docProps word)
  # pandoc, from HTML and Markdown
  HTML=()
  for n in pr01 ch03 ch04 ch05 ch08; do HTML+=("$R/usr/share/debian-reference/$n.en.html" "$R/usr/share/debian-reference/$n.fr.html"); done
  for n in scope new-maintainer developer-duties l10n beyond-pkging resources; do HTML+=("$R/usr/share/developers-reference/fr/$n.html"); done
  HTML+=("$R/usr/lib/R/site-library/rmarkdown/doc/rmarkdown.html" "$R/usr/lib/R/site-library/flextable/doc/overview.html")
  for f in "${HTML[@]}"; do
    pkg=$(echo "$f" | sed -E 's|.*/share/([^/]+)/.*|\1|; s|.*/site-library/([^/]+)/.*|r-\1|')
    name=$pkg-$(basename "$f" .html)
    cp "$f" "$WORK/html/$name.html"
    # (pictures are remote or missing: pandoc writes their alt text, and says so on stderr)
    pandoc -f html "$f" -o "$C/pandoc-$name.docx" 2>/dev/null
  done
  for f in "$R/usr/share/doc/pandoc-data/README.md.gz" "$R/usr/share/doc/debian-reference-common/README.md.gz"; do
    pkg=$(basename "$(dirname "$f")")
    gunzip -c "$f" | pandoc -f markdown -o "$C/pandoc-$pkg-README.docx"
  done
  # LibreOffice, from the same HTML (Writer's HTML import, then its Word 2007 export)
  # (a first start that creates the user profile converts nothing: then once more)
  for try in 1 2; do
    soffice --headless --infilter="HTML (StarWriter)" --convert-to 'docx:MS Word 2007 XML' --outdir "$WORK/lo" "$WORK"/html/*.html >"$WORK/soffice.log" 2>&1 || true
    ls "$WORK"/lo/*.docx >/dev/null 2>&1 && break
  done
  for f in "$WORK"/lo/*.docx; do cp "$f" "$C/lo-$(basename "$f")"; done
  for f in "$C"/*.docx; do
    pandoc -t plain --wrap=none "$f" -o "$WORK/expected/$(basename "$f" .docx).expected.txt"
  done
  touch "$C/.done"
fi
echo "corpus: $(ls "$WORK"/corpus/*.docx | wc -l) .docx ($(ls "$WORK"/corpus/real-*.docx | wc -l) shipped by Debian packages, the rest written by pandoc $(pandoc --version | awk 'NR==1{print $2}') and $(soffice --version 2>/dev/null | awk 'NR==1{print $1, $2}'))"

if [ -z "${INGEST:-}" ]; then scripts/build-release.sh >/dev/null; INGEST=$ROOT/.build/release/ingest; fi
# One qa run per producer: pandoc's and LibreOffice's .docx of the same chapter are near-duplicates,
# and qa scores a duplicate with the text of the document it duplicates, not its own.
rm -rf "$WORK/qa"; mkdir -p "$WORK/qa"
for g in real pandoc lo; do
  mkdir -p "$WORK/qa/$g"; cp "$WORK"/corpus/$g-*.docx "$WORK/qa/$g/"
  "$INGEST" qa "$WORK/qa/$g" --expected "$WORK/expected" --json "$WORK/qa/$g.json" --quiet || true
done
python3 - "$WORK"/qa/{real,pandoc,lo}.json <<'EOF2'
import json, sys
docs = [d for p in sys.argv[1:] for d in json.load(open(p)).get("documents", [])]
print(f"ingest qa: {len(docs)} documents")
under = 0
for d in sorted(docs, key=lambda d: d.get("name")):
    m = d.get("scores") or {}
    rec, pre = m.get("wordRecall"), m.get("wordPrecision")
    if rec is None:
        print(f"  {d.get('name')}: no score ({d.get('status')})"); continue
    if m.get("referenceCharacters") == 0 and m.get("hypothesisCharacters") == 0:
        print(f"  {d.get('name')}: empty in both (a template with no body text)"); continue
    flag = "  UNDER" if rec < 0.99 or pre < 0.99 else ""
    under += bool(flag)
    print(f"  {d.get('name')}: recall {rec:.4f} precision {pre:.4f} [{d.get('status')}]{flag}")
print(f"under 0.99 (recall or precision): {under}")
EOF2

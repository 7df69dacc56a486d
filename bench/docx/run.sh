#!/usr/bin/env bash
# Word .docx bench: ingest (release CLI) side by side with pandoc -t plain, docx2txt (clean venv)
# and unzip -p, in the same run; quality against pandoc; peak memory. Writes bench/work/docx/*.
# Usage: bench/docx/run.sh            (from anywhere; needs hyperfine, pandoc, unzip, python3,
#                                      /usr/bin/time; soffice optional)
set -euo pipefail
ROOT="$(cd "$(dirname "$0")/../.." && pwd)"
cd "$ROOT"
WORK="$ROOT/bench/work/docx"
CORPUS="${INGEST_CORPUS:-$ROOT/../shared/corpus}/docx"
mkdir -p "$WORK"

echo "== build (release, once)"
scripts/build-release.sh 2>&1 | tail -1
BIN="$ROOT/.build/release/ingest"
B="$ROOT/.build/release"
swiftc -O -static-stdlib -module-name xmlbench -I "$B/Modules" -I Sources/CZlib bench/docx/xmlbench/main.swift \
  "$B"/IngestOffice.build/*.o "$B"/IngestZip.build/*.o "$B"/IngestCore.build/*.o -lz -o "$WORK/xmlbench" 2>/dev/null

echo "== peers"
if [ ! -x bench/.venv/bin/docx2txt ]; then
  python3 -m venv bench/.venv
  bench/.venv/bin/pip install -q docx2txt rapidfuzz
fi
DOCX2TXT="$ROOT/bench/.venv/bin/docx2txt"
pandoc --version | head -1
echo "docx2txt $(bench/.venv/bin/pip show docx2txt | awk '/^Version/{print $2}') (clean venv bench/.venv)"

echo "== documents"
[ -f "$WORK/large-text.docx" ] && [ -f "$WORK/pictures.docx" ] || python3 bench/docx/make_docs.py "$WORK"
ls -l "$WORK/large-text.docx" "$WORK/pictures.docx" | awk '{print $5, $9}'
unzip -l "$WORK/large-text.docx" word/document.xml | awk 'NR==4{print "large-text.docx word/document.xml:", $1, "bytes"}'
rm -rf "$WORK/corpus" && mkdir -p "$WORK/corpus" && cp "$CORPUS"/*.docx "$WORK/corpus/"
N=$(ls "$WORK/corpus"/*.docx | wc -l)
echo "$N corpus .docx files"

# One ingest run on one file with a fresh output folder and library (nothing skipped as done).
cat > "$WORK/ingest1.sh" <<EOS
#!/bin/sh
rm -rf "$WORK/out1" "$WORK/lib1.sqlite"*
exec "$BIN" convert "\$1" --out "$WORK/out1" --library "$WORK/lib1.sqlite" --sink none --quiet
EOS
chmod +x "$WORK/ingest1.sh"

echo "== XML scanner vs Foundation XMLParser (same bytes in memory, release)"
"$WORK/xmlbench" "$WORK/large-text.docx" | tee "$WORK/xmlbench.txt"

echo "== speed: corpus, one process per file (all three tools)"
hyperfine -N --style basic -w 1 -r 5 --export-json "$WORK/corpus.json" \
  -n ingest "sh -c 'for f in $WORK/corpus/*.docx; do $WORK/ingest1.sh \$f; done'" \
  -n pandoc "sh -c 'for f in $WORK/corpus/*.docx; do pandoc -t plain \$f >/dev/null; done'" \
  -n docx2txt "sh -c 'for f in $WORK/corpus/*.docx; do $DOCX2TXT \$f >/dev/null; done'" 2>&1 | grep -vE '^\s*$'

echo "== speed: corpus folder in one ingest process"
hyperfine -N --style basic -w 1 -r 5 \
  --prepare "rm -rf $WORK/outF $WORK/libF.sqlite $WORK/libF.sqlite-wal $WORK/libF.sqlite-shm" \
  -n ingest-folder "$BIN convert $WORK/corpus --out $WORK/outF --library $WORK/libF.sqlite --sink none --quiet" 2>&1 | grep -vE '^\s*$'

echo "== speed: large text-heavy .docx"
hyperfine -N --style basic -w 1 -r 3 --export-json "$WORK/large.json" \
  -n ingest "$WORK/ingest1.sh $WORK/large-text.docx" \
  -n unzip "sh -c 'unzip -p $WORK/large-text.docx word/document.xml >/dev/null'" \
  -n docx2txt "sh -c '$DOCX2TXT $WORK/large-text.docx >/dev/null'" \
  -n pandoc "sh -c 'pandoc -t plain $WORK/large-text.docx >/dev/null'" 2>&1 | grep -vE '^\s*$'
"$WORK/ingest1.sh" "$WORK/large-text.docx"
python3 - "$WORK" <<'EOP'
import json, sys, glob
w = sys.argv[1]
doc = json.load(open(glob.glob(w + "/out1/large-text*.json")[0]))
t = doc["timings"]
print("ingest timings (ms) on large-text.docx:", {k: round(v, 1) for k, v in t.items()})
large = {r["command"]: r["mean"] for r in json.load(open(w + "/large.json"))["results"]}
corpus = {r["command"]: r["mean"] for r in json.load(open(w + "/corpus.json"))["results"]}
print("ratios, corpus (per file):  pandoc/ingest %.1fx  docx2txt/ingest %.1fx" % (corpus["pandoc"] / corpus["ingest"], corpus["docx2txt"] / corpus["ingest"]))
print("ratios, large-text.docx:    pandoc/ingest %.1fx  docx2txt/ingest %.1fx  ingest/unzip %.1fx  (extract stage only)/unzip %.1fx" % (
    large["pandoc"] / large["ingest"], large["docx2txt"] / large["ingest"], large["ingest"] / large["unzip"],
    t["extract"] / 1000 / large["unzip"]))
EOP

echo "== extract stage (timings.extract from ingest's JSON) vs unzip -p, interleaved, 7 rounds, medians"
python3 - "$WORK" <<'EOP'
import json, glob, statistics, subprocess, sys, time
w = sys.argv[1]
ex, uz = [], []
for _ in range(7):
    t = time.perf_counter()
    subprocess.run(["unzip", "-p", w + "/large-text.docx", "word/document.xml"], stdout=subprocess.DEVNULL, check=True)
    uz.append((time.perf_counter() - t) * 1000)
    subprocess.run([w + "/ingest1.sh", w + "/large-text.docx"], check=True)
    ex.append(json.load(open(glob.glob(w + "/out1/large-text*.json")[0]))["timings"]["extract"])
print("unzip -p word/document.xml: %.1f ms   ingest extract stage: %.1f ms   ratio %.2fx" % (
    statistics.median(uz), statistics.median(ex), statistics.median(ex) / statistics.median(uz)))
EOP

echo "== peak memory (/usr/bin/time -v, maximum resident set size)"
peak() { /usr/bin/time -v "$@" 2>&1 >/dev/null | awk -F': ' '/Maximum resident/{printf "%7.1f MB  ", $2/1024}'; echo "${*: -1}" | sed "s|$WORK/||"; }
echo -n "ingest   "; peak "$WORK/ingest1.sh" "$WORK/pictures.docx"
echo -n "unzip    "; peak unzip -p "$WORK/pictures.docx" word/document.xml
echo -n "docx2txt "; peak "$DOCX2TXT" "$WORK/pictures.docx"
echo -n "ingest   "; peak "$WORK/ingest1.sh" "$WORK/large-text.docx"
echo -n "docx2txt "; peak "$DOCX2TXT" "$WORK/large-text.docx"
echo -n "pandoc   "; peak pandoc -t plain "$WORK/large-text.docx"

echo "== quality: ingest text vs pandoc -t plain (textdiff.py, word level)"
mkdir -p "$WORK/made"
cat > "$WORK/made/cours.md" <<'EOM'
# Les états de la matière

La matière existe sous trois états principaux : solide, liquide et gazeux.[^1] Chaque état a
ses propriétés : forme, volume, compressibilité.

## Changements d'état

1. Fusion : solide vers liquide
2. Vaporisation : liquide vers gaz
    - ébullition
    - évaporation
3. Condensation : gaz vers liquide

| État | Forme propre | Volume propre |
|------|--------------|---------------|
| Solide | oui | oui |
| Liquide | non | oui |
| Gaz | non | non |

> Rien ne se perd, rien ne se crée, tout se transforme.

### Définitions

Température
:   grandeur qui mesure l'agitation des particules.

Voir [la page de référence](https://example.org/etats).

[^1]: On parle aussi du plasma, un quatrième état.
EOM
pandoc "$WORK/made/cours.md" -o "$WORK/made/pandoc-made.docx"
if command -v soffice >/dev/null; then
  pandoc "$WORK/made/cours.md" -o "$WORK/made/cours.odt"
  (cd "$WORK/made" && timeout 120 soffice -env:UserInstallation=file://$WORK/lo-profile --headless \
     --convert-to docx:"MS Word 2007 XML" cours.odt >/dev/null 2>&1 && mv cours.docx libreoffice-made.docx) || echo "(LibreOffice conversion failed)"
fi
printf "%-44s %7s %7s %7s %7s\n" file WER recall precis CER > "$WORK/quality.txt"
for f in "$WORK"/corpus/*.docx "$WORK"/made/*.docx; do
  name=$(basename "$f")
  "$WORK/ingest1.sh" "$f" || true
  json=$(ls "$WORK"/out1/*.json 2>/dev/null | grep -v summary | grep -v '\.sheet\.' | head -1 || true)
  pandoc -t plain --wrap=none "$f" > "$WORK/ref.txt"
  if [ -n "$json" ]; then
    bench/.venv/bin/python "$ROOT/../shared/tools/textdiff.py" "$json" "$WORK/ref.txt" --json | python3 -c "
import json,sys; d=json.load(sys.stdin); print('%-44s %7.4f %7.4f %7.4f %7.4f' % ('$name', d['wer'], d['word_recall'], d['word_precision'], d['cer']))" >> "$WORK/quality.txt"
  else
    echo "$name: no output" >> "$WORK/quality.txt"
  fi
done
cat "$WORK/quality.txt"

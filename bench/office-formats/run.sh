#!/usr/bin/env bash
# Slides, OpenDocument and EPUB bench: ingest (release CLI, folder mode) side by side with
# pandoc -t plain in the same run; word recall against pandoc (odt, epub) or LibreOffice's own
# text (its PDF export through pdftotext: pptx, odp). Writes bench/work/office-formats/* only.
# Files: real ones on this machine (LibreOffice's templates: libreoffice-common; docutils'
# styles.odt), and ones generated at run time from Debian's Markdown docs (pandoc → odt, epub,
# pptx; LibreOffice → odp, pptx).
# Usage: bench/office-formats/run.sh   (needs pandoc, soffice, pdftotext, python3)
set -euo pipefail
ROOT="$(cd "$(dirname "$0")/../.." && pwd)"
cd "$ROOT"
WORK="$ROOT/bench/work/office-formats"
BIN="${INGEST_BIN:-$ROOT/.build/release/ingest}"
[ -x "$BIN" ] || { echo "build first: scripts/build-release.sh (or INGEST_BIN=…)"; exit 1; }
rm -rf "$WORK/corpus" "$WORK/ref" && mkdir -p "$WORK/corpus" "$WORK/ref" "$WORK/gen"

echo "== files"
# Real files shipped by Debian packages.
for f in $(ls /usr/lib/libreoffice/share/template/common/*/*.otp | head -5) /usr/lib/libreoffice/share/template/*/presnt/*.otp \
         /usr/lib/libreoffice/share/template/common/officorr/*.ott /usr/lib/libreoffice/share/template/common/wizard/agenda/[1-4]*.ott \
         $(python3 -c 'import docutils, os; print(os.path.dirname(docutils.__file__) + "/writers/odf_odt/styles.odt")' 2>/dev/null); do
  [ -f "$f" ] && cp "$f" "$WORK/corpus/real-$(basename "$f")"
done
# Generated: Debian's Markdown documentation through pandoc, then LibreOffice.
i=0
for md in $(ls /usr/share/doc/*/README.md /usr/share/doc/*/*.md 2>/dev/null | sort -u | head -12); do
  [ "$(wc -c < "$md")" -gt 2000 ] || continue
  i=$((i + 1)); n="gen$i"
  pandoc -f gfm "$md" -o "$WORK/corpus/$n.odt" 2>/dev/null || continue
  pandoc -f gfm "$md" -o "$WORK/corpus/$n.epub" 2>/dev/null || true
  pandoc -f gfm "$md" -o "$WORK/gen/$n.pptx" 2>/dev/null && cp "$WORK/gen/$n.pptx" "$WORK/corpus/$n-pandoc.pptx" || true
done
# LibreOffice: presentations as .pptx and .odp (its own exporters).
(cd "$WORK/gen" && soffice --headless --convert-to pptx "$WORK"/corpus/real-*.otp >/dev/null 2>&1 || true
 for f in "$WORK"/gen/*.pptx; do :; done)
for f in "$WORK"/gen/real-*.pptx; do [ -f "$f" ] && cp "$f" "$WORK/corpus/lo-$(basename "$f")"; done
(cd "$WORK/gen" && soffice --headless --convert-to odp "$WORK"/gen/gen*.pptx >/dev/null 2>&1 || true)
for f in "$WORK"/gen/gen*.odp; do [ -f "$f" ] && cp "$f" "$WORK/corpus/lo-$(basename "$f")"; done
ls "$WORK/corpus" | sed 's/.*\.//' | sort | uniq -c

echo "== references"
for f in "$WORK"/corpus/*.odt "$WORK"/corpus/*.ott "$WORK"/corpus/*.epub; do
  case "$f" in *.epub) from=epub ;; *) from=odt ;; esac   # pandoc reads .ott as Markdown otherwise
  timeout 60 pandoc -f $from -t plain --wrap=none "$f" -o "$WORK/ref/$(basename "$f").txt" 2>/dev/null || true
done
# LibreOffice's own text of presentations: its PDF export (one soffice run for all), pdftotext.
mkdir -p "$WORK/gen/pdf"
timeout 600 soffice --headless --convert-to pdf --outdir "$WORK/gen/pdf" "$WORK"/corpus/*.pptx "$WORK"/corpus/*.odp "$WORK"/corpus/*.otp >/dev/null 2>&1 || true
for f in "$WORK"/corpus/*.pptx "$WORK"/corpus/*.odp "$WORK"/corpus/*.otp; do
  b=$(basename "$f"); [ -f "$WORK/gen/pdf/${b%.*}.pdf" ] && pdftotext -enc UTF-8 "$WORK/gen/pdf/${b%.*}.pdf" "$WORK/ref/$b.txt" || true
done

echo "== ingest, folder mode"
rm -rf "$WORK/out" "$WORK/lib.sqlite"*
"$BIN" convert "$WORK/corpus" --out "$WORK/out" --library "$WORK/lib.sqlite" --sink none --quiet || true

echo "== quality: word recall against the reference"
python3 - "$WORK" <<'EOP'
import collections, glob, json, os, re, sys
w = sys.argv[1]
def words(t): return collections.Counter(re.findall(r"[^\W_]+", t.lower()))
rows = []
for ref in sorted(glob.glob(w + "/ref/*.txt")):
    name = os.path.basename(ref)[:-4]
    stem = name.rsplit(".", 1)[0]
    out = [p for p in glob.glob(w + "/out/" + stem + "*.json") if not p.endswith(".sheet.json") and not p.endswith("summary.json")]
    r = words(open(ref, encoding="utf-8", errors="replace").read())
    if not out:
        rows.append((name, None, sum(r.values()), "no document (refused?)")); continue
    doc = json.load(open(out[0]))
    g = words(doc.get("text", ""))
    total = sum(r.values())
    hit = sum(min(c, g[k]) for k, c in r.items())
    missing = collections.Counter({k: c - min(c, g[k]) for k, c in r.items() if c > g[k]})
    rows.append((name, hit / total if total else 1.0, total, " ".join(k for k, _ in missing.most_common(8))))
ok = [x for x in rows if x[1] is not None]
print("%-48s %7s %7s  %s" % ("file", "recall", "words", "most missed"))
for name, rec, total, miss in rows:
    print("%-48s %7s %7d  %s" % (name, "-" if rec is None else "%.4f" % rec, total, miss))
allw = sum(t for _, r, t, _ in ok)
print("files %d   word-weighted recall %.4f   below 0.99: %d" % (len(rows), sum(r * t for _, r, t, _ in ok) / max(allw, 1),
      sum(1 for x in rows if x[1] is None or x[1] < 0.99)))
EOP

echo "== speed: the files pandoc reads (odt, ott, epub), folder mode vs pandoc per file, same run"
rm -rf "$WORK/speed" && mkdir -p "$WORK/speed" && cp "$WORK"/corpus/*.odt "$WORK"/corpus/*.ott "$WORK"/corpus/*.epub "$WORK/speed/" 2>/dev/null
python3 - "$WORK" "$BIN" <<'EOP'
import glob, os, shutil, statistics, subprocess, sys, time
w, bin = sys.argv[1], sys.argv[2]
files = sorted(glob.glob(w + "/speed/*"))
def ingest():
    for p in ["/outS", "/libS.sqlite", "/libS.sqlite-wal", "/libS.sqlite-shm"]:
        shutil.rmtree(w + p, ignore_errors=True) if p == "/outS" else (os.path.exists(w + p) and os.remove(w + p))
    subprocess.run([bin, "convert", w + "/speed", "--out", w + "/outS", "--library", w + "/libS.sqlite", "--sink", "none", "--quiet"], check=False)
def pandoc():
    for f in files:
        subprocess.run(["pandoc", "-f", "epub" if f.endswith(".epub") else "odt", "-t", "plain", f], stdout=subprocess.DEVNULL, check=False)
def timed(fn, n=3):
    out = []
    for _ in range(n):
        t = time.perf_counter(); fn(); out.append(time.perf_counter() - t)
    return statistics.median(out)
ingest(); pandoc()
i, p = timed(ingest), timed(pandoc)
print("files %d   ingest folder %.3f s   pandoc %.3f s   pandoc/ingest %.1fx" % (len(files), i, p, p / i))
EOP
echo "== peak memory (maximum resident set size), folder mode vs the largest pandoc run"
/usr/bin/time -v "$BIN" convert "$WORK/speed" --out "$WORK/outM" --library "$WORK/libM.sqlite" --sink none --quiet 2>&1 >/dev/null | awk -F': ' '/Maximum resident/{printf "ingest folder %.1f MB\n", $2/1024}'
big=$(ls -S "$WORK"/speed/* | head -1)
case "$big" in *.epub) from=epub ;; *) from=odt ;; esac
/usr/bin/time -v pandoc -f $from -t plain "$big" 2>&1 >/dev/null | awk -F': ' -v f="$(basename "$big")" '/Maximum resident/{printf "pandoc %s %.1f MB\n", f, $2/1024}'

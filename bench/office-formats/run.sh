#!/usr/bin/env bash
# Slides, OpenDocument and EPUB bench (issue #17): ingest (release CLI, folder mode) side by side
# with pandoc -t plain in the same run. Writes bench/work/office-formats/* only.
#
# Files
#   real       LibreOffice's own templates (libreoffice-common): Impress .otp turned into .pptx
#              and .odp by LibreOffice; Writer .ott as shipped (and idxexample.odt).
#   generated  Debian's Markdown docs (/usr/share/doc, unique content) through pandoc → .odt,
#              .epub, .pptx; each pandoc .pptx through LibreOffice → .odp, and that .odp through
#              LibreOffice again → .pptx (LibreOffice's PowerPoint writer).
# References (word recall of ingest's "text" against them)
#   .odt .ott .epub   pandoc -f odt|epub -t plain
#   .pptx             pandoc 2.17 has no pptx reader: LibreOffice reads it (soffice
#                     --convert-to odp) and the text of that .odp's content.xml is the reference
#   .odp              the text of its content.xml (every text:p / text:h of every draw:page and its
#                     presentation:notes, text:s / text:tab / text:line-break as spaces), extracted
#                     by the Python below, not by ingest's code
# Duplicates: ingest keeps one document per content; a file reported as a duplicate is measured
# on the original's output (summary.json: documents[].output, duplicateOf).
# Speed: the files pandoc reads (odt, ott, epub), ingest folder mode vs pandoc once per file,
# median of 3, same run. Memory: GNU time's maximum RSS over the same folder for both (ingest
# convert DIR; one bash loop running pandoc on each file): the largest process of each.
# Usage: bench/office-formats/run.sh  (needs pandoc, python3, GNU time, and LibreOffice with
#        Impress: apt-get install libreoffice-impress-nogui — without it soffice answers
#        "source file could not be loaded" for every presentation and makes no file)
set -euo pipefail
ROOT="$(cd "$(dirname "$0")/../.." && pwd)"
cd "$ROOT"
WORK="$ROOT/bench/work/office-formats"
BIN="${INGEST_BIN:-$ROOT/.build/release/ingest}"
[ -x "$BIN" ] || { echo "build first: scripts/build-release.sh (or INGEST_BIN=…)"; exit 1; }
[ -d /usr/lib/libreoffice/program ] && ls /usr/lib/libreoffice/program/libsdlo.so >/dev/null 2>&1 \
  || { echo "LibreOffice Impress missing: apt-get install libreoffice-impress-nogui"; exit 1; }
for t in pandoc soffice python3 /usr/bin/time; do command -v "$t" >/dev/null || { echo "missing: $t"; exit 1; }; done
rm -rf "$WORK" && mkdir -p "$WORK/corpus" "$WORK/ref" "$WORK/gen" "$WORK/lo"
TPL=/usr/lib/libreoffice/share/template
# One LibreOffice conversion at a time (shared 2-core machine), each bounded.
lo() { # lo FORMAT OUTDIR FILE
  timeout 180 soffice --headless --convert-to "$1" --outdir "$2" "$3" >/dev/null 2>&1 || echo "  soffice --convert-to $1 failed: $3"
}

echo "== files"
# Real: Impress templates → .pptx and .odp (LibreOffice), Writer templates as shipped.
for f in "$TPL"/en-US/presnt/debian-presentation.otp "$TPL"/common/presnt/{Yellow_Idea,Grey_Elegant,Candy,Growing_Liberty,Freshes,Vintage,Blueprint_Plans}.otp; do
  [ -f "$f" ] || continue
  n="real-$(basename "${f%.otp}")"
  cp "$f" "$WORK/lo/$n.otp"
  lo pptx "$WORK/lo" "$WORK/lo/$n.otp"; lo odp "$WORK/lo" "$WORK/lo/$n.otp"
  [ -f "$WORK/lo/$n.pptx" ] && cp "$WORK/lo/$n.pptx" "$WORK/corpus/$n-pptx.pptx"
  [ -f "$WORK/lo/$n.odp" ] && cp "$WORK/lo/$n.odp" "$WORK/corpus/$n-odp.odp"
done
for f in "$TPL"/common/officorr/*.ott "$TPL"/common/personal/*.ott "$TPL"/common/styles/*.ott \
         "$TPL"/common/wizard/agenda/[1-4]*.ott "$TPL"/common/internal/idxexample.odt; do
  [ -f "$f" ] && cp "$f" "$WORK/corpus/real-$(basename "$f")"
done
# Generated: Debian's Markdown docs, unique content, over 2,000 bytes, up to 10.
i=0; seen=" "
for md in $(ls /usr/share/doc/*/README.md /usr/share/doc/*/*.md 2>/dev/null | sort -u); do
  [ "$(wc -c < "$md")" -gt 2000 ] || continue
  h=$(sha256sum < "$md" | cut -c1-16); case "$seen" in *" $h "*) continue ;; esac; seen="$seen$h "
  i=$((i + 1)); n="gen$i"; [ $i -le 10 ] || break
  echo "  $n  $md"
  pandoc -f gfm "$md" -o "$WORK/corpus/$n-odt.odt" 2>/dev/null || true
  pandoc -f gfm "$md" -o "$WORK/corpus/$n-epub.epub" 2>/dev/null || true
  if pandoc -f gfm "$md" -o "$WORK/corpus/$n-pandoc.pptx" 2>/dev/null; then
    cp "$WORK/corpus/$n-pandoc.pptx" "$WORK/lo/$n-pandoc.pptx"
    lo odp "$WORK/lo" "$WORK/lo/$n-pandoc.pptx"
    if [ -f "$WORK/lo/$n-pandoc.odp" ]; then
      cp "$WORK/lo/$n-pandoc.odp" "$WORK/corpus/$n-lo-odp.odp"
      cp "$WORK/lo/$n-pandoc.odp" "$WORK/lo/$n-lo.odp"; lo pptx "$WORK/lo" "$WORK/lo/$n-lo.odp"
      [ -f "$WORK/lo/$n-lo.pptx" ] && cp "$WORK/lo/$n-lo.pptx" "$WORK/corpus/$n-lo-pptx.pptx"
    fi
  fi
done
ls "$WORK/corpus" | sed 's/.*\.//' | sort | uniq -c

echo "== references"
for f in "$WORK"/corpus/*.odt "$WORK"/corpus/*.ott "$WORK"/corpus/*.epub; do
  [ -f "$f" ] || continue
  case "$f" in *.epub) from=epub ;; *) from=odt ;; esac   # pandoc reads .ott as Markdown otherwise
  b=$(basename "$f")
  timeout 60 pandoc -f $from -t plain --wrap=none "$f" -o "$WORK/ref/${b%.*}.expected.txt" 2>/dev/null || echo "  pandoc failed: $b"
done
# .pptx: LibreOffice reads it (→ .odp in ref-lo/); then every .odp: content.xml text.
mkdir -p "$WORK/ref-lo"
for f in "$WORK"/corpus/*.pptx; do lo odp "$WORK/ref-lo" "$f"; done
cp "$WORK"/corpus/*.odp "$WORK/ref-lo/" 2>/dev/null || true
python3 - "$WORK" <<'EOP'
import glob, os, sys, zipfile
import xml.etree.ElementTree as ET
w = sys.argv[1]
T = "{urn:oasis:names:tc:opendocument:xmlns:text:1.0}"
D = "{urn:oasis:names:tc:opendocument:xmlns:drawing:1.0}"
def text_of(el):
    out = [el.text or ""]
    for c in el:
        if c.tag in (T + "s", T + "tab", T + "line-break"): out.append(" ")
        elif c.tag == T + "note": pass  # footnote bodies are their own paragraphs below
        else: out.append(text_of(c))
        out.append(c.tail or "")
    return "".join(out)
for odp in sorted(glob.glob(w + "/ref-lo/*.odp")):
    name = os.path.basename(odp)[:-4]
    root = ET.fromstring(zipfile.ZipFile(odp).read("content.xml"))
    lines = []
    for page in root.iter(D + "page"):
        for el in page.iter():
            if el.tag in (T + "p", T + "h"):
                lines.append(text_of(el))
    # a pptx's reference is LibreOffice's reading of it, named after the pptx
    open(w + "/ref/" + name + ".expected.txt", "w", encoding="utf-8").write("\n".join(lines) + "\n")
EOP
ls "$WORK/ref" | wc -l | sed 's/^/  references: /'

# One folder per kind: ingest keeps one document per content, and a slide deck made from the same
# Markdown as an .epub would otherwise be measured on the .epub's output.
echo "== ingest convert and ingest qa, one folder per kind"
for k in pptx odp odt ott epub; do
  mkdir -p "$WORK/kinds/$k"; cp "$WORK"/corpus/*."$k" "$WORK/kinds/$k/" 2>/dev/null || continue
  "$BIN" convert "$WORK/kinds/$k" --out "$WORK/out/$k" --library "$WORK/lib-$k.sqlite" --sink none --quiet || true
  "$BIN" qa "$WORK/kinds/$k" --expected "$WORK/ref" --json "$WORK/qa-$k.json" --quiet || true
done

echo "== quality: word recall against the reference (duplicates followed to the original's output)"
python3 - "$WORK" <<'EOP'
import collections, glob, json, os, re, sys
w = sys.argv[1]
def words(t): return collections.Counter(re.findall(r"[^\W_]+", t.lower()))
out_of, qa = {}, {}
for sp in glob.glob(w + "/out/*/summary.json"):
    k = os.path.basename(os.path.dirname(sp))
    for d in json.load(open(sp))["documents"]:
        for s in d.get("sources", []):
            out_of[os.path.splitext(s)[0]] = (k + "/" + d["output"] if d.get("output") else None, d["status"], (d.get("duplicateOf") or {}).get("source"))
for qp in glob.glob(w + "/qa-*.json"):
    for d in json.load(open(qp)).get("documents", []):
        qa[d["name"]] = (d.get("scores") or {}).get("wordRecall")
rows = []
for ref in sorted(glob.glob(w + "/ref/*.expected.txt")):
    name = os.path.basename(ref)[:-len(".expected.txt")]
    ext = [os.path.splitext(p)[1] for p in glob.glob(w + "/corpus/" + name + ".*")]
    r = words(open(ref, encoding="utf-8", errors="replace").read())
    total = sum(r.values())
    o = out_of.get(name)
    if not o or not o[0] or not os.path.exists(w + "/out/" + o[0]):
        rows.append((name + "".join(ext), None, None, total, "no document (%s)" % (o[1] if o else "absent"), "")); continue
    doc = json.load(open(w + "/out/" + o[0]))
    g = words(doc.get("text", ""))
    hit = sum(min(c, g[k]) for k, c in r.items())
    gt = sum(g.values())
    missing = collections.Counter({k: c - min(c, g[k]) for k, c in r.items() if c > g[k]})
    extra = collections.Counter({k: c - min(c, r[k]) for k, c in g.items() if c > r[k]})
    rows.append((name + "".join(ext) + ("  qa %.4f" % qa[name] if qa.get(name) is not None else "  qa -"), hit / total if total else 1.0, hit / gt if gt else 1.0, total,
                 " ".join("%s×%d" % (k, v) for k, v in missing.most_common(10)),
                 ("dup of " + o[2] + "; " if o[2] else "") + " ".join("%s×%d" % (k, v) for k, v in extra.most_common(6))))
ok = [x for x in rows if x[1] is not None]
print("%-46s %7s %7s %6s  %s | %s" % ("file", "recall", "precis", "words", "missed (ours lacks)", "extra (ours has)"))
for name, rec, pre, total, miss, extra in rows:
    print("%-46s %7s %7s %6d  %s | %s" % (name, "-" if rec is None else "%.4f" % rec, "-" if pre is None else "%.4f" % pre, total, miss, extra))
allw = sum(t for _, _, _, t, _, _ in ok)
print("files %d   word-weighted recall %.4f   below 0.99: %d" % (len(rows), sum(r * t for _, r, _, t, _, _ in ok) / max(allw, 1),
      sum(1 for x in rows if x[1] is None or x[1] < 0.99)))
json.dump(rows, open(w + "/recall.json", "w"), indent=1)
EOP

echo "== speed: the files pandoc reads (odt, ott, epub), ingest folder mode vs pandoc per file, same run"
mkdir -p "$WORK/speed"   # only those pandoc could read (it has a reference for them)
for f in "$WORK"/corpus/*.odt "$WORK"/corpus/*.ott "$WORK"/corpus/*.epub; do
  b=$(basename "$f"); [ -s "$WORK/ref/${b%.*}.expected.txt" ] && cp "$f" "$WORK/speed/"
done
python3 - "$WORK" "$BIN" <<'EOP'
import glob, os, shutil, statistics, subprocess, sys, time
w, bin = sys.argv[1], sys.argv[2]
files = sorted(glob.glob(w + "/speed/*"))
def ingest():
    shutil.rmtree(w + "/outS", ignore_errors=True)
    for p in ["/libS.sqlite", "/libS.sqlite-wal", "/libS.sqlite-shm"]:
        if os.path.exists(w + p): os.remove(w + p)
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
res = []
for _ in range(2):  # interleaved, twice
    res.append((timed(ingest), timed(pandoc)))
for i, p in res:
    print("files %d   ingest folder %.3f s   pandoc %.3f s   pandoc/ingest %.1fx" % (len(files), i, p, p / i))
EOP

echo "== peak memory: GNU time maximum RSS over the same folder (largest process of each)"
rm -rf "$WORK/outM" "$WORK"/libM.sqlite*
/usr/bin/time -f "ingest folder  %M KB max RSS  %e s" "$BIN" convert "$WORK/speed" --out "$WORK/outM" --library "$WORK/libM.sqlite" --sink none --quiet >/dev/null || true
/usr/bin/time -f "pandoc (loop)  %M KB max RSS  %e s" bash -c 'for f in "$0"/*; do case "$f" in *.epub) from=epub ;; *) from=odt ;; esac; pandoc -f $from -t plain "$f" >/dev/null; done' "$WORK/speed"
echo "== peak memory per file, both (largest file of each kind)"
for f in $(ls -S "$WORK"/speed/*.odt | head -1) $(ls -S "$WORK"/speed/*.epub | head -1); do
  case "$f" in *.epub) from=epub ;; *) from=odt ;; esac
  rm -rf "$WORK/outF" "$WORK"/libF.sqlite*
  /usr/bin/time -f "  ingest $(basename "$f") %M KB" "$BIN" convert "$f" --out "$WORK/outF" --library "$WORK/libF.sqlite" --sink none --quiet >/dev/null || true
  /usr/bin/time -f "  pandoc $(basename "$f") %M KB" pandoc -f $from -t plain "$f" >/dev/null
done

#!/usr/bin/python3
"""Issue 38 item 4: where OCR pays, timed side by side in one run (interleaved rounds, medians).

Usage: speed38.py WORK_DIR AFTER_INGEST BEFORE_INGEST [ROUNDS [ORIGIN_INGEST]]   (ROUNDS 0: make the inputs only;
ORIGIN_INGEST: a third build timed on slides/ and large.pdf only — issue 38's starting point).
SPEED38_CASES=odd,blank,scan-10: ingest,... times only the cases whose name contains one of them
(a loaded machine: the ocrmypdf and bare tesseract cases take minutes a round).
Needs: python3-pil, python3-levenshtein, img2pdf, poppler-utils, tesseract-ocr(-fra,-eng,-osd),
ocrmypdf, LibreOffice (soffice), qpdf, ImageMagick. Run it under `nice` beside other work.

Makes in WORK_DIR, from known text (bench/ocr/fr.txt, en.txt and the lines below):
  odd/      a corpus of small odd PDFs: text PDFs (LibreOffice, a line to two pages, French,
            English, Arabic, Russian, Chinese), the same with their text layer broken (qpdf: fonts'
            ToUnicode maps removed), image-only blank, specked and page-number-only A4 pages, and
            pages of Arabic, Russian and Chinese text as images (scripts without a model here)
  blank.pdf one blank A4 page, scanned (img2pdf of a white 300-dpi image)
  scan-10   10 pages of 12-pt text at 300 dpi (make_pages.py: French, English alternating)
  slides/   photos of slides (4032x3024 JPEG, large type on a light ground, slight blur)
  large.pdf 4 scanned pages of 24-pt text
and times: `ingest convert` (AFTER, BEFORE) against a `pdftotext` loop over odd/, alone on
blank.pdf, against `ocrmypdf --sidecar --jobs 2` and two bare `tesseract` processes on the
images `pdfimages` extracted for scan-10, AFTER against BEFORE on slides/ and large.pdf; CER of
each text against its source.
"""
import glob, json, os, random, shutil, statistics, subprocess, sys, time
import Levenshtein
from PIL import Image, ImageDraw, ImageFilter, ImageFont

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from pays38 import lines_of  # one line breaker for both benches' pages

HERE = os.path.dirname(os.path.abspath(__file__))
SERIF = "/usr/share/fonts/truetype/dejavu/DejaVuSerif.ttf"
SANS = "/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf"
HAN = "/usr/share/fonts/truetype/arphic/uming.ttc"
FR = open(os.path.join(HERE, "fr.txt"), encoding="utf-8").read()
EN = open(os.path.join(HERE, "en.txt"), encoding="utf-8").read()
ARABIC = "الدرس الأول في الرياضيات والعلوم الطبيعية. هذا نص باللغة العربية لاختبار القراءة. " * 6
RUSSIAN = "Первый урок математики и естественных наук. Москва является столицей России. " * 6
CHINESE = "光合作用是植物利用光能把二氧化碳和水转化为有机物并释放氧气的过程。" * 6


def norm(s):
    return " ".join(s.split())


def cer(hyp, ref):
    a, b = norm(hyp), norm(ref)
    return Levenshtein.distance(a, b) / max(1, len(b))




def page(text, point, size=(2480, 3508), dpi=300, font=SERIF, ground=255, ink=0, margin=None):
    """A page of `text` at `point` pt for `dpi`; returns (image, the text kept on it)."""
    w, h = size
    img = Image.new("L", size, ground); d = ImageDraw.Draw(img)
    f = ImageFont.truetype(font, int(point * dpi / 72)); m = margin or dpi // 2; y = m
    kept = []
    for line in lines_of(text, f, d, w - 2 * m):
        if y + point * dpi / 72 * 1.5 > h - m: break
        d.text((m, y), line, font=f, fill=ink); y += int(point * dpi / 72 * 1.5); kept.append(line)
    return img, "\n".join(kept)


def run(cmd, **kw):
    return subprocess.run(cmd, check=True, stdout=subprocess.PIPE, stderr=subprocess.PIPE, **kw)


def make(work):
    rnd = random.Random(38)
    refs = {}
    odd = os.path.join(work, "odd"); os.makedirs(odd, exist_ok=True)
    src = os.path.join(work, "odd-src"); os.makedirs(src, exist_ok=True)
    # Text PDFs through LibreOffice: a line, a paragraph, a page, two pages; foreign scripts.
    texts = {"one-line": FR.split("\n")[0][:80], "paragraph-fr": FR.split("\n\n")[0], "page-fr": FR, "page-en": EN,
             "two-pages": FR + "\n\n" + EN + "\n\n" + FR, "short-en": EN.split("\n\n")[0][:300],
             "arabic": ARABIC, "russian": RUSSIAN, "chinese": CHINESE}
    for name, text in texts.items():
        open(os.path.join(src, name + ".txt"), "w", encoding="utf-8").write(text)
    run(["soffice", "--headless", "--convert-to", "pdf", "--outdir", odd] + sorted(glob.glob(os.path.join(src, "*.txt"))))
    # Broken text layers: the same PDFs with every font's ToUnicode map removed.
    for name in ("page-fr", "russian", "chinese"):
        qdf = os.path.join(src, name + ".qdf")
        run(["qpdf", "--qdf", "--object-streams=disable", os.path.join(odd, name + ".pdf"), qdf])
        data = open(qdf, "rb").read().replace(b"/ToUnicode", b"/ToUnicodX")
        open(qdf, "wb").write(data)
        run(["qpdf", qdf, os.path.join(odd, "broken-" + name + ".pdf")])
    # Image-only pages: blank, specks, a page number alone, foreign scripts.
    blank = Image.new("L", (2480, 3508), 255)
    specks = blank.copy(); px = specks.load()
    for _ in range(40):
        x, y, s = rnd.randrange(40, 2440), rnd.randrange(40, 3460), rnd.randint(1, 3)
        for dx in range(s):
            for dy in range(s): px[x + dx, y + dy] = 0
    number = blank.copy(); ImageDraw.Draw(number).text((1230, 3300), "17", font=ImageFont.truetype(SERIF, 46), fill=0)
    images = {"blank": blank, "specks": specks, "pagenum": number,
              "scan-arabic": page(ARABIC, 14, font=SANS)[0], "scan-russian": page(RUSSIAN, 14, font=SANS)[0],
              "scan-chinese": page(" ".join(CHINESE[i:i + 24] for i in range(0, len(CHINESE), 24)), 14, font=HAN)[0]}
    for name, img in images.items():
        png = os.path.join(src, name + ".png"); img.save(png, dpi=(300, 300))
        run(["img2pdf", png, "-o", os.path.join(odd, "image-" + name + ".pdf")])
    shutil.copy(os.path.join(odd, "image-blank.pdf"), os.path.join(work, "blank.pdf"))
    # The 10-page scan of make_pages.py.
    run([sys.executable, os.path.join(HERE, "make_pages.py"), os.path.join(work, "pages")])
    refs["scan-10"] = "\n".join([FR, EN] * 5)
    # Slide photos: large type, light ground, a camera's softness, JPEG.
    slides = os.path.join(work, "slides"); os.makedirs(slides, exist_ok=True)
    paras = [p for p in (FR + "\n\n" + EN).split("\n\n") if p.strip()]
    for i in range(4):
        text = paras[i % len(paras)]
        img, kept = page(text, 44, size=(4032, 3024), dpi=160, font=SANS, ground=235, ink=30, margin=260)
        img = img.filter(ImageFilter.GaussianBlur(1.0))
        name = f"slide-{i + 1}"
        img.save(os.path.join(slides, name + ".jpg"), quality=88); refs[name] = kept
    # Large type: 4 scanned pages of 24-pt text.
    large, kept = [], []
    for i in range(4):
        img, k = page(paras[(i + 1) % len(paras)] + "\n\n" + paras[(i + 2) % len(paras)], 24)
        large.append(img); kept.append(k)
    large[0].save(os.path.join(work, "large.pdf"), save_all=True, append_images=large[1:], resolution=300)
    refs["large"] = "\n".join(kept)
    json.dump(refs, open(os.path.join(work, "refs.json"), "w"), ensure_ascii=False)


def ingest(binary, inputs, out, extra=()):
    shutil.rmtree(out, ignore_errors=True)
    # The page time limit raised: on a loaded machine a page can wait past the default 60 s.
    return ["nice", binary, "convert", *inputs, "--out", out, "--library", out + ".sqlite", "--sink", "none", "--quiet",
            "--set", "ocr.pageTimeLimitSeconds=900", "--set", "limits.documentTimeLimitSeconds=3600", *extra]


CPU = []   # CPU seconds (user + system, the command's whole process tree) of each timed() call


def timed(cmd, env=None, shell=False):
    import resource
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    t = time.monotonic()
    subprocess.run(cmd, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, env=env, shell=shell)
    wall = time.monotonic() - t
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    CPU.append(after.ru_utime - before.ru_utime + after.ru_stime - before.ru_stime)
    return wall


def doc_text(out):
    return "\n".join(json.load(open(p, encoding="utf-8"))["text"] for p in sorted(glob.glob(os.path.join(out, "*.json")))
                     if not p.endswith(("summary.json",)) and "text" in json.load(open(p, encoding="utf-8")))


def main():
    work, after, before = (os.path.abspath(a) for a in sys.argv[1:4])
    rounds = int(sys.argv[4]) if len(sys.argv) > 4 else 3
    origin = os.path.abspath(sys.argv[5]) if len(sys.argv) > 5 else None
    if not os.path.exists(os.path.join(work, "refs.json")):
        os.makedirs(work, exist_ok=True); make(work)
    if rounds == 0: return   # inputs only
    # Away from any pipeline.json in the caller's folder (ingest reads ./pipeline.json; an older
    # build refuses keys it does not know).
    os.chdir(work)
    refs = json.load(open(os.path.join(work, "refs.json"), encoding="utf-8"))
    odd = sorted(glob.glob(os.path.join(work, "odd", "*.pdf")))
    scan = os.path.join(work, "pages", "scan-10.pdf")
    imgs = os.path.join(work, "scan-images"); shutil.rmtree(imgs, ignore_errors=True); os.makedirs(imgs)
    run(["pdfimages", "-all", scan, os.path.join(imgs, "p")])
    env1 = dict(os.environ, OMP_THREAD_LIMIT="1")
    o = os.path.join(work, "out")
    cases = {
        "odd: pdftotext loop": lambda: timed("for f in %s; do pdftotext \"$f\" - >/dev/null; done" % " ".join(f"'{f}'" for f in odd), shell=True),
        "odd: ingest after": lambda: timed(ingest(after, odd, o + "-odd-a")),
        "odd: ingest before": lambda: timed(ingest(before, odd, o + "-odd-b")),
        "blank A4: ingest after": lambda: timed(ingest(after, [os.path.join(work, "blank.pdf")], o + "-blank-a")),
        "blank A4: ingest before": lambda: timed(ingest(before, [os.path.join(work, "blank.pdf")], o + "-blank-b")),
        "scan-10: ingest after": lambda: timed(ingest(after, [scan], o + "-scan-a")),
        "scan-10: ingest before": lambda: timed(ingest(before, [scan], o + "-scan-b")),
        "scan-10: ocrmypdf --jobs 2": lambda: timed(["nice", "ocrmypdf", "-q", "-l", "fra+eng", "--jobs", "2", "--force-ocr", "--sidecar",
                                                      o + "-ocrmypdf.txt", scan, o + "-ocrmypdf.pdf"], env=env1),
        "scan-10: 2 bare tesseract": lambda: timed("ls %s/p-*.* | grep -v '\\.txt$' | nice xargs -P2 -I{} tesseract {} {} -l fra+eng"
                                                   % imgs, env=env1, shell=True),
        "slides: ingest after": lambda: timed(ingest(after, sorted(glob.glob(os.path.join(work, "slides", "*.jpg"))), o + "-slides-a",
                                                     ["--separate-photos"])),
        "slides: ingest before": lambda: timed(ingest(before, sorted(glob.glob(os.path.join(work, "slides", "*.jpg"))), o + "-slides-b",
                                                      ["--separate-photos"])),
        "large type: ingest after": lambda: timed(ingest(after, [os.path.join(work, "large.pdf")], o + "-large-a")),
        "large type: ingest before": lambda: timed(ingest(before, [os.path.join(work, "large.pdf")], o + "-large-b")),
    }
    if origin:
        cases["slides: ingest origin"] = lambda: timed(ingest(origin, sorted(glob.glob(os.path.join(work, "slides", "*.jpg"))), o + "-slides-o",
                                                              ["--separate-photos"]))
        cases["large type: ingest origin"] = lambda: timed(ingest(origin, [os.path.join(work, "large.pdf")], o + "-large-o"))
    only = [c.strip() for c in os.environ.get("SPEED38_CASES", "").split(",") if c.strip()]
    if only:
        cases = {k: f for k, f in cases.items() if any(c in k for c in only)}
    times = {k: [] for k in cases}
    cpu = {k: [] for k in cases}
    loads = []
    for r in range(rounds):
        for k, f in cases.items():   # interleaved: every case once per round
            times[k].append(f())
            cpu[k].append(CPU[-1])
        loads.append(open("/proc/loadavg").read().split()[0])
        print(f"round {r + 1}/{rounds} done, load {loads[-1]}: " + ", ".join(f"{k} {v[-1]:.1f} s ({cpu[k][-1]:.1f} s CPU)" for k, v in times.items()), file=sys.stderr, flush=True)
    import collections
    nan = lambda: float("nan")   # a case left out by SPEED38_CASES
    med = collections.defaultdict(nan, {k: statistics.median(v) for k, v in times.items()})
    # On a loaded machine wall time measures the others' work as much as ours: CPU seconds too.
    cmed = collections.defaultdict(nan, {k: statistics.median(v) for k, v in cpu.items()})
    print(f"{os.cpu_count()} cores; load average after each round: {', '.join(loads)}; {rounds} interleaved rounds, medians")
    print("| case | median wall s | rounds | median CPU s | rounds |")
    print("|---|---|---|---|---|")
    for k, v in times.items():
        print(f"| {k} | {med[k]:.2f} | {' '.join(f'{x:.2f}' for x in v)} | {cmed[k]:.2f} | {' '.join(f'{x:.2f}' for x in cpu[k])} |")
    ratio = lambda a, b: med[a] / med[b]
    print()
    print(f"odd corpus: ingest after / pdftotext loop = {ratio('odd: ingest after', 'odd: pdftotext loop'):.2f}x "
          f"(before {ratio('odd: ingest before', 'odd: pdftotext loop'):.2f}x); before / after = {ratio('odd: ingest before', 'odd: ingest after'):.2f}x")
    print(f"blank A4: before / after = {ratio('blank A4: ingest before', 'blank A4: ingest after'):.2f}x")
    print(f"scan-10: ocrmypdf / ingest after = {ratio('scan-10: ocrmypdf --jobs 2', 'scan-10: ingest after'):.2f}x faster; "
          f"ingest after / 2 bare tesseract = {ratio('scan-10: ingest after', 'scan-10: 2 bare tesseract'):.2f}x "
          f"(before {ratio('scan-10: ingest before', 'scan-10: 2 bare tesseract'):.2f}x)")
    print(f"slides: before / after = {ratio('slides: ingest before', 'slides: ingest after'):.2f}x; "
          f"large type: before / after = {ratio('large type: ingest before', 'large type: ingest after'):.2f}x")
    cr = lambda a, b: cmed[a] / max(cmed[b], 1e-9)
    if origin:
        print(f"origin / after: slides {ratio('slides: ingest origin', 'slides: ingest after'):.2f}x wall, {cr('slides: ingest origin', 'slides: ingest after'):.2f}x CPU; "
              f"large type {ratio('large type: ingest origin', 'large type: ingest after'):.2f}x wall, {cr('large type: ingest origin', 'large type: ingest after'):.2f}x CPU")
    print(f"CPU before / after: odd {cr('odd: ingest before', 'odd: ingest after'):.2f}x, blank {cr('blank A4: ingest before', 'blank A4: ingest after'):.2f}x, "
          f"scan-10 {cr('scan-10: ingest before', 'scan-10: ingest after'):.2f}x, slides {cr('slides: ingest before', 'slides: ingest after'):.2f}x, "
          f"large type {cr('large type: ingest before', 'large type: ingest after'):.2f}x")
    # Quality: every text against its source.
    def docs(out):
        texts = {}
        for p in sorted(glob.glob(os.path.join(out, "*.json"))):
            d = json.load(open(p, encoding="utf-8"))
            if isinstance(d, dict) and isinstance(d.get("text"), str): texts[os.path.basename(p)[:-5]] = d["text"]
        return texts
    bare = "\n".join(open(p, encoding="utf-8").read() for p in sorted(glob.glob(os.path.join(imgs, "p-*.txt"))))
    print()
    print("| text | CER % after | CER % before | CER % peer |")
    print("|---|---|---|---|")
    a, b = docs(o + "-scan-a"), docs(o + "-scan-b")
    print(f"| scan-10 | {100 * cer(''.join(a.values()), refs['scan-10']):.2f} | {100 * cer(''.join(b.values()), refs['scan-10']):.2f} | "
          f"ocrmypdf {100 * cer(open(o + '-ocrmypdf.txt', encoding='utf-8').read().replace(chr(12), ' ') if os.path.exists(o + '-ocrmypdf.txt') else '', refs['scan-10']):.2f}, "
          f"bare tesseract {100 * cer(bare.replace(chr(12), ' '), refs['scan-10']):.2f} |")
    a, b = docs(o + "-slides-a"), docs(o + "-slides-b")
    for name in sorted(k for k in refs if k.startswith("slide-")):
        ka = next((k for k in a if name in k), None); kb = next((k for k in b if name in k), None)
        print(f"| {name} | {100 * cer(a.get(ka, ''), refs[name]):.2f} | {100 * cer(b.get(kb, ''), refs[name]):.2f} | |")
    a, b = docs(o + "-large-a"), docs(o + "-large-b")
    print(f"| large type | {100 * cer(''.join(a.values()), refs['large']):.2f} | {100 * cer(''.join(b.values()), refs['large']):.2f} | |")
    if origin:
        a, b = docs(o + "-slides-o"), docs(o + "-large-o")
        for name in sorted(k for k in refs if k.startswith("slide-")):
            ka = next((k for k in a if name in k), None)
            print(f"| {name} (origin) | {100 * cer(a.get(ka, ''), refs[name]):.2f} | | |")
        print(f"| large type (origin) | {100 * cer(''.join(b.values()), refs['large']):.2f} | | |")
    a = docs(o + "-odd-a")
    print()
    print("odd corpus, each document's characters (and pdftotext's):")
    for f in odd:
        n = os.path.basename(f)[:-4]
        pt = run(["pdftotext", f, "-"]).stdout.decode("utf-8", "replace")
        print(f"  {n}: {len(norm(a.get(n, '')))} (pdftotext {len(norm(pt))})")
    # Each odd document's own time (summary.json, last round) and what became of its pages.
    def per_doc(out):
        rows = {}
        for d in json.load(open(os.path.join(out, "summary.json"), encoding="utf-8"))["documents"]:
            name = os.path.basename(d["sources"][0])[:-4]
            verdicts = []
            path = os.path.join(out, d.get("output") or "")
            if d.get("output") and os.path.exists(path):
                for page in (json.load(open(path, encoding="utf-8"))["sources"][0].get("pages") or []):
                    if page.get("provenance") == "ocr" or page.get("leftOut"):
                        verdicts.append(page.get("leftOut") or "read")
            rows[name] = (d.get("milliseconds", 0), ",".join(verdicts) or "-")
        return rows
    pa = per_doc(o + "-odd-a") if os.path.exists(o + "-odd-a/summary.json") else {}
    pb = per_doc(o + "-odd-b") if os.path.exists(o + "-odd-b/summary.json") else {}
    print()
    print("| odd document | ms before | pages before | ms after | pages after |")
    print("|---|---|---|---|---|")
    for n in sorted(set(pa) | set(pb)):
        (mb, vb), (ma, va) = pb.get(n, (0, "?")), pa.get(n, (0, "?"))
        print(f"| {n} | {mb:.0f} | {vb} | {ma:.0f} | {va} |")
    print(f"| all | {sum(v[0] for v in pb.values()):.0f} | | {sum(v[0] for v in pa.values()):.0f} | |")


main()

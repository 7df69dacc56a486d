#!/usr/bin/python3
"""Issue 38 item 4, the bar as the issue states it: on a corpus of small odd PDFs of another
project's test suite, `ingest convert` against a `pdftotext` loop, in interleaved rounds on the
same files, with and without the documents whose text exists only as images.

Usage: odd_corpus.py WORK SOURCE_DIR ROUNDS LABEL=INGEST [LABEL=INGEST ...]
  SOURCE_DIR  a folder of real test PDFs (session 20: .build-scratch-pdf33/all, the 1,002 PDFs of
              pdf.js and py-pdf's test suites)
  ROUNDS      interleaved rounds (0: choose the files and decide the class only)
The first INGEST decides the class left aside, from its first round's run over all files.

Which files, reproducibly: every SOURCE_DIR/*.pdf that pdfinfo opens, of at most 4 pages and at
most 100,000 bytes (the corpus's small ones: 826 of 1,002), sorted by name, then a sample of 400
drawn with random.Random(38); WORK/files.tsv lists them with size, pages and SHA-256.

The class left aside ("text only as images"): a document with a page that ingest read by OCR and
kept at least 20 characters of, where `pdftotext` finds fewer than 20 non-space characters on that
page and `pdffonts` lists no font in the file, or none on that page (`pdffonts -f N -l N`).
WORK/class.tsv lists them with the evidence.

Each round runs, in an order rotated every round, under `nice taskset -c 0,1`, over WORK/all
and then over WORK/image (the class alone): a pdftotext loop (one pdftotext per file, text to a
file, as the issue's loop) and each INGEST's `convert` (a --library each, --concurrency default,
--sink none, time limits raised so that load does not turn work into time-outs). Wall and CPU
(user+sys of the process tree) per run, the load average printed beside them; the corpus without
the class ("text") is each round's all - image; medians.

After the rounds (each INGEST's last run over all files): each document's milliseconds (summary.json) with
what became of its pages; the text PDFs where ingest is slowest against their own pdftotext time;
the pages left out (blank, junk, script) drawn by pdftoppm into WORK/look-OUT/ with a contact
sheet (left-out.png) for a person to look at.
"""
import glob, hashlib, json, os, random, resource, shutil, statistics, subprocess, sys, time

MAX_PAGES, MAX_BYTES, SAMPLE, SEED = 4, 100_000, 400, 38
PIN = ["nice", "taskset", "-c", "0,1"]


def run(cmd, **kw):
    return subprocess.run(cmd, stdout=subprocess.PIPE, stderr=subprocess.PIPE, **kw)


def pages_of(path):
    r = run(["pdfinfo", path], timeout=30)
    if r.returncode != 0: return None
    for line in r.stdout.decode("latin-1").splitlines():
        if line.startswith("Pages:"): return int(line.split()[1])
    return None


def choose(work, source):
    """The sample, copied into WORK/all/ (the files themselves: ingest refuses links leaving the tree)."""
    rows = []
    for path in sorted(glob.glob(os.path.join(source, "*.pdf"))):
        size = os.path.getsize(path)
        if size > MAX_BYTES: continue
        n = pages_of(path)
        if n is None or n > MAX_PAGES: continue
        rows.append((os.path.basename(path), size, n))
    eligible = len(rows)
    if len(rows) > SAMPLE: rows = sorted(random.Random(SEED).sample(rows, SAMPLE))
    folder = os.path.join(work, "all"); shutil.rmtree(folder, ignore_errors=True); os.makedirs(folder)
    with open(os.path.join(work, "files.tsv"), "w") as out:
        out.write(f"# {len(rows)} of {eligible} PDFs of {source} with <= {MAX_PAGES} pages and <= {MAX_BYTES} bytes, random.Random({SEED})\n")
        for name, size, n in rows:
            shutil.copy(os.path.join(source, name), folder)
            sha = hashlib.sha256(open(os.path.join(folder, name), "rb").read()).hexdigest()
            out.write(f"{name}\t{size}\t{n}\t{sha}\n")
    return [r[0] for r in rows]


def ingest_cmd(binary, folder, out):
    shutil.rmtree(out, ignore_errors=True)
    if os.path.exists(out + ".sqlite"): os.remove(out + ".sqlite")
    # The time limits raised: on a loaded machine a page can wait past the default 60 s, and a
    # page that times out is work not done (a failure, not a faster run).
    return PIN + [binary, "convert", folder, "--out", out, "--library", out + ".sqlite", "--sink", "none", "--quiet",
                  "--set", "ocr.pageTimeLimitSeconds=900", "--set", "limits.documentTimeLimitSeconds=3600"]


def pdftotext_cmd(folder, out):
    shutil.rmtree(out, ignore_errors=True); os.makedirs(out)
    return PIN + ["sh", "-c", 'for f in "$0"/*.pdf; do pdftotext "$f" "$1/$(basename "$f" .pdf).txt" 2>/dev/null; done', folder, out]


def timed(cmd):
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    t = time.monotonic()
    subprocess.run(cmd, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    wall = time.monotonic() - t
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    return wall, after.ru_utime - before.ru_utime + after.ru_stime - before.ru_stime


def nonspace(s):
    return sum(1 for c in s if not c.isspace())


def documents(out):
    """name -> (summary row, the document's first source or None)."""
    rows = {}
    for d in json.load(open(os.path.join(out, "summary.json"), encoding="utf-8"))["documents"]:
        name = os.path.basename(d["sources"][0])
        source = None
        if d.get("output") and os.path.exists(os.path.join(out, d["output"])):
            source = json.load(open(os.path.join(out, d["output"]), encoding="utf-8"))["sources"][0]
        rows[name] = (d, source)
    return rows


def pdftotext_pages(path):
    r = run(["pdftotext", path, "-"], timeout=60)
    return [nonspace(p) for p in r.stdout.decode("utf-8", "replace").split("\f")]


def fonts(path, page=None):
    cmd = ["pdffonts"] + (["-f", str(page), "-l", str(page)] if page else []) + [path]
    r = run(cmd, timeout=60)
    return max(0, len(r.stdout.decode("latin-1").splitlines()) - 2)


def image_only_class(work, names, out):
    """Documents whose text exists only as images, with the evidence (see the module's text)."""
    docs = documents(out)
    chosen = {}
    for name in names:
        d, source = docs.get(name, (None, None))
        if not source: continue
        path = os.path.join(work, "all", name)
        text_pages = None
        for p in source.get("pages") or []:
            if p.get("provenance") != "ocr" or p.get("leftOut") or (p.get("characters") or 0) < 20: continue
            text_pages = text_pages or pdftotext_pages(path)
            layer = text_pages[p["number"] - 1] if p["number"] <= len(text_pages) else 0
            if layer >= 20: continue
            whole, here = fonts(path), fonts(path, p["number"])
            if whole == 0 or here == 0:
                chosen[name] = f"page {p['number']}: OCR kept {p['characters']} chars, pdftotext {layer}, fonts in file {whole}, on page {here}"
                break
    with open(os.path.join(work, "class.tsv"), "w") as f:
        for name in sorted(chosen): f.write(f"{name}\t{chosen[name]}\n")
    return chosen


def main():
    work, source, rounds = os.path.abspath(sys.argv[1]), os.path.abspath(sys.argv[2]), int(sys.argv[3])
    binaries = [(a.split("=", 1)[0], os.path.abspath(a.split("=", 1)[1])) for a in sys.argv[4:]]
    os.makedirs(work, exist_ok=True)
    os.chdir(work)   # away from any ./pipeline.json
    names = choose(work, source)
    first_label, first = binaries[0]
    image = os.path.join(work, "image")
    left_aside = None

    def decide(out):
        """The class from `out` (a run of the first INGEST over all files), and its folder."""
        chosen = image_only_class(work, names, out)
        shutil.rmtree(image, ignore_errors=True); os.makedirs(image)
        for name in chosen: os.link(os.path.join(work, "all", name), os.path.join(image, name))
        print(f"{len(names)} files (files.tsv); text only as images (class.tsv, decided by {first_label}'s first run): {len(chosen)}")
        for name in sorted(chosen): print(f"  {name}: {chosen[name]}")
        return chosen

    if rounds == 0:
        out = os.path.join(work, f"out-all-{first_label}")
        subprocess.run(ingest_cmd(first, os.path.join(work, "all"), out), stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        report(work, names, decide(out), out)
        return

    # Each round: the whole corpus ("all"), then the class left aside alone ("image"); the corpus
    # without the class ("text") is each round's all - image (one large run per tool and round).
    def cases(corpus):
        folder = os.path.join(work, corpus)
        c = {f"{corpus}: pdftotext loop": lambda: pdftotext_cmd(folder, os.path.join(work, f"txt-{corpus}"))}
        for label, binary in binaries:
            c[f"{corpus}: ingest {label}"] = (lambda label=label, binary=binary:
                                              ingest_cmd(binary, folder, os.path.join(work, f"out-{corpus}-{label}")))
        return c
    all_cases, image_cases = cases("all"), cases("image")
    keys = list(all_cases) + list(image_cases)
    wall = {k: [] for k in keys}; cpu = {k: [] for k in keys}; loads = []
    for r in range(rounds):
        for group in (all_cases, image_cases):
            ks = list(group)
            for k in ks[r % len(ks):] + ks[:r % len(ks)]:   # order rotated every round
                w, c = timed(group[k]()); wall[k].append(w); cpu[k].append(c)
            if left_aside is None:
                left_aside = decide(os.path.join(work, f"out-all-{first_label}"))
        loads.append(open("/proc/loadavg").read().split()[0])
        print(f"round {r + 1}/{rounds}, load {loads[-1]}: " + ", ".join(f"{k} {wall[k][-1]:.1f} s ({cpu[k][-1]:.1f} CPU)" for k in keys),
              file=sys.stderr, flush=True)
    for k in list(all_cases):
        text = "text: " + k[len("all: "):]
        wall[text] = [a - b for a, b in zip(wall[k], wall["image: " + k[len("all: "):]])]
        cpu[text] = [a - b for a, b in zip(cpu[k], cpu["image: " + k[len("all: "):]])]
        keys.append(text)
    med = {k: statistics.median(v) for k, v in wall.items()}; cmed = {k: statistics.median(v) for k, v in cpu.items()}
    print(f"{os.cpu_count()} cores; load average after each round: {', '.join(loads)}; {rounds} interleaved rounds (order rotated), medians")
    print("| run | median wall s | rounds | median CPU s | rounds |")
    print("|---|---|---|---|---|")
    for k in keys:
        print(f"| {k} | {med[k]:.2f} | {' '.join(f'{x:.2f}' for x in wall[k])} | {cmed[k]:.2f} | {' '.join(f'{x:.2f}' for x in cpu[k])} |")
    print()
    sizes = {"all": len(names), "text": len(names) - len(left_aside), "image": len(left_aside)}
    for corpus in ("all", "text", "image"):
        base = f"{corpus}: pdftotext loop"
        for label, _ in binaries:
            k = f"{corpus}: ingest {label}"
            print(f"{corpus} ({sizes[corpus]} files): ingest {label} / pdftotext loop = "
                  f"{med[k] / med[base]:.2f}x wall, {cmed[k] / max(cmed[base], 1e-9):.2f}x CPU")
    if len(binaries) > 1:
        for corpus in ("all", "text"):
            a, b = f"{corpus}: ingest {binaries[0][0]}", f"{corpus}: ingest {binaries[1][0]}"
            print(f"{corpus}: {binaries[1][0]} / {binaries[0][0]} = {med[b] / med[a]:.2f}x wall, {cmed[b] / cmed[a]:.2f}x CPU")
    for label, _ in binaries:
        print(f"\n## {label}")
        report(work, names, left_aside, os.path.join(work, f"out-all-{label}"))


def report(work, names, left_aside, out):
    docs = documents(out)
    rows = []
    for name in names:
        d, source = docs.get(name, ({}, None))
        verdicts = [p.get("leftOut") or "read" for p in (source or {}).get("pages") or []
                    if p.get("provenance") == "ocr" or p.get("leftOut")]
        rows.append((d.get("milliseconds", 0), name, d.get("status", "?"), ",".join(verdicts) or "-"))
    total = sum(r[0] for r in rows)
    ocr = [r for r in rows if r[3] != "-"]
    print()
    print(f"documents' own milliseconds (summary.json, {os.path.basename(out)}): all {total:.0f}; "
          f"{len(ocr)} with an OCR'd or left-out page {sum(r[0] for r in ocr):.0f} ({100 * sum(r[0] for r in ocr) / max(total, 1):.0f} %); "
          f"of them in the class left aside {sum(r[0] for r in ocr if r[1] in left_aside):.0f}")
    tally = {}
    for r in ocr:
        for v in r[3].split(","): tally[v] = tally.get(v, 0) + 1
    print("pages: " + ", ".join(f"{k} {v}" for k, v in sorted(tally.items())))
    print("| slowest documents | ms | status | OCR'd pages |")
    print("|---|---|---|---|")
    for ms, name, status, v in sorted(rows, reverse=True)[:25]:
        print(f"| {name}{' (class)' if name in left_aside else ''} | {ms:.0f} | {status} | {v} |")
    # Text PDFs (no page OCR'd or left out): ingest's own time against pdftotext's on the same file.
    print()
    print("| text PDF slowest against pdftotext | ingest ms | pdftotext ms | ratio |")
    print("|---|---|---|---|")
    text_rows = []
    for ms, name, status, v in rows:
        if v != "-" or status != "succeeded": continue
        t = time.monotonic(); run(["pdftotext", os.path.join(work, "all", name), "/dev/null"]); pt = 1000 * (time.monotonic() - t)
        text_rows.append((ms / max(pt, 0.1), ms, pt, name))
    for ratio, ms, pt, name in sorted(text_rows, reverse=True)[:15]:
        print(f"| {name} | {ms:.0f} | {pt:.0f} | {ratio:.0f}x |")
    if text_rows:
        print(f"text PDFs: {len(text_rows)}, ingest {sum(r[1] for r in text_rows):.0f} ms, pdftotext {sum(r[2] for r in text_rows):.0f} ms, "
              f"median ingest ms {statistics.median(r[1] for r in text_rows):.0f}")
    # Every page left out, drawn small for a person to judge.
    look = os.path.join(work, "look-" + os.path.basename(out)); shutil.rmtree(look, ignore_errors=True); os.makedirs(look)
    drawn = []
    for ms, name, status, v in rows:
        _, source = docs.get(name, ({}, None))
        for p in (source or {}).get("pages") or []:
            if not p.get("leftOut") or p["leftOut"] == "skipped": continue
            stem = os.path.join(look, f"{p['leftOut']}--{name[:-4]}--p{p['number']}")
            run(["pdftoppm", "-r", "40", "-f", str(p["number"]), "-l", str(p["number"]), "-singlefile", "-png",
                 os.path.join(work, "all", name), stem], timeout=60)
            if os.path.exists(stem + ".png"): drawn.append(stem + ".png")
    if drawn:
        run(["montage", "-label", "%t", "-pointsize", "9", "-geometry", "160x200+4+4", "-tile", "8x"] + sorted(drawn)
            + [os.path.join(look, "left-out.png")], timeout=300)
    print(f"pages left out (blank/junk/script): {len(drawn)}, drawn in {look}/ (left-out.png)")


main()

#!/usr/bin/python3
"""OCR only where it pays (issue 38): pages made here from known content, read by `ingest convert`,
each page's verdict (read / blank / scriptNotInstalled / junk) and CER against its source text.

Usage: pays38.py OUT_DIR [INGEST]    (INGEST: default .build/debug/ingest)
Makes OUT_DIR/pages/*.png (A4, 300 dpi):
  text-{fr,en}-{8,10,12,16,24}pt-{clean,noise2,noise5,blur}  known French/English text (DejaVu Serif)
  blank, specks, pagenum                                  white; 40 specks of 1-3 px; "17" only
  junk-glyphs  random glyphs of random fonts and sizes    junk-noise  salt-and-pepper blobs
  junk-plasma, junk-wood  textures (ImageMagick plasma:, wood-like turbulence)
  script-arabic, script-cyrillic, script-han  text in scripts without an installed model
then runs ingest convert on each page as its own document and prints one Markdown row per page.
"""
import glob, json, os, random, subprocess, sys, time
from PIL import Image, ImageDraw, ImageFilter, ImageFont

HERE = os.path.dirname(os.path.abspath(__file__))
SERIF = "/usr/share/fonts/truetype/dejavu/DejaVuSerif.ttf"
SANS = "/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf"
HAN = "/usr/share/fonts/truetype/arphic/uming.ttc"
DPI, W, H = 300, 2480, 3508

def lines_of(text, font, d, width):
    out = []
    for para in text.strip().split("\n\n"):
        line = ""
        for word in para.split():
            cand = (line + " " + word).strip()
            if d.textlength(cand, font=font) > width and line:
                out.append(line); line = word
            else:
                line = cand
        if line: out.append(line)
    return out

def text_page(text, point, font=SERIF):
    img = Image.new("L", (W, H), 255); d = ImageDraw.Draw(img)
    f = ImageFont.truetype(font, int(point * DPI / 72)); y = DPI // 2
    kept = []
    for line in lines_of(text, f, d, W - DPI):
        if y + point * DPI / 72 * 1.4 > H - DPI // 2: break
        d.text((DPI // 2, y), line, font=f, fill=0); y += int(point * DPI / 72 * 1.4); kept.append(line)
    return img, "\n".join(kept)

def degrade(img, how, rnd):
    if how == "blur": return img.filter(ImageFilter.GaussianBlur(1.2))
    if how.startswith("noise"):
        share = int(how[5:]) / 100
        px = img.load()
        for _ in range(int(W * H * share)):
            x, y = rnd.randrange(W), rnd.randrange(H); px[x, y] = 255 - px[x, y]
    return img

def cer(hyp, ref):
    a = " ".join(hyp.split()); b = " ".join(ref.split())
    if not b: return 0.0 if not a else 1.0
    prev = list(range(len(b) + 1))
    for i in range(1, len(a) + 1):
        cur = [i] + [0] * len(b)
        for j in range(1, len(b) + 1):
            cur[j] = min(prev[j] + 1, cur[j - 1] + 1, prev[j - 1] + (a[i - 1] != b[j - 1]))
        prev = cur
    return prev[len(b)] / len(b)

def make(out):
    os.makedirs(out, exist_ok=True)
    rnd = random.Random(38)
    refs = {}
    texts = {"fr": open(os.path.join(HERE, "fr.txt")).read(), "en": open(os.path.join(HERE, "en.txt")).read()}
    for lang, text in texts.items():
        for pt in (8, 10, 12, 16, 24):
            for how in ("clean", "noise2", "noise5", "blur"):
                img, ref = text_page(text, pt)
                name = f"text-{lang}-{pt}pt-{how}"
                degrade(img, how, rnd).save(f"{out}/{name}.png", dpi=(DPI, DPI)); refs[name] = ref
    Image.new("L", (W, H), 255).save(f"{out}/blank.png", dpi=(DPI, DPI)); refs["blank"] = ""
    img = Image.new("L", (W, H), 255); px = img.load()
    for _ in range(40):
        x, y, s = rnd.randrange(20, W - 20), rnd.randrange(20, H - 20), rnd.randint(1, 3)
        for dx in range(s):
            for dy in range(s): px[x + dx, y + dy] = 0
    img.save(f"{out}/specks.png", dpi=(DPI, DPI)); refs["specks"] = ""
    img = Image.new("L", (W, H), 255); ImageDraw.Draw(img).text((W // 2, H - 200), "17", font=ImageFont.truetype(SERIF, 42), fill=0)
    img.save(f"{out}/pagenum.png", dpi=(DPI, DPI)); refs["pagenum"] = "17"
    # Junk: random glyphs (letters, digits, symbols) of random sizes, rotations and fonts.
    img = Image.new("L", (W, H), 255); d = ImageDraw.Draw(img)
    glyphs = "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789@#%&*+=?!§¤µ∂∑∫≈≠"
    for _ in range(900):
        f = ImageFont.truetype(rnd.choice([SERIF, SANS]), rnd.randint(20, 120))
        d.text((rnd.randrange(W), rnd.randrange(H)), "".join(rnd.choice(glyphs) for _ in range(rnd.randint(1, 4))), font=f, fill=rnd.randint(0, 120))
    img.save(f"{out}/junk-glyphs.png", dpi=(DPI, DPI)); refs["junk-glyphs"] = None
    img = Image.new("L", (W, H), 255); d = ImageDraw.Draw(img)
    for _ in range(6000):
        x, y, r = rnd.randrange(W), rnd.randrange(H), rnd.randint(2, 14)
        d.ellipse((x, y, x + r, y + rnd.randint(2, 14)), fill=0)
    img.save(f"{out}/junk-noise.png", dpi=(DPI, DPI)); refs["junk-noise"] = None
    subprocess.run(["convert", "-seed", "38", "-size", f"{W}x{H}", "plasma:tan-brown", "-colorspace", "gray", "-density", "300", f"{out}/junk-plasma.png"], check=True)
    subprocess.run(["convert", "-seed", "38", "-size", f"{W // 4}x{H // 4}", "xc:", "+noise", "Random", "-blur", "0x2",
                    "-resize", f"{W}x{H}!", "-colorspace", "gray", "-auto-level", "-density", "300", f"{out}/junk-wood.png"], check=True)
    refs["junk-plasma"] = refs["junk-wood"] = None
    arabic = ("بسم الله الرحمن الرحيم والحمد لله رب العالمين هذا نص باللغة العربية لاختبار التعرف على الحروف "
              "الدرس الأول في الرياضيات والعلوم الطبيعية ") * 12
    cyrillic = ("Это текст на русском языке для проверки распознавания. Первый урок математики и естественных наук. "
                "Москва является столицей Российской Федерации. ") * 12
    han = ("光合作用是植物利用光能把二氧化碳和水转化为有机物并释放氧气的过程。这是地球上生命的重要基础。") * 10
    for name, text, font in (("script-arabic", arabic, SANS), ("script-cyrillic", cyrillic, SANS), ("script-han", han, HAN)):
        img, _ = text_page(text if name != "script-han" else " ".join(text[i:i + 24] for i in range(0, len(text), 24)), 14, font)
        img.save(f"{out}/{name}.png", dpi=(DPI, DPI)); refs[name] = None
    json.dump(refs, open(f"{out}/refs.json", "w"), ensure_ascii=False, indent=1)
    return refs

def main():
    out = os.path.abspath(sys.argv[1])
    ingest = os.path.abspath(sys.argv[2] if len(sys.argv) > 2 else os.path.join(HERE, "../../.build/debug/ingest"))
    pages = os.path.join(out, "pages")
    refs = make(pages)
    docs = os.path.join(out, "docs")
    t0 = time.time()
    # One library per page: pages of the same text would otherwise be each other's duplicates.
    for name in sorted(refs):
        subprocess.run([ingest, "convert", f"{pages}/{name}.png", "--out", docs, "--library", os.path.join(out, f"lib-{name}.sqlite"),
                        "--quiet", "--sink", "none"], check=False)
    print(f"ingest convert: {time.time() - t0:.1f} s for {len(refs)} pages\n")
    print("| page | verdict | confidence | chars | CER | warning |\n|---|---|---|---|---|---|")
    for name in sorted(refs):
        found = [p for p in glob.glob(f"{docs}/*.json") if os.path.basename(p).startswith(name + ".") or os.path.basename(p) == name + ".json"]
        found = [p for p in found if not p.endswith((".sheet.json", "summary.json"))]
        if not found: print(f"| {name} | (no document) | | | | |"); continue
        d = json.load(open(found[0]))
        if "sources" not in d: print(f"| {name} | (not a document) | | | | |"); continue
        page = (d["sources"][0].get("pages") or [{}])[0]
        verdict = page.get("leftOut") or ("read" if page.get("provenance") == "ocr" else "-")
        if page.get("script"): verdict += f" ({page['script']})"
        ref = refs[name]
        c = f"{cer(d.get('text', ''), ref):.3f}" if ref else ""
        warns = ",".join(w["code"] for w in d["sources"][0].get("warnings", []) if w["code"].startswith("ocr."))
        print(f"| {name} | {verdict} | {page.get('ocrConfidence', '')} | {len(d.get('text', ''))} | {c} | {warns} |")
        open(f"{out}/{name}.ocr.txt", "w").write(" ".join(w["text"] for w in d.get("ocrWords", [])) if d.get("ocrWords") else d.get("text", ""))

if __name__ == "__main__":
    main()

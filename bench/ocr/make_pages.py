#!/usr/bin/env python3
"""Makes the OCR bench's pages from known text (fr.txt, en.txt): letter-size pages at 300 dpi,
clean and degraded (rotated 3°, noise, JPEG quality 40), and scanned PDFs of N pages.

Usage: make_pages.py OUT_DIR
Writes OUT_DIR/{fr,en}-{clean.png,rot3.png,noise.png,jpeg40.jpg}, their reference texts
OUT_DIR/{fr,en}.txt, and OUT_DIR/scan-{1,10,20,40}.pdf (pages alternate French and English).
"""
import os, random, sys
from PIL import Image, ImageDraw, ImageFilter, ImageFont

HERE = os.path.dirname(os.path.abspath(__file__))
FONT = "/usr/share/fonts/truetype/dejavu/DejaVuSerif.ttf"
DPI = 300

def render(text, dpi=DPI, point=12):
    w, h = int(8.5 * dpi), int(11 * dpi)
    img = Image.new("L", (w, h), 255)
    d = ImageDraw.Draw(img)
    font = ImageFont.truetype(FONT, int(point * dpi / 72))
    margin, y = dpi, dpi
    line_h = int(point * dpi / 72 * 1.45)
    for para in text.strip().split("\n\n"):
        line = ""
        for word in para.split():
            cand = (line + " " + word).strip()
            if d.textlength(cand, font=font) > w - 2 * margin and line:
                d.text((margin, y), line, font=font, fill=0); y += line_h; line = word
            else:
                line = cand
        if line:
            d.text((margin, y), line, font=font, fill=0); y += line_h
        y += line_h // 2
    return img

def main():
    out = sys.argv[1]
    os.makedirs(out, exist_ok=True)
    rnd = random.Random(4)
    pages = {}
    for lang in ("fr", "en"):
        text = open(os.path.join(HERE, f"{lang}.txt"), encoding="utf-8").read()
        open(os.path.join(out, f"{lang}.txt"), "w", encoding="utf-8").write(text)
        img = render(text)
        pages[lang] = img
        img.save(os.path.join(out, f"{lang}-clean.png"), dpi=(DPI, DPI))
        img.rotate(3, resample=Image.BICUBIC, expand=True, fillcolor=255).save(os.path.join(out, f"{lang}-rot3.png"), dpi=(DPI, DPI))
        noisy = img.copy()
        px = noisy.load()
        for yy in range(noisy.height):
            for xx in range(0, noisy.width, 1):
                r = rnd.random()
                if r < 0.03: px[xx, yy] = 0 if r < 0.015 else 255
                else: px[xx, yy] = max(0, min(255, px[xx, yy] + int(rnd.gauss(0, 30))))
        noisy.save(os.path.join(out, f"{lang}-noise.png"), dpi=(DPI, DPI))
        img.save(os.path.join(out, f"{lang}-jpeg40.jpg"), quality=40, dpi=(DPI, DPI))
    for n in (1, 10, 20, 40):
        seq = [pages["fr" if i % 2 == 0 else "en"] for i in range(n)]
        seq[0].save(os.path.join(out, f"scan-{n}.pdf"), save_all=True, append_images=seq[1:], resolution=DPI)

main()

#!/usr/bin/env python3
"""Generates N text files of 5–50 KB (French and English course-like prose, some Markdown) for the
text benchmark. Deterministic: same seed, same files. Usage: make_corpus.py OUT_DIR [N]"""
import os
import random
import sys

FR = ("la cellule est l'unité de base du vivant elle contient un noyau et des mitochondries qui "
      "produisent l'énergie nécessaire à son fonctionnement les élèves étudient la photosynthèse "
      "et le cycle de l'eau pendant le premier trimestre à l'école").split()
EN = ("the water cycle describes how water moves between the oceans the atmosphere and the land "
      "it is driven by energy from the sun and by gravity students learn about evaporation "
      "condensation precipitation and collection during the first term").split()


def paragraph(rng, words):
    n = rng.randint(40, 120)
    text = " ".join(rng.choice(words) for _ in range(n))
    return text[0].upper() + text[1:] + "."


def main():
    out = sys.argv[1]
    count = int(sys.argv[2]) if len(sys.argv) > 2 else 1000
    rng = random.Random(1234)
    os.makedirs(out, exist_ok=True)
    for i in range(count):
        words = FR if i % 2 == 0 else EN
        target = rng.randint(5_000, 50_000)
        parts = [f"# Chapitre {i}\n" if i % 3 == 0 else f"Lesson {i}\n"]
        size = len(parts[0])
        while size < target:
            p = paragraph(rng, words)
            parts.append(p)
            size += len(p.encode()) + 2
        ext = ".md" if i % 3 == 0 else ".txt"
        with open(os.path.join(out, f"doc-{i:04d}{ext}"), "w", encoding="utf-8") as f:
            f.write("\n\n".join(parts))


if __name__ == "__main__":
    main()

#!/usr/bin/env python3
"""Writes the captions of a one-hour video in four formats, from the same cues (seeded):
timedtext XML (srv1, as YouTube serves it: apostrophes escaped twice), json3, WebVTT and YouTube's
rolling auto-caption WebVTT. Usage: make_captions.py OUT_DIR"""
import json
import random
import sys
from pathlib import Path

out = Path(sys.argv[1])
out.mkdir(parents=True, exist_ok=True)
rng = random.Random(20261201)
words = ("la cellule est l'unité de base du vivant chaque cellule contient un noyau qui porte "
         "l'information génétique sous forme d'ADN les mitochondries produisent l'énergie "
         "aujourd'hui on va voir comment les protéines sont fabriquées à partir des gènes "
         "c'est ce qu'on appelle l'expression génétique \"transcription\" puis traduction").split()
cues = []
t = 0.0
while t < 3600:
    n = rng.randint(6, 12)
    text = " ".join(rng.choice(words) for _ in range(n))
    if rng.random() < 0.03:
        text = "[Musique]"
    elif rng.random() < 0.05:
        text = "<i>" + text + "</i>"
    dur = round(rng.uniform(1.5, 3.2), 3)
    cues.append((round(t, 3), dur, text))
    t += dur + (rng.uniform(0.8, 2.0) if rng.random() < 0.1 else 0.05)

def xml_escape(s):
    return s.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;")

def html_escape(s):  # YouTube's srv1 escapes text as HTML first, then as XML
    return s.replace("&", "&amp;").replace("'", "&#39;").replace('"', "&quot;")

with open(out / "hour.xml", "w") as f:
    f.write('<?xml version="1.0" encoding="utf-8" ?><transcript>')
    for s, d, text in cues:
        f.write(f'<text start="{s}" dur="{d}">{xml_escape(html_escape(text))}</text>')
    f.write("</transcript>")

events = [{"tStartMs": 0, "dDurationMs": 3600000, "id": 1, "wpWinPosId": 1, "wsWinStyleId": 1}]
for s, d, text in cues:
    segs = [{"utf8": w if i == 0 else " " + w, **({"tOffsetMs": i * 200} if i else {})} for i, w in enumerate(text.split(" "))]
    events.append({"tStartMs": int(s * 1000), "dDurationMs": int(d * 1000), "wWinId": 1, "segs": segs})
(out / "hour.json3").write_text(json.dumps({"wireMagic": "pb3", "events": events}, ensure_ascii=False))

def ts(x):
    h, r = divmod(x, 3600)
    m, sec = divmod(r, 60)
    return f"{int(h):02d}:{int(m):02d}:{sec:06.3f}"

with open(out / "hour.vtt", "w") as f:
    f.write("WEBVTT\nKind: captions\nLanguage: fr\n\n")
    for s, d, text in cues:
        f.write(f"{ts(s)} --> {ts(s + d)}\n{text}\n\n")

# Rolling auto-captions: each cue shows the previous line above the new one (with word stamps),
# and a 10 ms cue repeats the screen in between, as YouTube's ASR WebVTT does.
with open(out / "hour.rolling.vtt", "w") as f:
    f.write("WEBVTT\nKind: captions\nLanguage: fr\n\n")
    prev = ""
    for s, d, text in cues:
        plain = text.replace("<i>", "").replace("</i>", "")
        stamped = plain.split(" ")
        line = stamped[0] + "".join(f"<{ts(s + 0.2 * (i + 1))}><c> {w}</c>" for i, w in enumerate(stamped[1:]))
        f.write(f"{ts(s)} --> {ts(s + d - 0.01)} align:start position:0%\n{prev or ' '}\n{line}\n\n")
        f.write(f"{ts(s + d - 0.01)} --> {ts(s + d)} align:start position:0%\n{plain}\n \n\n")
        prev = plain
print(len(cues), "cues")

#!/usr/bin/env python3
"""Compares what we read (a JSON dump: file name -> metadata, made by
`AUDIO_DUMP_DIR=DIR AUDIO_DUMP_OUT=OUT swift test --filter CorpusTests/testDump`) with mutagen and
ffprobe on the same files. Prints one line per mismatch and a summary; exit status 0.
Usage: compare_mutagen.py DIR OUR_DUMP.json"""
import json, os, subprocess, sys
import mutagen
from mutagen.id3 import ID3FileType
from mutagen.mp4 import MP4
from mutagen.asf import ASF

d, dump = sys.argv[1], json.load(open(sys.argv[2]))

def first(v):
    if v is None: return None
    if isinstance(v, list): return " / ".join(str(x) for x in v) if v else None
    return str(v)

def mutagen_view(path):
    f = mutagen.File(path)
    if f is None: return None
    i, t, out = f.info, f.tags, {}
    out["duration"] = round(i.length, 3) if getattr(i, "length", None) else None
    out["sampleRate"] = getattr(i, "sample_rate", None)
    out["channels"] = getattr(i, "channels", None)
    out["bitrate"] = getattr(i, "bitrate", None) or None
    if t is None: return out
    if hasattr(t, "getall"):  # ID3 (MP3, WAV, AIFF)
        def tx(k): return " / ".join(str(x) for x in t[k].text) if k in t else None
        out.update(title=tx("TIT2"), artist=tx("TPE1"), album=tx("TALB"), date=tx("TDRC"),
                   genre=" / ".join(t["TCON"].genres) if "TCON" in t else None)
        if "TRCK" in t: out["track"] = int(str(t["TRCK"]).split("/")[0]) if str(t["TRCK"]).split("/")[0].isdigit() else None
        comms = [c for c in t.getall("COMM") if c.desc == ""] or [c for c in t.getall("COMM") if not c.desc.startswith("iTun")]
        out["comment"] = str(comms[0].text[0]) if comms and comms[0].text else None
        out["lyrics"] = bool(t.getall("USLT"))
        out["chapters"] = len(t.getall("CHAP")) or None
    elif isinstance(f, MP4):
        g = lambda k: first(t.get(k))
        out.update(title=g("\xa9nam"), artist=g("\xa9ART"), album=g("\xa9alb"), date=g("\xa9day"), genre=g("\xa9gen"),
                   comment=g("\xa9cmt"), lyrics="\xa9lyr" in t)
        if "trkn" in t: out["track"] = t["trkn"][0][0]
        ch = getattr(f, "chapters", None)
        out["chapters"] = len(ch) if ch else None
    elif isinstance(f, ASF):
        g = lambda k: first([str(x) for x in t[k]]) if k in t else None
        out.update(title=g("Title"), artist=g("Author"), album=g("WM/AlbumTitle"), date=g("WM/Year"), genre=g("WM/Genre"))
    else:  # Vorbis comments, APEv2
        low = {k.lower(): v for k, v in t.items()}
        g = lambda k: first([str(x) for x in low[k]]) if k in low else None
        out.update(title=g("title"), artist=g("artist"), album=g("album"), date=g("date") or g("year"), genre=g("genre"),
                   comment=g("comment") or g("description"), lyrics="lyrics" in low or "unsyncedlyrics" in low)
        tn = g("tracknumber") or g("track")
        if tn: out["track"] = int(tn.split("/")[0]) if tn.split("/")[0].isdigit() else None
        ch = [k for k in low if k.startswith("chapter") and k[7:].isdigit()]
        out["chapters"] = len(ch) or None
    return out

def ffprobe_duration(path):
    r = subprocess.run(["ffprobe", "-v", "error", "-show_entries", "format=duration", "-of", "csv=p=0", path],
                       capture_output=True, text=True)
    try: return float(r.stdout.strip())
    except ValueError: return None

fields = ["title", "artist", "album", "date", "genre", "track", "comment", "lyrics", "chapters",
          "sampleRate", "channels", "bitrate", "duration"]
compared = mismatches = 0
ffprobe_ok = ffprobe_total = 0
for name in sorted(dump):
    path = os.path.join(d, name)
    ours = dump[name]
    try: m = mutagen_view(path)
    except Exception as e: m = {"error": type(e).__name__}
    fp = ffprobe_duration(path)
    if "error" in ours or m is None or "error" in (m or {}):
        print(f"{name}: ours={ours.get('error', 'read')} mutagen={(m or {}).get('error', 'read' if m else 'unknown format')}"
              f" ffprobe={'%.3f' % fp if fp else 'error'}")
        continue
    for k in fields:
        mv = m.get(k)
        if mv in (None, False, ""): continue
        ov = ours.get(k)
        if k == "lyrics": ov = bool(ours.get("lyrics"))
        compared += 1
        ok = ov == mv
        if k == "duration": ok = ov is not None and abs(ov - mv) < 0.1
        if k == "bitrate": ok = ov is not None and abs(ov - mv) <= max(1000, 0.01 * mv)
        if not ok:
            mismatches += 1
            print(f"{name}: {k}: ours={ov!r} mutagen={mv!r}")
    if fp is not None and ours.get("duration") is not None:
        ffprobe_total += 1
        if abs(ours["duration"] - fp) < 0.1: ffprobe_ok += 1
        else: print(f"{name}: duration vs ffprobe: ours={ours['duration']} ffprobe={fp:.3f} mutagen={m.get('duration')}")
print(f"SUMMARY {d}: {compared} field values compared with mutagen, {mismatches} mismatches; "
      f"durations within 0.1 s of ffprobe: {ffprobe_ok}/{ffprobe_total}")

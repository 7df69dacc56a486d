#!/usr/bin/env python3
"""Builds tagged test files (bench/work/audio/tagged) with ffmpeg + mutagen: every format we read,
tags in every ID3 text encoding, lyrics, chapters, cover art. Usage: make_tagged.py OUT_DIR"""
import os, subprocess, sys
from mutagen.id3 import (ID3, TIT2, TPE1, TALB, TDRC, TYER, TCON, TRCK, COMM, USLT, APIC, CHAP, CTOC, CTOCFlags,
                         Encoding)
from mutagen.flac import FLAC, Picture
from mutagen.oggvorbis import OggVorbis
from mutagen.oggopus import OggOpus
from mutagen.mp4 import MP4, MP4Cover
from mutagen.wave import WAVE
from mutagen.aiff import AIFF
import base64

out = sys.argv[1]
os.makedirs(out, exist_ok=True)
TITLE = "Leçon 3 — Photosynthèse"
ARTIST = "Mme Dupré"
ALBUM = "Biologie 1ère"
LYRICS = "La photosynthèse transforme la lumière en énergie chimique.\n\nElle a lieu dans les chloroplastes."
COVER = bytes.fromhex("89504e470d0a1a0a0000000d49484452000000010000000108060000001f15c4890000000d4944415478da63f8cfc0f01f0005000201a0d5b6a90000000049454e44ae426082")

def ff(name, *args, seconds=7.3):
    path = os.path.join(out, name)
    subprocess.run(["ffmpeg", "-y", "-v", "error", "-f", "lavfi", "-i", f"sine=frequency=440:duration={seconds}",
                    "-f", "lavfi", "-i", f"sine=frequency=660:duration={seconds}", "-filter_complex", "amerge",
                    *args, path], check=True)
    return path

def id3_tags(path, version, enc):
    t = ID3()
    t.add(TIT2(encoding=enc, text=TITLE if enc != Encoding.LATIN1 else TITLE.replace("—", "-"))); t.add(TPE1(encoding=enc, text=ARTIST)); t.add(TALB(encoding=enc, text=ALBUM))
    t.add(TCON(encoding=enc, text="(101)")); t.add(TRCK(encoding=enc, text="3/12"))
    if version == 3: t.add(TYER(encoding=enc, text="2021"))
    else: t.add(TDRC(encoding=enc, text="2021-09-14"))
    t.add(COMM(encoding=enc, lang="fra", desc="", text="Cours du mardi"))
    t.add(COMM(encoding=enc, lang="eng", desc="iTunNORM", text=" 0000044E 00000061"))
    t.add(USLT(encoding=enc, lang="fra", desc="", text=LYRICS))
    t.add(APIC(encoding=enc, mime="image/png", type=3, desc="couverture", data=COVER))
    t.add(CTOC(element_id="toc", flags=CTOCFlags.TOP_LEVEL | CTOCFlags.ORDERED, child_element_ids=["c1", "c2"],
               sub_frames=[TIT2(encoding=enc, text="Sommaire")]))
    t.add(CHAP(element_id="c1", start_time=0, end_time=3000, sub_frames=[TIT2(encoding=enc, text="Introduction")]))
    t.add(CHAP(element_id="c2", start_time=3000, end_time=7300, sub_frames=[TIT2(encoding=enc, text="Les chloroplastes")]))
    t.save(path, v2_version=version, v1=0)

# MP3: CBR, VBR with Xing, VBR without Xing; ID3 v2.3/v2.4 in every text encoding.
for enc, ename in [(Encoding.LATIN1, "latin1"), (Encoding.UTF16, "utf16"), (Encoding.UTF16BE, "utf16be"), (Encoding.UTF8, "utf8")]:
    for version in ([3, 4] if enc in (Encoding.LATIN1, Encoding.UTF16) else [4]):
        p = ff(f"cbr-v2{version}-{ename}.mp3", "-c:a", "libmp3lame", "-b:a", "128k")
        id3_tags(p, version, enc)
p = ff("vbr-xing.mp3", "-c:a", "libmp3lame", "-q:a", "4"); id3_tags(p, 4, Encoding.UTF8)
p = ff("vbr-noxing.mp3", "-c:a", "libmp3lame", "-q:a", "4", "-write_xing", "0"); id3_tags(p, 3, Encoding.UTF16)
p = ff("cbr-noxing-long.mp3", "-c:a", "libmp3lame", "-b:a", "64k", "-write_xing", "0", seconds=400)
id3_tags(p, 3, Encoding.LATIN1)
p = ff("mono-22k.mp3", "-c:a", "libmp3lame", "-ac", "1", "-ar", "22050", "-b:a", "48k"); id3_tags(p, 4, Encoding.UTF8)

# FLAC, Ogg Vorbis, Opus: Vorbis comments, LYRICS, CHAPTERnnn, picture.
def vorbis_tags(f, picture_as_block):
    f["TITLE"] = TITLE; f["ARTIST"] = [ARTIST, "M. Martin"]; f["ALBUM"] = ALBUM; f["DATE"] = "2021"
    f["GENRE"] = "Speech"; f["TRACKNUMBER"] = "3"; f["COMMENT"] = "Cours du mardi"; f["LYRICS"] = LYRICS
    f["CHAPTER001"] = "00:00:00.000"; f["CHAPTER001NAME"] = "Introduction"
    f["CHAPTER002"] = "00:00:03.000"; f["CHAPTER002NAME"] = "Les chloroplastes"
    pic = Picture(); pic.type = 3; pic.mime = "image/png"; pic.data = COVER; pic.width = pic.height = 1; pic.depth = 32
    if picture_as_block: f.add_picture(pic)
    else: f["METADATA_BLOCK_PICTURE"] = base64.b64encode(pic.write()).decode()
    f.save()
vorbis_tags(FLAC(ff("tagged.flac", "-c:a", "flac")), True)
vorbis_tags(OggVorbis(ff("tagged.ogg", "-c:a", "libvorbis", "-q:a", "3")), False)
vorbis_tags(OggOpus(ff("tagged.opus", "-c:a", "libopus", "-b:a", "48k")), False)

# MP4: AAC and ALAC, iTunes atoms incl. lyrics and cover.
for name, codec in [("tagged-aac.m4a", ["-c:a", "aac", "-b:a", "96k"]), ("tagged-alac.m4a", ["-c:a", "alac"])]:
    m = MP4(ff(name, *codec))
    m["\xa9nam"] = TITLE; m["\xa9ART"] = ARTIST; m["\xa9alb"] = ALBUM; m["\xa9day"] = "2021"; m["\xa9gen"] = "Speech"
    m["trkn"] = [(3, 12)]; m["\xa9cmt"] = "Cours du mardi"; m["\xa9lyr"] = LYRICS
    m["covr"] = [MP4Cover(COVER, imageformat=MP4Cover.FORMAT_PNG)]
    m.save()

# WAV with an ID3 chunk, and WAV with RIFF INFO only (written by ffmpeg); AIFF with ID3.
w = WAVE(ff("tagged-id3.wav", "-c:a", "pcm_s16le")); w.add_tags()
w.tags.add(TIT2(encoding=3, text=TITLE)); w.tags.add(TPE1(encoding=3, text=ARTIST)); w.save()
ff("info.wav", "-c:a", "pcm_s16le", "-metadata", f"title={TITLE}", "-metadata", f"artist={ARTIST}",
   "-metadata", "comment=Cours du mardi", "-metadata", "date=2021")
a = AIFF(ff("tagged.aiff", "-c:a", "pcm_s16be")); a.add_tags()
a.tags.add(TIT2(encoding=1, text=TITLE)); a.tags.add(TALB(encoding=1, text=ALBUM)); a.save()
print("wrote", len(os.listdir(out)), "files to", out)

# Files tagged by other tools: id3v2 (ID3v1 + v2.3 writer of id3lib) and metaflac.
import shutil
p = os.path.join(out, "id3lib-v1v2.mp3")
shutil.copy(ff("plain.mp3", "-c:a", "libmp3lame", "-b:a", "96k", "-write_xing", "0"), p); os.remove(os.path.join(out, "plain.mp3"))
subprocess.run(["id3v2", "-t", "Cours de chimie", "-a", "Prof Durand", "-A", "Chimie", "-y", "2019", "-T", "2/9",
                "-g", "101", "-c", "Notes de cours", p], check=True, stdout=subprocess.DEVNULL)
p = ff("metaflac.flac", "-c:a", "flac")
subprocess.run(["metaflac", "--remove-all-tags", "--set-tag=TITLE=Cours d'histoire", "--set-tag=ARTIST=Élise",
                "--set-tag=DATE=2018-03-02", "--set-tag=TRACKNUMBER=5/10", p], check=True)

# Chapters written by ffmpeg (MP4: Nero chpl + QuickTime chapter track; MP3: ID3 CHAP; Opus: CHAPTERnnn).
meta = os.path.join(out, "chapters.ffmeta")
open(meta, "w").write(";FFMETADATA1\ntitle=Cours chapitré\n[CHAPTER]\nTIMEBASE=1/1000\nSTART=0\nEND=2000\ntitle=Début\n"
                      "[CHAPTER]\nTIMEBASE=1/1000\nSTART=2000\nEND=5000\ntitle=Fin\n")
for ext in ["m4a", "mp3", "opus"]:
    subprocess.run(["ffmpeg", "-y", "-v", "error", "-f", "lavfi", "-i", "sine=duration=5", "-i", meta, "-map_metadata", "1",
                    "-map_chapters", "1", os.path.join(out, f"ffmpeg-chapters.{ext}")], check=True)
os.remove(meta)

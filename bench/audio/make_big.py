#!/usr/bin/env python3
"""Big bench files under OUT: a 1 GB WAV (sparse), a 3-hour CBR MP3 (frames of a short ffmpeg
encode repeated, no Xing header, ID3v2 tag), and an MP3 with a 100 MB picture (sparse)."""
import os, struct, subprocess, sys
out = sys.argv[1]; os.makedirs(out, exist_ok=True)
def synchsafe(n): return bytes([(n >> 21) & 0x7F, (n >> 14) & 0x7F, (n >> 7) & 0x7F, n & 0x7F])
def id3(frames): return b"ID3\x03\x00\x00" + synchsafe(len(frames)) + frames
def text(fid, s): b = b"\x01" + s.encode("utf-16"); return fid + struct.pack(">I", len(b)) + b"\x00\x00" + b

# 1 GB WAV: RIFF header + data chunk, the data is a hole.
size = 1 << 30
with open(os.path.join(out, "big-1gb.wav"), "wb") as f:
    fmt = struct.pack("<4sIHHIIHH", b"fmt ", 16, 1, 2, 44100, 44100 * 4, 4, 16)
    f.write(b"RIFF" + struct.pack("<I", size - 8) + b"WAVE" + fmt + b"data" + struct.pack("<I", size - 44))
    f.truncate(size)
# Small WAV of the same shape.
with open(os.path.join(out, "small.wav"), "wb") as f:
    n = 44100 * 4
    f.write(b"RIFF" + struct.pack("<I", n + 36) + b"WAVE" + struct.pack("<4sIHHIIHH", b"fmt ", 16, 1, 2, 44100, 44100 * 4, 4, 16)
            + b"data" + struct.pack("<I", n) + bytes(n))
# 3-hour CBR MP3 from 10 s of real frames.
tmp = os.path.join(out, "seed.mp3")
subprocess.run(["ffmpeg", "-y", "-v", "error", "-f", "lavfi", "-i", "sine=frequency=440:duration=10", "-ac", "2",
                "-c:a", "libmp3lame", "-b:a", "128k", "-write_xing", "0", "-id3v2_version", "0", tmp], check=True)
frames = open(tmp, "rb").read()
frames = frames[frames.index(b"\xff\xfb"):]
tag = id3(text(b"TIT2", "Cours magistral — 3 heures") + text(b"TPE1", "Prof"))
with open(os.path.join(out, "long-3h-cbr.mp3"), "wb") as f:
    f.write(tag)
    for _ in range(3 * 360): f.write(frames)
with open(os.path.join(out, "small-cbr.mp3"), "wb") as f:
    f.write(tag + frames)
os.remove(tmp)
# MP3 with a 100 MB APIC frame (a hole), then a title frame and the audio.
pic = 100 << 20
head = b"\x00image/jpeg\x00\x03\x00"
title = text(b"TIT2", "Après la pochette")
body_len = 10 + len(head) + pic + len(title)
with open(os.path.join(out, "cover-100mb.mp3"), "wb") as f:
    f.write(b"ID3\x03\x00\x00" + synchsafe(body_len) + b"APIC" + struct.pack(">I", len(head) + pic) + b"\x00\x00" + head)
    f.seek(pic, 1)
    f.write(title + frames)
print("big files in", out)

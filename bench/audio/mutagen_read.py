#!/usr/bin/env python3
"""Peer for the bench: mutagen reads tags and stream info of each file (like tagread).
mutagen_read.py FILE...        one line per file
mutagen_read.py --loop N FILE... in-process, microseconds per file"""
import sys, time
import mutagen
args = sys.argv[1:]
loops = 0
if args and args[0] == "--loop": loops, args = int(args[1]), args[2:]
def read(p):
    try:
        f = mutagen.File(p)
        return f and (f.tags, f.info.length)
    except Exception as e:
        return e
if loops == 0:
    for p in args: print(p, read(p) is not None)
else:
    t = time.perf_counter()
    for _ in range(loops):
        for p in args: read(p)
    print("%.1f" % ((time.perf_counter() - t) * 1e6 / (loops * len(args))))

#!/usr/bin/env python3
"""Runs a command and reports its memory and time: `peak.py OUT_TSV NAME CMD...` appends
"NAME wall cpu maxrss_mb tree_mb" to OUT_TSV, where maxrss is the largest single process of the
tree (what /usr/bin/time and getrusage report: ru_maxrss of the waited-for children) and tree is
the peak of the sum of the resident sets of every process of the tree, sampled every 10 ms
(a tool that runs one process per page, as ocrmypdf runs tesseract, has several resident at once).
CPU is user + system of the waited-for tree."""
import os, resource, subprocess, sys, time

def tree(pid):
    kids, out = {}, [pid]
    for p in os.listdir("/proc"):
        if not p.isdigit(): continue
        try:
            ppid = int(open(f"/proc/{p}/stat").read().rsplit(")", 1)[1].split()[1])
        except Exception:
            continue
        kids.setdefault(ppid, []).append(int(p))
    i = 0
    while i < len(out):
        out += kids.get(out[i], []); i += 1
    return out

def rss_kb(pid):
    try:
        for line in open(f"/proc/{pid}/status"):
            if line.startswith("VmRSS:"): return int(line.split()[1])
    except Exception:
        pass
    return 0

out, name, cmd = sys.argv[1], sys.argv[2], sys.argv[3:]
before = resource.getrusage(resource.RUSAGE_CHILDREN)
t0 = time.time()
proc = subprocess.Popen(cmd, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
peak = 0
while proc.poll() is None:
    peak = max(peak, sum(rss_kb(p) for p in tree(proc.pid)))
    time.sleep(0.01)
wall = time.time() - t0
after = resource.getrusage(resource.RUSAGE_CHILDREN)
cpu = (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)
with open(out, "a") as f:
    f.write(f"{name} {wall:.3f} {cpu:.3f} {after.ru_maxrss / 1024:.1f} {peak / 1024:.1f}\n")

#!/usr/bin/env python3
"""Runs a command and reports its memory and time: `peak.py OUT_TSV NAME CMD...` appends
"NAME wall cpu maxrss_mb tree_mb tree_pss_mb" to OUT_TSV.

- maxrss: the largest single process of the tree — the larger of getrusage's ru_maxrss over the
  waited-for children (what /usr/bin/time reports) and the peak (VmHWM) of every process seen in
  the tree, sampled every 10 ms (a process that is not waited for by its parent — ingest's worker
  when the command exits, a tool's per-page helper — escapes ru_maxrss);
- tree: the peak of the sum of the resident sets of every process of the tree (a tool that runs
  one process per page, as ocrmypdf runs tesseract, has several resident at once); it counts the
  pages processes share (the same executable and libraries) once per process;
- tree_pss: the same with proportional set sizes (shared pages divided among their processes):
  the memory the tree really takes from the machine.
CPU is the task-clock of the whole tree (`perf stat`, which follows every descendant), or user +
system of the waited-for children when perf is missing."""
import os, resource, shutil, subprocess, sys, tempfile, time

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

def status_kb(pid, *keys):
    found = {}
    try:
        for line in open(f"/proc/{pid}/status"):
            k = line.split(":", 1)[0]
            if k in keys: found[k] = int(line.split()[1])
    except Exception:
        pass
    return [found.get(k, 0) for k in keys]

def pss_kb(pid):
    try:
        for line in open(f"/proc/{pid}/smaps_rollup"):
            if line.startswith("Pss:"): return int(line.split()[1])
    except Exception:
        pass
    return 0

out, name, cmd = sys.argv[1], sys.argv[2], sys.argv[3:]
perf = shutil.which("perf")
stat = tempfile.NamedTemporaryFile(suffix=".perf", delete=False).name
if perf:
    cmd = [perf, "stat", "-x", ",", "-o", stat, "-e", "task-clock", "--"] + cmd
before = resource.getrusage(resource.RUSAGE_CHILDREN)
t0 = time.time()
proc = subprocess.Popen(cmd, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
peak = peak_pss = largest = 0
while proc.poll() is None:
    pids = tree(proc.pid)[1 if perf else 0:]   # perf itself is not the command
    rss = hwm = 0
    for p in pids:
        r, h = status_kb(p, "VmRSS", "VmHWM")
        rss += r; largest = max(largest, h)
    peak = max(peak, rss)
    peak_pss = max(peak_pss, sum(pss_kb(p) for p in pids))
    time.sleep(0.01)
wall = time.time() - t0
after = resource.getrusage(resource.RUSAGE_CHILDREN)
cpu = (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)
if perf:
    for line in open(stat):
        f = line.split(",")
        if len(f) > 2 and f[2].startswith("task-clock"): cpu = float(f[0]) / 1000
    os.unlink(stat)
maxrss = max(after.ru_maxrss if not perf else 0, largest)
with open(out, "a") as f:
    f.write(f"{name} {wall:.3f} {cpu:.3f} {maxrss / 1024:.1f} {peak / 1024:.1f} {peak_pss / 1024:.1f}\n")

#!/usr/bin/env python3
"""Runs a command and measures its whole process tree; prints one JSON object.

    Tests/Hostile/measure.py [--timeout SECONDS] [--grow FILE] [--report FILE] -- COMMAND ARGS...

- peak memory: this process becomes a child subreaper (prctl PR_SET_CHILD_SUBREAPER), so every
  descendant ends up waited for here or by a parent that was; `wait4` gives each one's peak
  resident size including its own waited descendants. The largest is `peakRSSKB`: the peak of
  the biggest single process of the tree (the command, its workers, what they started), whether
  the command waited for its workers or left them to exit after it.
- hangs: past `--timeout` the command's process group is killed (SIGKILL) and `timedOut` is true.
- `--grow FILE`: a thread appends to FILE while the command runs (64 KiB every 2 ms, cut back to
  1 MiB past 8 MiB), so a reader sees it change under it.
- `--shrink FILE`: a thread cuts FILE to a third and writes the rest back, every 3 ms, while the
  command runs (a reader that maps the file would get SIGBUS past the cut).

Output (stdout, or FILE with --report): {"exitCode", "signal", "timedOut", "peakRSSKB",
"peakRSSPid", "wallSeconds", "processes"}. Standard library only.
"""
import ctypes
import json
import os
import signal
import sys
import threading
import time

PR_SET_CHILD_SUBREAPER = 36


def main():
    args = sys.argv[1:]
    timeout, grow, shrink, report = 600.0, None, None, None
    while args and args[0] != "--":
        flag = args.pop(0)
        if flag == "--timeout":
            timeout = float(args.pop(0))
        elif flag == "--grow":
            grow = args.pop(0)
        elif flag == "--shrink":
            shrink = args.pop(0)
        elif flag == "--report":
            report = args.pop(0)
        else:
            print(f"measure.py: unknown option {flag}", file=sys.stderr)
            return 2
    command = args[1:]
    if not command:
        print(__doc__, file=sys.stderr)
        return 2
    libc = ctypes.CDLL(None, use_errno=True)
    if libc.prctl(PR_SET_CHILD_SUBREAPER, 1, 0, 0, 0) != 0:
        print("measure.py: prctl(PR_SET_CHILD_SUBREAPER) failed", file=sys.stderr)
        return 2

    stop = threading.Event()
    if grow:
        def grower():
            chunk = b"Une ligne de plus, ecrite pendant la lecture.\n" * 1400   # ~64 KiB
            while not stop.is_set():
                with open(grow, "ab") as f:
                    f.write(chunk)
                    if f.tell() > (8 << 20):
                        f.truncate(1 << 20)
                time.sleep(0.002)
        threading.Thread(target=grower, daemon=True).start()

    if shrink:
        whole = open(shrink, "rb").read()

        def shrinker():
            # Cut to a third, then the rest written back: a reader that maps the file (instead of
            # reading it) gets SIGBUS when it touches a page past the cut.
            with open(shrink, "r+b") as f:
                while not stop.is_set():
                    f.truncate(len(whole) // 3)
                    time.sleep(0.003)
                    f.seek(len(whole) // 3)
                    f.write(whole[len(whole) // 3:])
                    f.flush()
                    time.sleep(0.003)
                f.seek(0)
                f.write(whole)
        threading.Thread(target=shrinker, daemon=True).start()

    start = time.monotonic()
    pid = os.fork()
    if pid == 0:
        os.setpgid(0, 0)
        try:
            os.execvp(command[0], command)
        finally:
            os._exit(127)
    try:
        os.setpgid(pid, pid)
    except OSError:
        pass

    peak, peak_pid, processes = 0, None, 0
    exit_code, sig, timed_out = None, None, False
    deadline = start + timeout
    # Reap everything: the command, and every orphan that the subreaper inherits.
    while True:
        try:
            wpid, status, usage = os.wait4(-1, os.WNOHANG)
        except ChildProcessError:
            break
        if wpid == 0:
            if exit_code is None and sig is None and time.monotonic() > deadline and not timed_out:
                timed_out = True
                try:
                    os.killpg(pid, signal.SIGKILL)
                except ProcessLookupError:
                    pass
            if exit_code is not None or sig is not None:
                # The command is done; give orphans a moment, then stop waiting.
                if time.monotonic() > ended + 10:
                    break
            time.sleep(0.02)
            continue
        processes += 1
        if usage.ru_maxrss > peak:
            peak, peak_pid = usage.ru_maxrss, wpid
        if wpid == pid:
            ended = time.monotonic()
            wall = ended - start
            if os.WIFSIGNALED(status):
                sig = os.WTERMSIG(status)
            else:
                exit_code = os.WEXITSTATUS(status)
    stop.set()
    result = {"exitCode": exit_code, "signal": sig, "timedOut": timed_out, "peakRSSKB": peak,
              "peakRSSPid": peak_pid, "wallSeconds": round(wall, 2), "processes": processes,
              "commandPid": pid}
    text = json.dumps(result)
    if report:
        with open(report, "w") as f:
            f.write(text + "\n")
    else:
        print(text)
    return 0


if __name__ == "__main__":
    sys.exit(main())

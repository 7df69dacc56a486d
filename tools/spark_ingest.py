#!/usr/bin/env python3
"""Converts a corpus with Apache Spark: `ingest worker` piped over an RDD (docs/distributed.md).

    spark_ingest.py --ingest BIN --corpus DIR --out DIR [--master URL] [--partitions N]
                    [--results FILE] [--merged FILE]

1. The driver asks `ingest worker --plan CORPUS` for the requests: exactly the documents
   `ingest convert CORPUS` makes (photos grouped, NAME.lesson folders, unique names).
2. The requests are spread over `--partitions` partitions; each partition is piped through one
   `ingest worker --root CORPUS --out OUT --concurrency 1` on an executor (`RDD.pipe`), which
   writes the documents into OUT (a shared folder on a cluster) and answers one JSON line each.
3. The driver collects the results and merges them: the document id is derived from the content
   fingerprint, so one id written under several names is a duplicate; the smallest output name
   keeps it, whatever the order the executors ran in (a deterministic merge).

Prints one JSON object on standard output: counts, duplicates, the executors that did the work,
seconds. `--master` defaults to local-cluster[2,1,1024] (two executor JVMs on this machine);
on a cluster, give `spark://…`, `yarn` or `k8s://…` and paths every executor sees.
"""
import argparse
import hashlib
import json
import os
import shlex
import subprocess
import sys
import time


def executor_of_this_process():
    """The id of the Spark executor this Python worker runs under: walks up the process tree to
    the JVM started as CoarseGrainedExecutorBackend and reads its --executor-id (Linux /proc)."""
    pid = os.getpid()
    for _ in range(10):
        try:
            with open(f"/proc/{pid}/cmdline", "rb") as f:
                args = f.read().split(b"\0")
            with open(f"/proc/{pid}/stat") as f:
                ppid = int(f.read().rsplit(")", 1)[1].split()[1])
        except OSError:
            return "?"
        if b"org.apache.spark.executor.CoarseGrainedExecutorBackend" in args and b"--executor-id" in args:
            return args[args.index(b"--executor-id") + 1].decode()
        if ppid <= 1:
            break
        pid = ppid
    return "driver"


def main():
    p = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    p.add_argument("--ingest", required=True, help="the ingest executable (on every executor)")
    p.add_argument("--corpus", required=True, help="the folder to convert (seen by every executor)")
    p.add_argument("--out", required=True, help="the output folder (shared by every executor)")
    p.add_argument("--master", default="local-cluster[2,1,1024]")
    p.add_argument("--partitions", type=int, default=0, help="default: 16 per executor")
    p.add_argument("--executors", type=int, default=0, help="executors to wait for (default: from a local-cluster master)")
    p.add_argument("--results", help="write every result line here")
    p.add_argument("--merged", help="write the merged results here (one line per distinct document)")
    p.add_argument("--worker-args", default="", help="more arguments for ingest worker (e.g. '--lang en')")
    a = p.parse_args()

    corpus = os.path.abspath(a.corpus)
    out = os.path.abspath(a.out)
    ingest = os.path.abspath(a.ingest)
    plan = subprocess.run([ingest, "worker", "--plan", corpus, "--root", corpus, "--out", out],
                          check=True, capture_output=True, text=True).stdout.splitlines()

    # The executors' Python workers run this same interpreter (its venv has pyspark).
    os.environ.setdefault("PYSPARK_PYTHON", sys.executable)
    from pyspark import SparkConf, SparkContext
    started = time.time()
    conf = (SparkConf().setMaster(a.master).setAppName("ingest-worker")
            .set("spark.ui.enabled", "false").set("spark.ui.showConsoleProgress", "false")
            # One document can take minutes (OCR): no task is ever run twice for speed.
            .set("spark.speculation", "false").set("spark.task.maxFailures", "2"))
    sc = SparkContext(conf=conf)
    sc.setLogLevel("ERROR")
    executors = a.executors
    if not executors and a.master.startswith("local-cluster["):
        executors = int(a.master[len("local-cluster["):].split(",")[0])
    # Wait for the executors to register, so the partitions are spread over all of them.
    deadline = time.time() + 60
    while executors and sc._jsc.sc().getExecutorMemoryStatus().size() - 1 < executors and time.time() < deadline:
        time.sleep(0.1)
    ready = time.time()
    # Requests in a hashed order, many small partitions: the costly documents of one folder (a
    # box of scans to OCR) are spread over every executor, and Spark gives the next partition to
    # whichever executor is free. A partition costs one worker start (milliseconds).
    plan.sort(key=lambda line: hashlib.sha256(line.encode()).hexdigest())
    partitions = a.partitions or max(1, min(len(plan), 16 * max(1, executors)))
    command = shlex.join([ingest, "worker", "--root", corpus, "--out", out, "--concurrency", "1", "--quiet"]
                         + shlex.split(a.worker_args))

    def tag(lines):
        executor = executor_of_this_process()
        for line in lines:
            result = json.loads(line)
            result["executor"] = executor
            yield result

    # RDD.pipe starts the command with exactly this environment (nothing of the executor's): the
    # driver's settings that change documents travel with it, so every executor writes the same.
    env = {"PATH": os.environ.get("PATH", "/usr/bin:/bin"), "LANG": os.environ.get("LANG", "C.UTF-8")}
    for name in ("SOURCE_DATE_EPOCH", "INGEST_CONFIG", "INGEST_IN_PROCESS", "HOME"):
        if name in os.environ:
            env[name] = os.environ[name]
    # checkCode: a worker that exits non-zero (it could not read anything at all) fails the task.
    results = sc.parallelize(plan, partitions).pipe(command, env=env, checkCode=True).mapPartitions(tag).collect()
    finished = time.time()
    sc.stop()

    results.sort(key=lambda r: (r.get("output") or "", r.get("sources") or []))
    by_id = {}
    for r in results:
        if r.get("status") in ("succeeded", "skipped") and r.get("id"):
            by_id.setdefault(r["id"], []).append(r)
    merged, duplicates = [], []
    for r in results:
        group = by_id.get(r.get("id")) if r.get("status") in ("succeeded", "skipped") else None
        if group and group[0] is not r:
            duplicates.append({"output": r["output"], "duplicateOf": group[0]["output"], "id": r["id"]})
            continue
        merged.append(r)
    if a.results:
        with open(a.results, "w") as f:
            for r in results:
                f.write(json.dumps(r, ensure_ascii=False, sort_keys=True) + "\n")
    if a.merged:
        with open(a.merged, "w") as f:
            for r in merged:
                f.write(json.dumps(r, ensure_ascii=False, sort_keys=True) + "\n")
    counts = {}
    for r in results:
        counts[r["status"]] = counts.get(r["status"], 0) + 1
    json.dump({"requests": len(plan), "results": len(results), "statuses": counts,
               "documents": len(merged), "duplicates": duplicates,
               "executors": sorted({r["executor"] for r in results}),
               "partitions": partitions, "startSeconds": round(ready - started, 3),
               "convertSeconds": round(finished - ready, 3)}, sys.stdout, ensure_ascii=False, sort_keys=True)
    print()


if __name__ == "__main__":
    main()

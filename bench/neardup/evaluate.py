#!/usr/bin/env python3
"""Scores the near-duplicate set (see run.sh). Usage: evaluate.py SET OUT

1. End to end: OUT/orig/summary.json (originals, fresh library) and OUT/copy/summary.json (the
   copies, same library): a pair is found when its copy is a duplicate of its own original; a
   false duplicate is a copy said to duplicate any other document; a revision must NOT be a
   duplicate, and should list its v1 with kind `revision`.
2. Every sketch against every sketch: OUT/orig/*.json and OUT/copy-alone/*.json (the copies imported
   alone). Scored with `Fingerprinter.similarity` (the Jaccard index estimated from the sketches),
   classified as `DuplicateKind.of(overlap)` does with the thresholds of pipeline.json (near also
   needs the containment, the share of the larger text found in the other); the same sketches
   folded to 128 bins (what sketches had before) shown beside: pairs (copy, its original), revisions, and non-pairs (a copy or an
   original against every other original of the same subject: different real texts on the same
   subject, in the same language).
"""
import collections
import json
import os
import sys

SET, OUT = sys.argv[1], sys.argv[2]
config = json.load(open(os.path.join(os.path.dirname(__file__), "../../pipeline.json")))["library"]
NEAR, REVISION = config["nearDuplicateThreshold"], config["revisionThreshold"]
EMPTY = 0xFFFFFFFF

pairs = [l.rstrip("\n").split("\t") for l in open(os.path.join(SET, "pairs.tsv"))][1:]


def stem(name):
    return os.path.splitext(name)[0]


def summary(folder):
    return {d["sources"][0]: d for d in json.load(open(os.path.join(OUT, folder, "summary.json")))["documents"]}


def overlap(a, b):
    """SketchOverlap: bins whose union minimum is in both texts, in the first only, in the second only."""
    shared = first = second = 0
    if a and len(a) == len(b):
        for x, y in zip(a, b):
            if x == y:
                shared += x != EMPTY
            elif x < y:
                first += 1
            else:
                second += 1
    return shared, first, second


def containment(a, b):
    """SketchOverlap.containment: shared / (shared + max(only first, only second))."""
    shared, first, second = overlap(a, b)
    return shared / (shared + max(first, second)) if shared + first + second else 0.0


def similarity(a, b):
    """Fingerprinter.similarity: the Jaccard index, shared / (shared + only first + only second)."""
    shared, first, second = overlap(a, b)
    return shared / (shared + first + second) if shared + first + second else 0.0


def folded(s, bins=128):
    """Fingerprinter.folded: the sketch with `bins` bins."""
    return [min(s[i::bins]) for i in range(bins)] if len(s) >= bins else s


def jaccard(a, b):
    """The Jaccard index of the sketches folded to 128 bins (as sketches were before)."""
    return similarity(folded(a), folded(b))


NEAR_CONTAINMENT = (NEAR + 2 * NEAR / (1 + NEAR)) / 2


def classify(a, b):
    if a["value"] == b["value"]:
        return "exact", 1.0
    s = similarity(a["sketch"], b["sketch"])
    if s >= NEAR and containment(a["sketch"], b["sketch"]) >= NEAR_CONTAINMENT:
        return "near", s
    return ("revision" if s >= REVISION else "distinct"), s


# --- 1. End to end ---------------------------------------------------------------------------
orig, copy = summary("orig"), summary("copy")
by_kind = collections.defaultdict(lambda: collections.Counter())
false_dup = []
misses = []
for kind, subject, o, c in pairs:
    d, oid = copy[c], orig[o]["id"]
    dup = d.get("duplicateOf")
    counter = by_kind[kind]
    counter["n"] += 1
    if kind == "revision":
        if d["status"] == "duplicate":
            false_dup.append((c, dup))
        else:
            doc = json.load(open(os.path.join(OUT, "copy", d["output"])))
            if any(r["id"] == oid and r["kind"] == "revision" for r in doc["possibleDuplicates"]):
                counter["found"] += 1
        continue
    if d["status"] == "duplicate" and d.get("id") == oid:
        counter["found"] += 1
        counter[dup["kind"]] += 1
    elif d["status"] == "duplicate":
        false_dup.append((c, dup))
    else:
        misses.append((kind, c, d["status"]))
n_pairs = sum(v["n"] for k, v in by_kind.items() if k != "revision")
found = sum(v["found"] for k, v in by_kind.items() if k != "revision")
print("\n1. end to end (originals imported, then the copies into the same library)")
print(f"   {'kind':10} {'pairs':>5} {'found':>5} {'recall':>7}   found as")
for kind, v in by_kind.items():
    if kind == "revision":
        continue
    print(f"   {kind:10} {v['n']:5d} {v['found']:5d} {v['found'] / v['n']:7.3f}   exact {v['exact']}, near {v['near']}")
print(f"   {'all':10} {n_pairs:5d} {found:5d} {found / n_pairs:7.3f}")
r = by_kind["revision"]
print(f"   revisions: {r['n']}, taken for duplicates: {sum(1 for c, _ in false_dup if '-v2' in c)}, "
      f"listed as kind revision of their v1: {r['found']}")
wrong = len(false_dup)
print(f"   copies said to duplicate a document they are not a copy of: {wrong} "
      f"(precision {found / (found + wrong) if found + wrong else 1:.3f})")
for m in misses:
    print("   missed:", *m)
for c, dup in false_dup:
    print("   false duplicate:", c, "→", dup and dup.get("source"), dup and dup.get("similarity"))

# --- 2. Every sketch against every sketch ------------------------------------------------------
def fingerprints(folder, names):
    result = {}
    for name in names:
        path = os.path.join(OUT, folder, stem(name) + ".json")
        result[name] = json.load(open(path))["fingerprint"]
    return result


fo = fingerprints("orig", [p[2] for p in pairs])
fc = fingerprints("copy-alone", [p[3] for p in pairs])
subject_of = {p[2]: p[1] for p in pairs}
scores = collections.defaultdict(list)
jaccards = collections.defaultdict(list)
classes = collections.defaultdict(collections.Counter)
for kind, subject, o, c in pairs:
    k, s = classify(fc[c], fo[o])
    scores[kind].append(s)
    jaccards[kind].append(1.0 if fc[c]["value"] == fo[o]["value"] else jaccard(fc[c]["sketch"], fo[o]["sketch"]))
    classes[kind][k] += 1
nonpair = []
nonpair_jaccard = []
nonpair_near = []
originals = [p[2] for p in pairs]
for kind, subject, o, c in pairs:
    for other in originals:
        if subject_of[other] != subject:
            continue
        if other != o:
            k, s = classify(fc[c], fo[other])
            nonpair.append(s)
            nonpair_jaccard.append(jaccard(fc[c]["sketch"], fo[other]["sketch"]))
            if k in ("exact", "near"):
                nonpair_near.append((c, other, s))
        if other < o:  # originals among themselves, each pair once
            k, s = classify(fo[o], fo[other])
            nonpair.append(s)
            nonpair_jaccard.append(jaccard(fo[o]["sketch"], fo[other]["sketch"]))
            if k in ("exact", "near"):
                nonpair_near.append((o, other, s))


def quantiles(v):
    v = sorted(v)
    q = lambda f: v[min(len(v) - 1, int(f * len(v)))]
    return f"min {v[0]:.3f}  p5 {q(0.05):.3f}  median {q(0.5):.3f}  max {v[-1]:.3f}"


print(f"\n2. every sketch against every sketch (near: similarity ≥ {NEAR} and containment ≥ {NEAR_CONTAINMENT:.3f}; revision ≥ {REVISION})")
print(f"   {'kind':10} {'n':>5}  similarity{'':36} classified")
tp = 0
for kind in scores:
    c = classes[kind]
    if kind != "revision":
        tp += c["exact"] + c["near"]
    print(f"   {kind:10} {len(scores[kind]):5d}  {quantiles(scores[kind])}   " +
          ", ".join(f"{k} {c[k]}" for k in ("exact", "near", "revision", "distinct") if c[k]))
pos = sum(len(v) for k, v in scores.items() if k != "revision")
rev_dup = classes["revision"]["exact"] + classes["revision"]["near"]
fp = len(nonpair_near) + rev_dup
print(f"   non-pairs  {len(nonpair):5d}  {quantiles(nonpair)}   near or exact {len(nonpair_near)}")
print(f"   pairs {pos}: recall {tp / pos:.3f}; false duplicates {fp} (non-pairs {len(nonpair_near)}, revisions {rev_dup}): "
      f"precision {tp / (tp + fp) if tp + fp else 1:.3f}")
margin_low = min(s for k, v in scores.items() if k != "revision" for s in v)
print(f"   margin: lowest pair {margin_low:.3f}, highest non-pair {max(nonpair):.3f}, "
      f"highest revision {max(scores['revision']):.3f}")
print("   the same sketches folded to 128 bins (the sketches before), for comparison:")
for kind in jaccards:
    print(f"   {kind:10} {len(jaccards[kind]):5d}  {quantiles(jaccards[kind])}")
print(f"   non-pairs  {len(nonpair_jaccard):5d}  {quantiles(nonpair_jaccard)}")
jl = min(s for k, v in jaccards.items() if k != "revision" for s in v)
print(f"   margin (128 bins): lowest pair {jl:.3f}, highest non-pair {max(nonpair_jaccard):.3f}, "
      f"highest revision {max(jaccards['revision']):.3f}")
for name, values in (("512 bins", scores), ("128 bins", jaccards)):
    worst = sorted((s, k) for k, v in values.items() if k != "revision" for s in v)[:5]
    print(f"   lowest pairs ({name}):", ", ".join(f"{k} {s:.3f}" for s, k in worst),
          f"| highest revisions: {', '.join(f'{s:.3f}' for s in sorted(values['revision'])[-5:])}")
for x in nonpair_near[:10]:
    print("   non-pair taken for a duplicate:", *x)
for kind, subject, o, c in pairs:
    k, s = classify(fc[c], fo[o])
    if kind != "revision" and k not in ("exact", "near"):
        print(f"   pair below the threshold: {c} {s:.3f}")

#!/usr/bin/env python3
"""Words of the reference that the peer gives and ingest does not (and the reverse): where
ingest is worse than the peer, as multisets of textdiff's \\w+ words.

Usage: worsethanpeer.py INGEST PEER REFERENCE [--list N]
"""
import re, sys
from collections import Counter
sys.path.insert(0, "/work/shared/tools")
from textdiff import load

args = [a for a in sys.argv[1:] if not a.startswith("--")]
n = int(sys.argv[sys.argv.index("--list") + 1]) if "--list" in sys.argv else 40
if "--list" in sys.argv:
    args.remove(str(n))
ours, peer, ref = (Counter(re.findall(r"\w+", load(p))) for p in args[:3])
worse = (ref & peer) - ours
better = (ref & ours) - peer
print(f"reference words the peer gives and ingest lacks: {sum(worse.values())}: {worse.most_common(n)}")
print(f"reference words ingest gives and the peer lacks: {sum(better.values())}: {better.most_common(n)}")

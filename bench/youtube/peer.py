# youtube-transcript-api's own timedtext parser, in-process, on the same file. Usage: peer.py FILE REPEAT
import sys
import time
from youtube_transcript_api._transcripts import _TranscriptParser

raw = open(sys.argv[1], encoding="utf-8").read()
n = int(sys.argv[2])
parser = _TranscriptParser(preserve_formatting=False)
parser.parse(raw)  # warm-up
t0 = time.perf_counter()
for _ in range(n):
    snippets = parser.parse(raw)
t1 = time.perf_counter()
print("cues=%d parse_ms=%.4f" % (len(snippets), (t1 - t0) * 1000 / n))

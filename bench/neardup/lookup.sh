#!/usr/bin/env bash
# Time of one duplicate look-up at 1k, 10k, 100k documents in a real SQLite library (issue #19):
# the release-built IngestStore/IngestCore objects linked into bench/neardup/lookup.swift (not a
# Package target), side by side with a linear scan of every sketch in the same run.
# Usage: bench/neardup/lookup.sh [SIZES] [QUERIES]     (run.sh first: it fetches the vocabulary's texts)
set -euo pipefail
cd "$(dirname "$0")/../.."
WORK=bench/work/neardup
mkdir -p "$WORK"
swift build -c release --target IngestStore 2>&1 | tail -1
B=.build/release
swiftc -O -I "$B/Modules" -Xcc -fmodule-map-file=Sources/CSQLite/module.modulemap bench/neardup/lookup.swift \
  "$B"/IngestStore.build/*.o "$B"/IngestCore.build/*.o -lsqlite3 -o "$WORK/lookup"
# The vocabulary: every word of the evaluation set's originals, most frequent first.
cat "$WORK"/set/orig/*.txt "$WORK"/set/orig/*.md | tr -cs "[:alpha:]" "\n" | tr "[:upper:]" "[:lower:]" \
  | awk 'length($0) > 1' | sort | uniq -c | sort -rn | awk '{print $2}' > "$WORK/vocabulary.txt"
echo "vocabulary: $(wc -l < "$WORK/vocabulary.txt") words; $(nproc) cores; $(date -u +%F)"
"$WORK/lookup" "$WORK/vocabulary.txt" "$WORK/lookup.sqlite" "${1:-1000,10000,100000}" "${2:-400}"
rm -f "$WORK"/lookup.sqlite*

#!/usr/bin/env bash
# Text benchmark (issue 2): `ingest convert` on 1,000 generated text files of 5–50 KB, side by side
# with `sha256sum` over the same files in the same run (reading and hashing once is the floor).
# Reports the wall-time ratio and peak memory. Usage: bench/text/run.sh [N_FILES] [ROUNDS]
set -euo pipefail
cd "$(dirname "$0")/../.."
n=${1:-1000}
rounds=${2:-5}
work=bench/work/text
mkdir -p "$work"
[ -d "$work/corpus-$n" ] || python3 bench/text/make_corpus.py "$work/corpus-$n" "$n"
scripts/build-release.sh >/dev/null 2>&1
bin=.build/release/ingest
command -v /usr/bin/time >/dev/null || { echo "needs GNU time (apt-get install time)" >&2; exit 1; }
bytes=$(du -sb "$work/corpus-$n" | cut -f1)
echo "files: $n, bytes: $bytes, cores: $(nproc)"

ours=() ; floor=()
# Each round writes a new folder, and all are deleted at the end: ext4 (without a journal, as
# here) skips inodes freed in the last 60-300 s when it allocates, so deleting the previous
# round's 1,000 outputs just before made every file creation of the next round scan past them
# (15 % of the CPU time in `find_inode_bit`/`recently_deleted`, growing with each round).
# Deleting files makes the next run slow for up to 300 s (the inodes just freed are skipped, one
# by one): outputs are deleted only at the end, and a run that starts within 300 s of the last
# deletion waits the rest of that window first.
if ls -d "$work"/out* >/dev/null 2>&1; then
  rm -rf "$work"/out* "$work"/lib*.sqlite*; date +%s > "$work/.deleted-at"
fi
if [ -f "$work/.deleted-at" ]; then
  wait_s=$(( $(cat "$work/.deleted-at") + 300 - $(date +%s) ))
  if [ "$wait_s" -gt 0 ]; then echo "waiting ${wait_s} s for the files deleted at the end of the last run to age"; sleep "$wait_s"; fi
fi
for r in $(seq "$rounds"); do
  # Drop nothing from the page cache: both tools read warm files, alternately, in the same run.
  s=$(date +%s.%N); find "$work/corpus-$n" -type f -print0 | xargs -0 sha256sum >/dev/null; e=$(date +%s.%N)
  floor+=("$(echo "$e - $s" | bc -l)")
  s=$(date +%s.%N); "$bin" convert "$work/corpus-$n" --out "$work/out-$r" --library "$work/lib-$r.sqlite" --quiet --sink directory; e=$(date +%s.%N)
  ours+=("$(echo "$e - $s" | bc -l)")
done
median() { printf '%s\n' "$@" | sort -n | awk '{a[NR]=$1} END {print a[int((NR+1)/2)]}'; }
mo=$(median "${ours[@]}"); mf=$(median "${floor[@]}")
peak=$(/usr/bin/time -f '%M' "$bin" convert "$work/corpus-$n" --out "$work/out-peak" --library "$work/lib-peak.sqlite" --quiet --sink directory 2>&1 >/dev/null | tail -1)
rm -rf "$work"/out* "$work"/lib*.sqlite*; date +%s > "$work/.deleted-at"
printf 'ingest convert: median %.3f s over %d rounds\n' "$mo" "$rounds"
printf 'sha256sum:      median %.3f s\n' "$mf"
printf 'ratio ingest/sha256sum: %.2f (target ≤ 6)\n' "$(echo "$mo / $mf" | bc -l)"
printf 'peak RSS ingest: %.1f MB (target < 150 MB)\n' "$(echo "$peak / 1024" | bc -l)"

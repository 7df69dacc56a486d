#!/usr/bin/env bash
# The born-digital speed bar (issue 36 item 6): a ~300-page manual converted by `ingest convert`
# (release, default hand-off: document JSON + study sheet, tables included) in at most 1.0x the
# wall time of `pdftotext` on the same file, at 2 cores. Both run in the same rounds, interleaved,
# under `nice` and pinned to two CPUs (taskset -c 0,1); the ratio of each round and their median
# are printed, with the CPU time ratio (user + system: less swayed by other work on a shared machine
# than wall time, but blind to how well two cores are used). Read the load printed beside each round.
#
# The manuals, from Debian documentation packages (fetched with `apt-get download`, unpacked with
# `dpkg-deb -x` into bench/work/born-digital, git-ignored):
#   gnuplot-doc  /usr/share/doc/gnuplot/gnuplot.pdf    311 pages, pdfTeX (the bar's file)
#   texlive-latex-recommended  /usr/share/doc/texlive-doc/latex/koma-script/scrguide-en.pdf  566 pages,
#     pdfTeX, ~100 tables
#     (the table finder's worst case seen; reported beside, not the bar)
# Usage: bench/born-digital/run.sh [ROUNDS]   (default 3; needs apt-get, dpkg-deb, poppler-utils, time)
#   INGEST=path/to/ingest measures that binary instead of building scripts/build-release.sh's.
set -euo pipefail
cd "$(dirname "$0")/../.."
ROOT=$PWD; WORK=$ROOT/bench/work/born-digital; ROUNDS=${1:-3}
mkdir -p "$WORK/debs" "$WORK/root"
fetch() {  # fetch PACKAGE PATH-IN-PACKAGE: the installed file, or the package's, unpacked once
  [ -f "$2" ] && { echo "$2"; return; }
  local f="$WORK/root$2"
  if [ ! -f "$f" ]; then
    (cd "$WORK/debs" && { ls "$1"_*.deb >/dev/null 2>&1 || apt-get download "$1" >/dev/null 2>&1; })
    dpkg-deb -x "$(ls "$WORK"/debs/"$1"_*.deb | head -1)" "$WORK/root"
  fi
  [ -f "$f" ] || { echo "born-digital: $2 not in $1" >&2; exit 1; }
  echo "$f"
}
GNUPLOT=$(fetch gnuplot-doc /usr/share/doc/gnuplot/gnuplot.pdf)
SCRGUIDE=$(fetch texlive-latex-recommended /usr/share/doc/texlive-doc/latex/koma-script/scrguide-en.pdf)
if [ -z "${INGEST:-}" ]; then scripts/build-release.sh >/dev/null; INGEST=$ROOT/.build/release/ingest; fi
PIN=(nice); command -v taskset >/dev/null && [ "$(nproc)" -ge 2 ] && PIN=(nice taskset -c 0,1)

clock() {  # clock FILE COMMAND...: runs it, FILE gets "wall user+sys" in seconds
  local f=$1; shift
  /usr/bin/time -f "%e %U %S" -o "$f.t" "$@" || return 1
  awk '{printf "%s %.2f\n", $1, $2 + $3}' "$f.t" > "$f"
}
measure() {  # measure PDF: ROUNDS interleaved rounds of pdftotext and ingest convert, then the median ratios
  local pdf=$1 name; name=$(basename "$pdf" .pdf)
  echo "$name: $(pdfinfo "$pdf" | awk '/^Pages:/ {print $2}') pages; $ROUNDS rounds, ${PIN[*]}"
  local walls=() cpus=()
  for ((r = 1; r <= ROUNDS; r++)); do
    clock "$WORK/peer" "${PIN[@]}" pdftotext "$pdf" "$WORK/$name.txt"
    rm -rf "$WORK/out" "$WORK/lib.sqlite"
    clock "$WORK/ours" "${PIN[@]}" "$INGEST" convert "$pdf" --out "$WORK/out" --library "$WORK/lib.sqlite" --quiet
    [ -s "$WORK/out/$name.json" ] || { echo "born-digital: no $name.json" >&2; exit 1; }
    read -r pw pc < "$WORK/peer"; read -r ow oc < "$WORK/ours"
    walls+=("$(awk -v a="$ow" -v b="$pw" 'BEGIN {printf "%.2f", a / b}')")
    cpus+=("$(awk -v a="$oc" -v b="$pc" 'BEGIN {printf "%.2f", a / b}')")
    echo "  round $r: pdftotext ${pw} s wall, ${pc} s CPU; ingest convert ${ow} s wall, ${oc} s CPU;" \
      "wall ratio ${walls[-1]}, CPU ratio ${cpus[-1]} (load $(cut -d' ' -f1-3 /proc/loadavg))"
  done
  median() { printf '%s\n' "$@" | sort -n | awk '{a[NR] = $1} END {print a[int((NR + 1) / 2)]}'; }
  local tables; tables=$(python3 -c "import json; print(sum(b['kind'] == 'table' for b in json.load(open('$WORK/out/$name.json'))['blocks']))")
  echo "  $name: median wall ratio $(median "${walls[@]}")x (bar <= 1.0x), CPU ratio $(median "${cpus[@]}")x; $tables table blocks"
}
measure "$GNUPLOT"
measure "$SCRGUIDE"

#!/usr/bin/env bash
# Distributed benchmark (issue 21): `ingest worker` under Apache Spark (tools/spark_ingest.py,
# RDD.pipe, local-cluster mode: real executor JVMs on this machine), with 1 and 2 executors,
# against `ingest convert --reproducible` with 1 and 2 workers on the same corpus in the same run.
#   corpus: samples/ + 10 PDFs, 30 .docx, 22 audio files and 20 line scans (OCR) of the shared
#           corpus + 150 generated texts (bench/text/make_corpus.py): 245 documents
#   figures: seconds and documents/s of the conversion (Spark: from the executors' registration
#           to the last result; and end to end, start-up included), speed-up 2 vs 1, ratio to convert
#   check:  the Spark run's documents are byte-identical to convert's (cmp over every file)
# Usage: bench/distributed/run.sh [ROUNDS]   (needs Java 17 and .build/spark-venv: scripts/install.sh --tests)
set -euo pipefail
cd "$(dirname "$0")/../.."
rounds=${1:-3}
work=bench/work/distributed
corpus_src=../shared/corpus
python=.build/spark-venv/bin/python3
mkdir -p "$work"
scripts/build-release.sh >/dev/null 2>&1
bin=$(pwd)/.build/release/ingest
export INGEST_CONFIG="" SOURCE_DATE_EPOCH=1767225600
now() { date +%s.%N; }
median() { printf '%s\n' "$@" | sort -n | awk '{a[NR]=$1} END {print a[int((NR+1)/2)]}'; }

corpus=$work/corpus
if [ ! -d "$corpus" ]; then
  mkdir -p "$corpus"/{pdf,docx,audio,scans}
  cp -r samples "$corpus/samples"
  pdfs=(pypdf-crazyones pdfminer-jo pdfminer-naacl06-shinyama pdfplumber-2023-06-20-PV pdfplumber-federal-register-2020-17221
        pdfplumber-scotus-transcript-p1 pdfplumber-word365_structure pypdf-multilang pypdf-encryption-unencrypted pdfminer-rc4-40)
  for p in "${pdfs[@]}"; do cp "$corpus_src/pdf/$p.pdf" "$corpus/pdf/"; done
  ls "$corpus_src"/docx/*.docx | head -30 | while read -r f; do cp "$f" "$corpus/docx/"; done
  ls "$corpus_src"/audio/* | grep -E '\.(mp3|m4a|ogg|opus|flac|wav)$' | head -22 | while read -r f; do cp "$f" "$corpus/audio/"; done
  # Line scans under names that do not end in a number: 20 documents, not one lesson of pages.
  ls "$corpus_src"/scans/*.png | head -20 | while read -r f; do b=$(basename "$f" .png); cp "$f" "$corpus/scans/$b-scan.png"; done
  python3 bench/text/make_corpus.py "$corpus/text" 150 >/dev/null
fi
documents=$("$bin" worker --plan "$corpus" --root "$corpus" | wc -l)
echo "machine: $(nproc) cores, load $(cut -d' ' -f1 /proc/loadavg); corpus: $documents documents; rounds: $rounds"

convert() {  # convert TAG CONCURRENCY: prints seconds
  local s e; s=$(now)
  "$bin" convert "$corpus" --out "$work/out-$1" --library "$work/lib-$1.sqlite" --reproducible --quiet --concurrency "$2" || true
  e=$(now); echo "$e - $s" | bc -l
}
spark() {  # spark TAG EXECUTORS: prints "convertSeconds totalSeconds"
  local s e r; s=$(now)
  r=$("$python" tools/spark_ingest.py --ingest "$bin" --corpus "$corpus" --out "$work/out-$1" \
        --master "local-cluster[$2,1,1024]" --results "$work/results-$1.jsonl" 2>"$work/spark-$1.log")
  e=$(now)
  echo "$(echo "$r" | python3 -c 'import json,sys; print(json.load(sys.stdin)["convertSeconds"])') $(echo "$e - $s" | bc -l)"
}

c1=(); c2=(); s1=(); s2=(); t1=(); t2=()
for r in $(seq "$rounds"); do
  rm -rf "$work"/out-* "$work"/lib-*
  c1+=("$(convert c1 1)"); c2+=("$(convert c2 2)")
  read -r a b < <(spark s1 1); s1+=("$a"); t1+=("$b")
  read -r a b < <(spark s2 2); s2+=("$a"); t2+=("$b")
done

# Every file convert wrote, the 2-executor Spark run wrote byte for byte — but where convert's
# library listed a near-duplicate read earlier in the run (possibleDuplicates): the worker reads
# each source on its own, and near-duplicates across workers are the merge's (docs/distributed.md).
read -r same nearonly differ < <(python3 - "$work/out-c2" "$work/out-s2" <<'PY'
import json, os, sys
a, b = sys.argv[1], sys.argv[2]
same = near = differ = 0
for root, _, files in os.walk(a):
    for name in files:
        if not name.endswith((".json", ".jpg", ".png")) or name == "summary.json":
            continue
        rel = os.path.relpath(os.path.join(root, name), a)
        x = open(os.path.join(a, rel), "rb").read()
        try:
            y = open(os.path.join(b, rel), "rb").read()
        except OSError:
            y = None
        if x == y:
            same += 1
            continue
        def strip(d):
            d = json.loads(d)
            d.pop("possibleDuplicates", None)
            return d
        if y is not None and name.endswith(".json") and strip(x) == strip(y) and json.loads(x)["possibleDuplicates"]:
            near += 1
        else:
            differ += 1
            print("differs:", rel, file=sys.stderr)
print(same, near, differ)
PY
)

mc1=$(median "${c1[@]}"); mc2=$(median "${c2[@]}"); ms1=$(median "${s1[@]}"); ms2=$(median "${s2[@]}")
mt1=$(median "${t1[@]}"); mt2=$(median "${t2[@]}")
rate() { echo "$documents / $1" | bc -l; }
printf 'convert --concurrency 1: %.2f s (%.1f documents/s); 2: %.2f s (%.1f/s) → speed-up %.2f×\n' \
  "$mc1" "$(rate "$mc1")" "$mc2" "$(rate "$mc2")" "$(echo "$mc1 / $mc2" | bc -l)"
printf 'spark 1 executor: %.2f s (%.1f documents/s), %.2f s end to end; 2 executors: %.2f s (%.1f/s), %.2f s end to end → speed-up %.2f× (end to end %.2f×)\n' \
  "$ms1" "$(rate "$ms1")" "$mt1" "$ms2" "$(rate "$ms2")" "$mt2" "$(echo "$ms1 / $ms2" | bc -l)" "$(echo "$mt1 / $mt2" | bc -l)"
printf 'spark vs convert, conversion only: 1 executor %.2f× convert -c 1; 2 executors %.2f× convert -c 2\n' \
  "$(echo "$ms1 / $mc1" | bc -l)" "$(echo "$ms2 / $mc2" | bc -l)"
echo "files of convert: $same byte-identical in the Spark run, $nearonly identical but for convert's possibleDuplicates, $differ differing"

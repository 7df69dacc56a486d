#!/usr/bin/env bash
# Builds the release `ingest` the way users get it (scripts/install.sh and every bench/ script call
# this, so measured and shipped binaries are the same):
#  - the Swift runtime and Foundation linked statically: a process starts in ~10 ms instead of
#    ~80 ms (94 shared libraries to load and relocate otherwise), which matters when ingest runs
#    per file;
#  - linked by lld with packed relative relocations (DT_RELR, glibc ≥ 2.36): 1.9 MB of relocation
#    records shrink to 15 KB, no longer read at every start;
#  - every function in its own section (-function-sections), laid out in the order of
#    scripts/link-order.txt (those a typical run executes,
#    written by scripts/profile-link-order.sh), so the code a run touches sits on few pages:
#    ≈3.5 MB less resident memory for every process.
# Falls back to the toolchain's default linker when lld is missing.
set -euo pipefail
cd "$(dirname "$0")/.."
# DWARF 4 for the C objects: valgrind 3.19 (profile-link-order.sh's callgrind) gives up on DWARF 5.
flags=(-c release --product ingest --static-swift-stdlib -Xcc -gdwarf-4 -Xcxx -gdwarf-4)
toolchain_bin=$(dirname "$(readlink -f "$(command -v swift)")")
if [ -x "$toolchain_bin/ld.lld" ] || command -v ld.lld >/dev/null; then
  flags+=(-Xswiftc -use-ld=lld -Xlinker -z -Xlinker pack-relative-relocs -Xswiftc -Xfrontend -Xswiftc -function-sections)
  if [ -s scripts/link-order.txt ]; then
    flags+=(-Xlinker "--symbol-ordering-file=$(pwd)/scripts/link-order.txt" -Xlinker --no-warn-symbol-ordering)
  fi
else
  echo "build-release.sh: lld not found; linking with the default linker (larger memory floor)" >&2
fi
# SwiftPM does not see a change of the order file (the flags are the same): always relink (≈3 s).
rm -f .build/release/ingest
swift build "${flags[@]}" "$@"

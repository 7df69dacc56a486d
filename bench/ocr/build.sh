#!/usr/bin/env bash
# Builds the release `ingest` the OCR bench runs, and prints its path.
# OCR of PDFs needs the PDF extractor (it marks the pages to recognise). Until it is on this
# branch, the PDF module's branch (wip/pdf) is overlaid on a copy of this tree under bench/work/
# — nothing in the repository is changed.
set -euo pipefail
root="$(git -C "$(dirname "$0")" rev-parse --show-toplevel)"
cd "$root"
if grep -q 'PDFExtractor()' Sources/IngestPipeline/Registry+PDF.swift; then
  src="$root"
else
  src="$root/bench/work/ocr-integration"
  mkdir -p "$src"
  git ls-files -z | grep -zv '^bench/work/' | xargs -0 tar -cf - | tar -xf - -C "$src"
  if git rev-parse -q --verify wip/pdf >/dev/null; then
    base=$(git merge-base HEAD wip/pdf)
    for f in $( (git ls-tree -r --name-only wip/pdf -- Sources/IngestPDF Sources/IngestCore/Messages/Messages+PDF.swift Sources/IngestPipeline/Registry+PDF.swift;
                 git diff --name-only --diff-filter=A "$base" wip/pdf -- Sources) | sort -u); do
      [ "$f" = Sources/IngestPDF/PDFPageRenderer.swift ] && continue
      mkdir -p "$src/$(dirname "$f")"; git show "wip/pdf:$f" > "$src/$f"
    done
    echo "build.sh: PDF extractor taken from wip/pdf ($(git rev-parse --short wip/pdf))" >&2
  fi
fi
(cd "$src" && swift build -c release --product ingest >&2)
echo "$src/.build/release/ingest"

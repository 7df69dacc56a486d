#!/usr/bin/env bash
# Builds the release `ingest` the OCR bench runs (as scripts/install.sh does), and prints its path.
set -euo pipefail
root="$(git -C "$(dirname "$0")" rev-parse --show-toplevel)"
(cd "$root" && swift build -c release --product ingest --static-swift-stdlib >&2)
echo "$root/.build/release/ingest"

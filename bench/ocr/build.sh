#!/usr/bin/env bash
# Builds the release `ingest` the OCR bench runs (scripts/build-release.sh, as scripts/install.sh
# does), and prints its path.
set -euo pipefail
root="$(git -C "$(dirname "$0")" rev-parse --show-toplevel)"
(cd "$root" && scripts/build-release.sh >&2)
echo "$root/.build/release/ingest"

#!/usr/bin/env bash
# Installs what Ingest needs on Debian 12 (system packages through apt-get, with sudo when not
# root) and builds the `ingest` tool in release mode. Swift itself must already be installed.
# Safe to run again: apt-get skips what is there, and the build is incremental.
set -euo pipefail
cd "$(dirname "$0")/.."

# Libraries the package links against, their language data, and the tools the tests compare with.
packages=(
  pkg-config libstdc++-12-dev libgcc-12-dev libncurses6 libcurl4
  libpoppler-glib-dev libtesseract-dev libcurl4-openssl-dev
  tesseract-ocr-eng tesseract-ocr-fra tesseract-ocr-osd
  libheif-dev libtagc0-dev libtag1-dev zlib1g-dev libsqlite3-dev nettle-dev
  python3 python3-venv python3-jsonschema poppler-utils tesseract-ocr qpdf pandoc util-linux
  fonts-dejavu-core
)

sudo_cmd=()
if [ "$(id -u)" -ne 0 ]; then sudo_cmd=(sudo); fi

missing=()
for p in "${packages[@]}"; do
  dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || missing+=("$p")
done
if [ "${#missing[@]}" -gt 0 ]; then
  echo "install.sh: installing ${missing[*]}" >&2
  "${sudo_cmd[@]}" apt-get update -qq
  DEBIAN_FRONTEND=noninteractive "${sudo_cmd[@]}" apt-get install -y -qq --no-install-recommends "${missing[@]}" >&2
fi

# Python tools for the tests (the corpus comparisons use shared/tools/textdiff.py, which wants
# rapidfuzz; Debian has no package for it): a venv that also sees Debian's python3-jsonschema.
venv=.build/tools-venv
if ! "$venv/bin/python3" -c "import rapidfuzz, jsonschema" 2>/dev/null; then
  /usr/bin/python3 -m venv --system-site-packages "$venv" >&2
  "$venv/bin/pip" install -q rapidfuzz >&2
fi

# Release build: static Swift runtime, lld, packed relocations, hot functions together (see the script).
scripts/build-release.sh >&2
echo "install.sh: built $(pwd)/.build/release/ingest" >&2

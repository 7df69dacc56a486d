#!/usr/bin/env bash
# make-samples.sh — regenerates the sample corpus in samples/ and its expected texts in
# qa/samples-expected/ (plus qa/samples.manifest.json) from the texts the project owns in
# qa/samples-source/ (described by qa/samples-source/samples.json; see qa/README.md).
#
#   scripts/make-samples.sh            # then: .build/release/ingest convert samples --out out/samples
#
# What it makes (every text is ours; no file is downloaded):
#   cours-ondes-sonores.pdf        born-digital PDF: LibreOffice from a generated flat ODT (.fodt),
#                                  A5, 3 pages (one chapter a page), two columns, running header
#                                  and page-number footer, metadata, bookmarks from the headings
#   fiche-fonctions-affines.pdf    scanned page: the .fodt's PDF rendered by pdftoppm at 200 dpi
#                                  gray, turned 0.6°, blurred, grey paper, seeded noise, JPEG,
#                                  wrapped as an image-only PDF by img2pdf
#   IMG_20241015_101512.jpg        phone photo (English page): rendered at 180 dpi, paper tint,
#                                  perspective, uneven light, seeded noise; pixels stored turned
#                                  90° counter-clockwise with EXIF Orientation 6 (exiftool), so it
#                                  reads right only when the orientation is honoured
#   tableau-1.jpg … tableau-3.jpg  three photos of one lesson (same stem, numbered): one document
#   cours-roman-realiste.docx      LibreOffice from .fodt: headings, bulleted and numbered lists,
#                                  a table, two footnotes, core properties
#   lecon-volcans.mp3 + .srt       espeak-ng speech, one cue a sentence, joined with fixed silences
#                                  (the .srt is timed on the real audio); MP3 by lame, 16 kbit/s,
#                                  ID3v2 title, artist, album, year, comment, genre
#   La digestion expliquée simplement [k3Rm9XwQp2E].info.json + .fr.vtt
#                                  a yt-dlp download's metadata and its manual French captions
#   la-cellule.lesson/             a lesson of three sources (a folder NAME.lesson is one lesson):
#                                  a Markdown course, a glossary, a video's .srt, copied as they are
#   photosynthese.md, cours-histoire.srt, the-water-cycle.txt, and « révision - copie du chapitre
#   photosynthèse.txt » (photosynthese.md in UTF-16LE with a BOM: a duplicate) — copied from
#   qa/samples-source/.
# And, outside samples/ so that the README's first command ends with 0, the README's second
# example: examples/pas-pret/note-courte.txt (not ready: too short), copied from qa/samples-source/.
#
# Reproducibility: times come from samples.json's "epoch" (SOURCE_DATE_EPOCH, EXIF dates, ID3
# year, img2pdf dates, file modification times), noise from fixed ImageMagick seeds (one thread,
# so the noise does not depend on scheduling). Byte-identical from run to run, with the same
# Debian packages: the text samples, the .srt/.vtt/.info.json, the expected texts, the manifest,
# the JPEG photos, the scanned PDF and the MP3 (LibreOffice is used only to lay the pages out; the
# images are what is shipped). Not byte-identical: cours-ondes-sonores.pdf (LibreOffice writes the
# current time and a random /ID) and cours-roman-realiste.docx (ZIP entry times; its word/*.xml
# parts are identical); their text and layout are the same each run. Another LibreOffice,
# ImageMagick, lame or espeak-ng version may give other bytes (and, for the OCR samples, slightly
# other OCR results); the expected texts never change, since they come from the source texts alone.
#
# Needs Debian 12 packages, installed with apt-get (sudo when not root) when missing:
# libreoffice-writer-nogui, imagemagick, libimage-exiftool-perl, espeak-ng, lame, img2pdf,
# poppler-utils, fonts-dejavu-core, python3. LibreOffice runs twice (all PDFs in one process, then
# the .docx), one conversion at a time. Intermediates go to .build-scratch/samples/work (ignored by
# git; $SAMPLES_WORK overrides).
# shellcheck disable=SC2154  # the S_* settings are assigned by load_vars (eval of samplegen.py vars)
set -euo pipefail

ROOT=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
SRC=$ROOT/qa/samples-source
SAMPLES=$ROOT/samples
EXPECTED=$ROOT/qa/samples-expected
MANIFEST=$ROOT/qa/samples.manifest.json
WORK=${SAMPLES_WORK:-$ROOT/.build-scratch/samples/work}
GEN=$ROOT/qa/samplegen.py

log() { printf 'make-samples: %s\n' "$*" >&2; }
die() { log "$*"; exit 1; }

# ------------------------------------------------------------------ tools
install_missing() {
    local missing=() tool pkg
    # tool:package
    for pair in python3:python3 soffice:libreoffice-writer-nogui identify:imagemagick \
                exiftool:libimage-exiftool-perl espeak-ng:espeak-ng lame:lame img2pdf:img2pdf \
                pdftoppm:poppler-utils; do
        tool=${pair%%:*}; pkg=${pair#*:}
        command -v "$tool" >/dev/null 2>&1 || missing+=("$pkg")
    done
    [ -e /usr/share/fonts/truetype/dejavu/DejaVuSans.ttf ] && [ -e /usr/share/fonts/truetype/dejavu/DejaVuSerif.ttf ] \
        || missing+=(fonts-dejavu-core)
    [ ${#missing[@]} -eq 0 ] && return 0
    log "installing ${missing[*]}"
    local sudo=()
    [ "$(id -u)" -eq 0 ] || sudo=(sudo)
    "${sudo[@]}" env DEBIAN_FRONTEND=noninteractive apt-get update -qq
    "${sudo[@]}" env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends "${missing[@]}" >/dev/null
}
install_missing
# ImageMagick's own convert (the one beside identify), not another program of that name earlier
# in PATH.
IM=$(dirname "$(command -v identify)")/convert
[ -x "$IM" ] || die "no ImageMagick convert beside $(command -v identify)"

export SOURCE_DATE_EPOCH
SOURCE_DATE_EPOCH=$(python3 -c 'import json,sys; print(json.load(open(sys.argv[1]))["epoch"])' "$SRC/samples.json")
export TZ=UTC LC_ALL=C.UTF-8 MAGICK_THREAD_LIMIT=1 OMP_NUM_THREADS=1
STAMP=$(date -u -d "@$SOURCE_DATE_EPOCH" +%Y-%m-%dT%H:%M:%S)

rm -rf "$WORK" "$EXPECTED"
mkdir -p "$WORK/pdf" "$WORK/docx" "$SAMPLES" "$EXPECTED"

# ------------------------------------------------------------------ text side
# .fodt files, cue lists, the text samples, the yt-dlp files and every expected text.
python3 "$GEN" prepare "$SRC" "$WORK" "$SAMPLES" "$EXPECTED"

names_of() {   # names of the samples made by $1
    python3 "$GEN" list "$SRC" | awk -F'\t' -v m="$1" '$2 == m { print $1 }'
}

soffice_convert() {   # FILTER OUTDIR FILE... — one LibreOffice process, files one after another
    local filter=$1 outdir=$2; shift 2
    soffice -env:UserInstallation="file://$WORK/lo-profile" --headless --norestore --nolockcheck \
        --convert-to "$filter" --outdir "$outdir" "$@" >"$WORK/soffice.log" 2>&1 \
        || { cat "$WORK/soffice.log" >&2; die "LibreOffice failed"; }
}

fodts=()
for make in pdf scan photo photos; do
    while IFS= read -r n; do fodts+=("$WORK/$n.fodt"); done < <(names_of "$make")
done
log "LibreOffice: ${#fodts[@]} PDF(s)"
soffice_convert 'pdf:writer_pdf_Export:{"ExportBookmarks":{"type":"boolean","value":"true"},"ExportNotes":{"type":"boolean","value":"false"}}' \
    "$WORK/pdf" "${fodts[@]}"
docx=()
while IFS= read -r n; do docx+=("$WORK/$n.fodt"); done < <(names_of docx)
if [ ${#docx[@]} -gt 0 ]; then
    log "LibreOffice: ${#docx[@]} .docx"
    soffice_convert 'docx:MS Word 2007 XML' "$WORK/docx" "${docx[@]}"
fi

load_vars() {   # sets S_* for sample $1
    unset "${!S_@}" 2>/dev/null || true
    eval "$(python3 "$GEN" vars "$SRC" "$1")"
}

# ------------------------------------------------------------------ born-digital PDF, .docx
while IFS= read -r n; do
    load_vars "$n"
    [ -s "$WORK/pdf/$n.pdf" ] || die "LibreOffice made no $n.pdf (see $WORK/soffice.log)"
    cp "$WORK/pdf/$n.pdf" "$SAMPLES/$S_output"
done < <(names_of pdf)
while IFS= read -r n; do
    load_vars "$n"
    [ -s "$WORK/docx/$n.docx" ] || die "LibreOffice made no $n.docx (see $WORK/soffice.log)"
    cp "$WORK/docx/$n.docx" "$SAMPLES/$S_output"
done < <(names_of docx)

# ------------------------------------------------------------------ scanned PDF
while IFS= read -r n; do
    load_vars "$n"
    log "scan: $S_output"
    pdftoppm -r "$S_dpi" -gray -png -singlefile "$WORK/pdf/$n.pdf" "$WORK/$n-page"
    # Skewed, slightly soft, grey paper, sensor noise and a few specks: what a flatbed gives.
    "$IM" -limit thread 1 "$WORK/$n-page.png" -background white -virtual-pixel white \
        -distort SRT "$S_skewDegrees" -blur 0x0.7 +level 4%,93% \
        -seed "$S_seed" -attenuate "$S_noise" +noise Gaussian -attenuate 0.04 +noise Impulse \
        -colorspace Gray -strip -density "$S_dpi" -units PixelsPerInch -quality 55 "$WORK/$n-scan.jpg"
    img2pdf --engine internal --creationdate "$STAMP" --moddate "$STAMP" --producer "Ingest make-samples (img2pdf)" \
        ${S_title:+--title "$S_title"} ${S_author:+--author "$S_author"} \
        -o "$SAMPLES/$S_output" "$WORK/$n-scan.jpg"
done < <(names_of scan)

# ------------------------------------------------------------------ photos
# photograph IN.png OUT.jpg SEED [PAPER DESK SHIFT] — paper tint, a border of paper, a slight
# perspective on a desk (about 1°, the corners moved by SHIFT pixels from one photo to the next),
# light falling off towards one corner, noise, a little blur.
photograph() {
    local in=$1 out=$2 seed=$3 paper=${4:-'#f1ebdd'} desk=${5:-'#4e4438'} d=${6:-0}
    "$IM" -limit thread 1 "$in" \( +clone -fill "$paper" -colorize 100 \) -compose multiply -composite \
        -bordercolor "$paper" -border 24 \
        -background "$desk" -virtual-pixel background \
        +distort Perspective "0,0 $((40 + d)),45  %[fx:w],0 %[fx:w+20],$((25 - d))  0,%[fx:h] 25,%[fx:h+$((50 + d))]  %[fx:w],%[fx:h] %[fx:w+$((40 - d))],%[fx:h+35]" \
        \( +clone -sparse-color Barycentric '0,0 white %[fx:w],%[fx:h] gray62' \) -compose multiply -composite \
        -seed "$seed" -attenuate 0.35 +noise Gaussian -blur 0x0.7 -strip -quality 82 "$out"
}
exif() {   # FILE ORIENTATION MAKE MODEL DATETIME
    exiftool -q -overwrite_original -n -Orientation="$2" -Make="$3" -Model="$4" \
        -DateTimeOriginal="$5" -CreateDate="$5" -ModifyDate="$5" -Software="make-samples" "$1"
}
while IFS= read -r n; do
    load_vars "$n"
    log "photo: $S_output (EXIF Orientation $S_orientation)"
    pdftoppm -r "$S_dpi" -png -singlefile "$WORK/pdf/$n.pdf" "$WORK/$n-page"
    photograph "$WORK/$n-page.png" "$WORK/$n-upright.jpg" "$S_seed"
    # Stored as the phone's sensor saw it; the tag tells viewers how to turn it back.
    case "$S_orientation" in
        1) rotate=0 ;; 3) rotate=180 ;; 6) rotate=-90 ;; 8) rotate=90 ;;
        *) die "$n: orientation $S_orientation not made here (1, 3, 6, 8)" ;;
    esac
    "$IM" -limit thread 1 "$WORK/$n-upright.jpg" -rotate "$rotate" -strip -quality 82 "$SAMPLES/$S_output"
    exif "$SAMPLES/$S_output" "$S_orientation" "$S_exif_Make" "$S_exif_Model" "$S_exif_DateTimeOriginal"
done < <(names_of photo)
while IFS= read -r n; do
    load_vars "$n"
    pages=$(cat "$WORK/$n.pages")
    log "photos: $n, $pages pages"
    for ((i = 1; i <= pages; i++)); do
        page=$WORK/$n-page-$i
        pdftoppm -r "$S_dpi" -png -f "$i" -l "$i" -singlefile "$WORK/pdf/$n.pdf" "$page"
        page=$page.png
        out=$SAMPLES/${S_output//\{n\}/$i}
        # A whiteboard photographed from slightly different places.
        photograph "$page" "$out" $((S_seed + i)) '#f4f6f7' '#7d8287' $((i * 6 - 12))
        exif "$out" 1 "$S_exif_Make" "$S_exif_Model" "${S_exif_DateTimeOriginal//\{n\}/$i}"
    done
done < <(names_of photos)

# ------------------------------------------------------------------ audio
while IFS= read -r n; do
    load_vars "$n"
    log "audio: $S_output + $S_transcript"
    i=0
    while IFS= read -r cue; do
        i=$((i + 1))
        espeak-ng -v "$S_voice" -s "$S_wordsPerMinute" -w "$WORK/$n-cue-$i.wav" -- "$cue"
    done < "$WORK/$n.cues"
    python3 "$GEN" audio "$SRC" "$WORK" "$n" "$SAMPLES"
    lame --quiet -m m -b 16 --resample 16 --id3v2-only \
        --tt "$S_tags_title" --ta "$S_tags_artist" --tl "$S_tags_album" --ty "$S_tags_year" \
        --tc "$S_tags_comment" --tg "$S_tags_genre" "$WORK/$n.wav" "$SAMPLES/$S_output"
done < <(names_of audio)

# ------------------------------------------------------------------ the not-ready example
mkdir -p "$ROOT/examples/pas-pret"
cp "$SRC/note-courte.txt" "$ROOT/examples/pas-pret/note-courte.txt"
touch -d "@$SOURCE_DATE_EPOCH" "$ROOT/examples/pas-pret/note-courte.txt"

# ------------------------------------------------------------------ manifest, dates, summary
python3 "$GEN" manifest "$SRC" "$EXPECTED" "$MANIFEST"
find "$SAMPLES" "$EXPECTED" "$MANIFEST" -type f -exec touch -d "@$SOURCE_DATE_EPOCH" {} +

total=$(du -cb "$SAMPLES"/* | tail -n1 | cut -f1)
log "samples/: $(find "$SAMPLES" -type f | wc -l) files, $total bytes; expected texts in qa/samples-expected/"
[ "$total" -lt 3000000 ] || log "warning: samples/ is over 3 MB"

#!/usr/bin/env bash
# Installs what Ingest needs on Debian 12 (system packages through apt-get, with sudo when not
# root) and builds the `ingest` tool in release mode. Swift itself must already be installed.
#
#   scripts/install.sh           what the tool needs to build and run: libraries, OCR language
#                                data, the word lists of `ingest qa`; then the release build
#   scripts/install.sh --tests   the same, plus every tool a test compares with or drives
#                                (what `swift test` needs for no test to skip; CI runs this)
#
# Safe to run again: packages already installed are not asked for (apt-get update runs only when
# something is missing), the tools venv is made once, and the build is incremental.
set -euo pipefail
cd "$(dirname "$0")/.."

tests=false
case "${1:-}" in
  "") ;;
  --tests) tests=true ;;
  -h|--help) sed -n '2,11s/^# \{0,1\}//p' "$0"; exit 0 ;;
  *) echo "install.sh: unknown argument '$1' (usage: scripts/install.sh [--tests])" >&2; exit 2 ;;
esac

# The main job: building with Swift, the libraries ingest links or opens on first use (their -dev
# packages bring the headers and the libraries), the data they read at run time.
main_packages=(
  # What the package build uses beside the Swift toolchain (C and C++ headers, crt objects).
  pkg-config libc6-dev libstdc++-12-dev libgcc-12-dev libncurses6 libcurl4
  # PDF (poppler-glib, and poppler's own C++ headers for CPopplerFonts and CPopplerPaths), OCR (tesseract + leptonica), HEIC (libheif), audio tags (TagLib), HTTP
  # (libcurl), ZIP (zlib), the library (SQLite), digests (nettle).
  libpoppler-glib-dev libpoppler-private-dev libtesseract-dev libheif-dev libtagc0-dev libtag1-dev libcurl4-openssl-dev
  zlib1g-dev libsqlite3-dev nettle-dev
  # Tesseract's language data: French, English, orientation and script detection.
  tesseract-ocr-eng tesseract-ocr-fra tesseract-ocr-osd
  # Doubtful words of OCR'd and auto-caption text: hunspell (opened on first use) and its
  # French and English (American, British) dictionaries (/usr/share/hunspell).
  libhunspell-dev hunspell-fr hunspell-en-us hunspell-en-gb
  # The dictionaries `ingest qa` counts words and lost accents with (/usr/share/dict).
  wfrench wamerican wbritish
  # Parts of speech of English words for the study sheet's definitions (WordNet: /usr/share/wordnet/index.*,
  # IngestStudySheet/Lexicon.swift; French ones come from hunspell-fr's fr.dic above). Without it, the rules that
  # need them abstain (LexiconTests.testWithoutTheDictionariesTheRecogniserIsWhatItWas).
  wordnet-base
)

# Test-only tools: each is named by the tests that need it (they fail under CI=true without it).
test_packages=(
  python3 python3-venv   # test servers, fixtures, tools/validate_json.py, the tools venv below,
                         # HostileCorpusTests: Tests/Hostile/make_hostile.py and measure.py (stdlib only),
                         # LanguagePurityTests: a .docx rewritten by zipfile
  python3-jsonschema     # validateWithJSONSchema (the JSON schemas in schemas/)
  poppler-utils          # pdftotext (PDF CorpusQuality, LibreOfficeQuality), pdftoppm (CompanionFiles)
  pandoc                 # Office CorpusQualityTests: .docx read by pandoc, and made by it
  libreoffice-writer-nogui  # LibreOfficeQualityTests: soffice --headless --convert-to pdf
  fonts-dejavu-core      # OCR test pages typeset with cairo in DejaVu Serif; fonts for LibreOffice
  fonts-urw-base35       # ImageMagick's default font (Helvetica: -annotate fails without it) and LibreOffice's Times New
                         # Roman (set in Nimbus Roman; else DejaVu Serif, and other line breaks than IngestFidelityTests'
                         # golden files); no fonts-liberation2, which LibreOffice would take instead
  fonts-arphic-uming     # OrientedRecognitionTests: a Chinese page typeset with cairo in AR PL UMing (fc-list)
  imagemagick            # ImageExtractorTests.testCMYKJPEGIsRead: convert -colorspace CMYK; photos drawn by convert
                         # in BrowserLayoutTests (a 3-photo lesson) and StudySheetTests (English and French photos)
  webp                   # ImageFormatFidelityTests: cwebp/img2webp (transparent, EXIF-oriented and animated WebP)
  libimage-exiftool-perl # ImageFormatFidelityTests: exiftool writes EXIF/XMP orientation into JPEG, PNG, WebP
  libheif-examples       # ImageFormatFidelityTests: heif-enc makes the HEIC (then given the mif1 major brand)
  libtiff-tools          # ImageFormatFidelityTests: tiffcp -t / -p separate / -8 (tiled, planar, BigTIFF)
  python3-pil            # ImageFormatFidelityTests: Pillow writes alpha PNG/TIFF, APNG, RLE4 BMP and opens each file
  tesseract-ocr          # ImageExtractorTests.testTextEqualsTesseractCommand: the tesseract CLI
  binutils               # LinkageTests: readelf -d
  util-linux             # ConvertCommandTests, LanguagePurityTests: setpriv (a real EACCES when run as root)
  coreutils              # SHA256DigestTests: sha256sum
  sox                    # ShortDuplicateTests: recordings without text made at test time; ToolMadeFileTests.testOggFLAC
  ffmpeg flac            # ToolMadeFileTests (IngestAudio): recordings made at test time, then given each defect
  libheif-examples       # SniffAudioAndHEIFTests.testHEICMadeByHeifEnc: heif-enc
  python3-mutagen        # bench/audio_corpus.sh: the peer reader of the audio corpus (bench/RESULTS.md, issue 33)
  libc6                  # TesseractEngineTests: glibc's malloc checker, libc_malloc_debug.so.0
  chromium chromium-driver python3-selenium  # BrowserReportTests: the HTML report in headless Chromium
                         # (BrowserLayoutTests: chromium alone, --dump-dom and --screenshot at 1,000 and 2,000 px)
  texlive-latex-base texlive-latex-recommended texlive-fonts-recommended texlive-lang-french lmodern
                         # RunningHeaderFidelityTests: PDFs typeset by pdflatex (fancyhdr, babel french)
  img2pdf                # RunningHeaderFidelityTests: 300-dpi page images back into image-only PDFs;
                         # BrowserLayoutTests: a 2-page scan in the QA report
  python3-pypdf qpdf     # FormFieldTests: Writer forms filled by pypdf, appearances made by qpdf; FreeText comments
  pv rsync               # WatchOutboxTests, WatchPDFWritersTests: real slow writers into a watched inbox (pv -L, rsync --inplace --bwlimit)
  openjdk-17-jre-headless  # SparkWorkerTests: Apache Spark (PySpark, below) runs ingest worker on two executors
  texlive-latex-base         # IngestFidelityTests: the Fidelity/*.tex sources through pdflatex
  texlive-latex-recommended  # IngestFidelityTests: booktabs, lmodern's LaTeX side, hyperref's outline
  texlive-latex-extra        # IngestFidelityTests: fancyhdr (running header and page-number footer); PDFTablesTests: multirow;
                             # DefinitionRealPagesTests: mylatexformat (each preamble made a format once per run)
  texlive-fonts-recommended  # IngestFidelityTests: TS1 symbols (×, superscripts) in pdflatex
  texlive-lang-french        # IngestFidelityTests: babel French (hyphenation patterns, typography)
  lmodern                    # IngestFidelityTests: Latin Modern Type 1 fonts for the LaTeX PDFs
  libreoffice-impress-nogui  # IngestFidelityTests: soffice --convert-to odp (pandoc's .pptx decks)
  libreoffice-math-nogui     # FormulaFidelityTests, ScriptPositionTests: soffice keeps Word equations (as formula objects) converting .docx to .odt
  img2pdf                    # IngestFidelityTests: 300-dpi page scans into an image-only PDF
  yt-dlp                     # YtDlpCommandTests: the yt-dlp command Ingest prints, run on a saved .info.json
  texlive-pictures           # FiguresTests: TikZ drawings (figures made of paths) through pdflatex
  openssl                    # SignatureAppearanceTests: the signer's self-signed certificate (pyHanko, below, signs with it)
)

packages=("${main_packages[@]}")
if $tests; then packages+=("${test_packages[@]}"); fi

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

if $tests; then
  # rapidfuzz for shared/tools/textdiff.py (PDF CorpusQuality, LibreOfficeQuality, TextDiffParity;
  # Debian has no package for it): a venv that also sees Debian's python3-jsonschema and selenium.
  venv=.build/tools-venv
  # python-pptx (not in Debian 12) writes the charts, alt texts and footers of IngestOfficeTests' decks.
  # pyHanko (not in Debian 12) signs SignatureAppearanceTests' PDFs with a visible appearance.
  if ! "$venv/bin/python3" -c "import rapidfuzz, jsonschema, selenium, pptx, pyhanko.sign" 2>/dev/null; then
    /usr/bin/python3 -m venv --system-site-packages "$venv" >&2
    "$venv/bin/pip" install -q --disable-pip-version-check rapidfuzz python-pptx 'pyHanko==0.38.0' >&2
  fi
  # PySpark for SparkWorkerTests (tools/spark_ingest.py in local-cluster mode): a venv of its own,
  # ~360 MB (Spark's jars), so the tools venv stays small.
  spark_venv=.build/spark-venv
  if ! "$spark_venv/bin/python3" -c "import pyspark" 2>/dev/null; then
    /usr/bin/python3 -m venv "$spark_venv" >&2
    "$spark_venv/bin/pip" install -q --disable-pip-version-check 'pyspark>=3.5,<3.6' >&2
  fi
fi

# Release build: static Swift runtime, lld, packed relocations, hot functions together (see the script).
scripts/build-release.sh >&2
echo "install.sh: built $(pwd)/.build/release/ingest" >&2

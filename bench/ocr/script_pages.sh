#!/bin/bash
# Session 24 (SCRIPT): pages of few marks for OrientedRecognition's script naming (ScriptEvidence).
# usage: bench/ocr/script_pages.sh DIR            makes the pages (A4, 300 dpi PNG, ImageMagick) in DIR
#        bench/ocr/script_pages.sh DIR BIN OUT    then converts each page alone with BIN, one line a page:
#        name, [(leftOut, script, ocrConfidence)], text (set S24TRACE for a binary that prints the detector)
# Real writing: Chinese (AR PL UMing), Arabic, Cyrillic, Greek, Hebrew, Hangul lines 10-96 pt, clean and
# noisy; Cyrillic/Greek capitals; two-line pages. Junk: Latin capitals in a one-pixel-stroke font (DejaVu
# Sans Mono 11 px without antialiasing, enlarged 8-24x pixel for pixel, as pdf.js's jbig2_symbol_offset.pdf).
set -e
DIR=$1; mkdir -p "$DIR"; cd "$DIR"
UM=$(fc-list | grep -i "uming" | head -1 | cut -d: -f1)
DF=$(fc-list | grep -i "DroidSansFallback" | head -1 | cut -d: -f1)
DJ=/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf
DJS=/usr/share/fonts/truetype/dejavu/DejaVuSerif.ttf
DJM=/usr/share/fonts/truetype/dejavu/DejaVuSansMono.ttf
i=0
mk() { i=$((i+1)); convert -size 2480x3508 xc:white -font "$1" -pointsize $2 -density 300 -gravity North -annotate +0+600 "$3" -units PixelsPerInch -density 300 -depth 8 -colorspace gray "$(printf %03d $i)-$4-$2.png"; }
mkn() { i=$((i+1)); convert -size 2480x3508 xc:gray85 -font "$1" -pointsize $2 -density 300 -fill gray15 -gravity North -annotate +0+600 "$3" -seed 7 -attenuate 0.6 +noise Gaussian -units PixelsPerInch -density 300 -depth 8 -colorspace gray "$(printf %03d $i)-$4-noisy-$2.png"; }
px() { i=$((i+1)); local o=$(printf %03d $i)-px-$3-$2.png t=$(mktemp -d)
  convert -size 400x20 xc:white -font "$4" -pointsize 11 +antialias -annotate +2+14 "$1" -trim +repage -bordercolor white -border 2 -threshold 50% $t/s.png
  convert $t/s.png -filter point -resize $((100*$2))% $t/b.png
  convert -size 2480x3508 xc:white $t/b.png -gravity North -geometry +0+600 -composite -units PixelsPerInch -density 300 -depth 8 -colorspace gray $o
  rm -r $t; }
for p in 10 12 14 24 48 72; do
  mk $UM $p "第二章 化学反应" zh-line; mk $DJ $p "مرحبا بكم في الدرس" ar-line; mk $DJ $p "Глава вторая" ru-line; mk $DJ $p "Κεφάλαιο δεύτερο" el-line
done
for p in 12 24; do
  mk $UM $p "$(printf '光合作用是植物利用光能把二氧化碳和水转化为有机物\n并释放氧气的过程这是地球上生命的重要基础')" zh-para
  mk $DJ $p "$(printf 'هذا نص باللغة العربية لاختبار التعرف\nالدرس الأول في الرياضيات والعلوم')" ar-para
  mk $DJ $p "$(printf 'Первый урок математики и естественных наук.\nМосква является столицей России.')" ru-para
done
mk $UM 36 "化学" zh-2; mk $UM 36 "水" zh-1; mk $DJ 36 "Да" ru-2; mk $DJ 36 "نعم" ar-3
for p in 12 24 48; do
  mk $DJ $p "ГЛАВА ВТОРАЯ" rucaps; mk $DJ $p "ΚΕΦΑΛΑΙΟ ΔΕΥΤΕΡΟ" elcaps; mk $DJ $p "שלום לכולם" he; mk $DF $p "제 2 장 화학 반응" ko
  mk $DJS $p "Глава вторая: химия" ru-serif; mk $DJ $p "الفصل الثاني" ar2
  mkn $DJ $p "Глава вторая" ru; mkn $DJ $p "مرحبا بكم في الدرس" ar; mkn $DJ $p "Κεφάλαιο δεύτερο" el
done
mk $DJ 96 "مرحبا بكم" ar-96; mk $DJ 96 "Привет" ru-96
mk $DJ 14 "$(printf 'Глава 2\nХимия')" ru-2l; mk $DJ 14 "$(printf 'الفصل 2\nالكيمياء')" ar-2l
for s in 8 12 16 24; do px "JBIG2 TEXT" $s jbig2 $DJM; px "HELLO WORLD" $s hello $DJM; px "Chapitre 2" $s chap $DJM; px "Le cours de chimie" $s cours $DJM; done
for s in 10 16; do px "IMAGE 1" $s img $DJM; px "FIGURE 3" $s fig $DJM; px "TEST PAGE" $s test $DJM; px "OK" $s ok $DJM
  px "ГЛАВА" $s rupx $DJM; px "Глава вторая" $s rupx2 $DJM; px "abc xyz" $s lower $DJM; px "JBIG2 TEXT" $s jbsans $DJ; px "SYMBOL" $s sym $DJS; done
[ -n "$2" ] || exit 0
BIN=$2; OUT=$3; mkdir -p "$OUT"
for f in *.png; do b=${f%.png}; rm -rf "$OUT/$b"; mkdir -p "$OUT/$b"
  "$BIN" convert --library "$OUT/$b/lib.sqlite" "$f" --out "$OUT/$b" 2> "$OUT/$b/err" >/dev/null || true
  python3 - "$OUT/$b" "$b" <<'PY'
import json, sys, glob
d = sys.argv[1]; js = [p for p in glob.glob(d + '/*.json') if not p.endswith('summary.json')]
if not js: print(sys.argv[2], 'NOJSON'); sys.exit()
j = json.load(open(js[0])); s = j['sources'][0]
print(sys.argv[2], [(p.get('leftOut'), p.get('script'), p.get('ocrConfidence')) for p in s.get('pages') or []], repr(j.get('text', '')[:60]))
PY
done

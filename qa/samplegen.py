#!/usr/bin/env python3
"""Text side of scripts/make-samples.sh: reads qa/samples-source/samples.json and the source texts,
writes the flat ODT files LibreOffice turns into the PDF, the .docx and the pages that are
photographed or scanned, the subtitle and yt-dlp files, the expected texts and the manifest.

Standard library only. Subcommands (all paths absolute or relative to the current folder):

  prepare SOURCE_DIR WORK_DIR SAMPLES_DIR EXPECTED_DIR
      Writes WORK_DIR/NAME.fodt for every sample LibreOffice renders, WORK_DIR/NAME.cues (one cue
      text a line) for audio, the text samples and the yt-dlp files into SAMPLES_DIR, and
      EXPECTED_DIR/NAME.expected.txt for every document.
  list SOURCE_DIR
      Prints one line per sample: NAME, a tab, how it is made.
  vars SOURCE_DIR NAME
      Prints the sample's settings as shell assignments (S_make, S_output, S_seed, …) for `eval`.
  audio SOURCE_DIR WORK_DIR NAME SAMPLES_DIR
      Joins WORK_DIR/NAME-cue-N.wav (espeak-ng, one a cue) with fixed silences into
      WORK_DIR/NAME.wav and writes the transcript (.srt) beside the sample, timed on the real audio.
  manifest SOURCE_DIR EXPECTED_DIR MANIFEST
      Writes the manifest: one entry per document, readiness from SPEC §5 on the expected text.

The expected text of a document is what a perfect extractor gives as the ImportedDocument's `text`,
laid out as Ingest lays a text out (one block a paragraph, blank line between blocks; headings as
their plain text; list items with their marker; table rows as "cell | cell"; a .docx footnote
reference as "[n]" and the note "[n] text" after the body; running headers and footers and page
numbers left out). It is derived from the source text here, never from Ingest's output.
"""
import datetime
import json
import os
import re
import sys
import unicodedata
import wave
from xml.sax.saxutils import escape

NOT_READY_BELOW, SHORT_BELOW = 120, 1800   # SPEC §5 (pipeline.json defaults)


# ---------------------------------------------------------------- source texts

def load_spec(source_dir):
    with open(os.path.join(source_dir, "samples.json"), encoding="utf-8") as f:
        return json.load(f)


def sample(spec, name):
    for s in spec["samples"]:
        if s["name"] == name:
            return s
    sys.exit(f"samplegen: no sample named {name!r}")


def read(source_dir, name):
    with open(os.path.join(source_dir, name), encoding="utf-8") as f:
        return unicodedata.normalize("NFC", f.read())


def parse_markdown(text):
    """The small Markdown the sources use: #-headings, paragraphs, '-' and '1.' lists, pipe
    tables, footnotes ([^id] in the text, '[^id]: note' on a line), '<!-- page -->' and
    '<!-- column -->' breaks. Returns (blocks, notes): blocks are tuples ('h', level, text),
    ('p', text), ('ul', [items]), ('ol', [items]), ('table', rows), ('page',), ('column',)."""
    blocks, notes, para = [], {}, []

    def flush():
        if para:
            blocks.append(("p", " ".join(para)))
            para.clear()

    for raw in text.splitlines():
        line = raw.strip()
        if line == "<!-- page -->":
            flush(); blocks.append(("page",)); continue
        if line == "<!-- column -->":
            flush(); blocks.append(("column",)); continue
        m = re.match(r"\[\^(\w+)\]:\s*(.*)$", line)
        if m:
            flush(); notes[m.group(1)] = m.group(2); continue
        m = re.match(r"(#{1,6})\s+(.*)$", line)
        if m:
            flush(); blocks.append(("h", len(m.group(1)), m.group(2))); continue
        m = re.match(r"[-*]\s+(.*)$", line)
        if m:
            flush()
            if blocks and blocks[-1][0] == "ul": blocks[-1][1].append(m.group(1))
            else: blocks.append(("ul", [m.group(1)]))
            continue
        m = re.match(r"\d+\.\s+(.*)$", line)
        if m:
            flush()
            if blocks and blocks[-1][0] == "ol": blocks[-1][1].append(m.group(1))
            else: blocks.append(("ol", [m.group(1)]))
            continue
        if line.startswith("|"):
            flush()
            cells = [c.strip() for c in line.strip("|").split("|")]
            if all(re.fullmatch(r":?-{3,}:?", c) for c in cells): continue
            if blocks and blocks[-1][0] == "table": blocks[-1][1].append(cells)
            else: blocks.append(("table", [cells]))
            continue
        if not line:
            flush(); continue
        para.append(line)
    flush()
    return blocks, notes


def note_order(blocks):
    """Footnote ids in the order they are first referenced."""
    order = []
    def scan(t):
        for i in re.findall(r"\[\^(\w+)\]", t):
            if i not in order: order.append(i)
    for b in blocks:
        if b[0] in ("h", "p"): scan(b[-1])
        elif b[0] in ("ul", "ol"): [scan(t) for t in b[1]]
        elif b[0] == "table": [scan(c) for r in b[1] for c in r]
    return order


def expected_from_markdown(blocks, notes, bullet):
    """The document text a perfect extractor gives for these blocks (see the module doc)."""
    order = note_order(blocks)
    def refs(t):
        return re.sub(r"\[\^(\w+)\]", lambda m: f"[{order.index(m.group(1)) + 1}]", t)
    out = []
    for b in blocks:
        if b[0] in ("h", "p"): out.append(refs(b[-1]))
        elif b[0] == "ul": out += [f"{bullet} {refs(t)}" for t in b[1]]
        elif b[0] == "ol": out += [f"{i}. {refs(t)}" for i, t in enumerate(b[1], 1)]
        elif b[0] == "table": out.append("\n".join(" | ".join(refs(c) for c in r) for r in b[1]))
    out += [f"[{n}] {notes[i]}" for n, i in enumerate(order, 1) if i in notes]
    return "\n\n".join(out) + "\n"


def srt_cues(text):
    """Cue texts of a .srt file, lines of one cue joined by a space."""
    cues = []
    for chunk in re.split(r"\n\s*\n", text.replace("\r\n", "\n").strip()):
        lines = [l for l in chunk.split("\n") if l.strip()]
        while lines and (re.fullmatch(r"\d+", lines[0].strip()) or "-->" in lines[0]):
            lines.pop(0)
        if lines: cues.append(" ".join(l.strip() for l in lines))
    return cues


def sentences(text):
    return [l.strip() for l in text.splitlines() if l.strip()]


def wrap(text, width=42):
    """Subtitle lines of at most `width` characters, cut at spaces."""
    lines, line = [], ""
    for w in text.split():
        if line and len(line) + 1 + len(w) > width:
            lines.append(line); line = w
        else:
            line = f"{line} {w}" if line else w
    if line: lines.append(line)
    return lines


# ---------------------------------------------------------------- flat ODT

NS = ('xmlns:office="urn:oasis:names:tc:opendocument:xmlns:office:1.0" '
      'xmlns:style="urn:oasis:names:tc:opendocument:xmlns:style:1.0" '
      'xmlns:text="urn:oasis:names:tc:opendocument:xmlns:text:1.0" '
      'xmlns:table="urn:oasis:names:tc:opendocument:xmlns:table:1.0" '
      'xmlns:fo="urn:oasis:names:tc:opendocument:xmlns:xsl-fo-compatible:1.0" '
      'xmlns:svg="urn:oasis:names:tc:opendocument:xmlns:svg-compatible:1.0" '
      'xmlns:dc="http://purl.org/dc/elements/1.1/" '
      'xmlns:meta="urn:oasis:names:tc:opendocument:xmlns:meta:1.0"')


def fodt(s, blocks, notes, epoch):
    """A flat ODT for sample `s`. make=pdf: page header and footer, each level-1 heading on a new
    page followed by a section in `columns` columns (not balanced: '<!-- column -->' in the source
    starts the next column, so the layout does not hang on LibreOffice's balancing). make=docx: plain A4. make=scan,
    photo, photos: one column, a sans font for OCR, '<!-- page -->' as page breaks."""
    make = s["make"]
    lang, _, country = s.get("language", "fr-FR").partition("-")
    width, height = s.get("pageWidthCm", 21.0), s.get("pageHeightCm", 29.7)
    size = s.get("fontSizePt", 11)
    margin = {"pdf": 1.4, "photo": 1.5, "photos": 1.2}.get(make, 2.0)
    body_font = "DejaVu Serif" if make in ("pdf", "docx") else "DejaVu Sans"
    stamp = datetime.datetime.fromtimestamp(epoch, datetime.timezone.utc).strftime("%Y-%m-%dT%H:%M:%S")
    meta = ["<meta:generator>Ingest scripts/make-samples.sh</meta:generator>"]
    if s.get("title"): meta.append(f"<dc:title>{escape(s['title'])}</dc:title>")
    if s.get("author"):
        meta += [f"<meta:initial-creator>{escape(s['author'])}</meta:initial-creator>",
                 f"<dc:creator>{escape(s['author'])}</dc:creator>"]
    meta += [f"<meta:creation-date>{stamp}</meta:creation-date>", f"<dc:date>{stamp}</dc:date>",
             f"<dc:language>{lang}-{country}</dc:language>"]

    def heading_style(level, pt, before):
        brk = ' fo:break-before="page"' if make == "pdf" and level == 1 else ""
        return (f'<style:style style:name="Heading_20_{level}" style:display-name="Heading {level}" '
                f'style:family="paragraph" style:parent-style-name="Standard" style:next-style-name="Text_20_body" '
                f'style:default-outline-level="{level}" style:class="text">'
                f'<style:paragraph-properties fo:margin-top="{before}cm" fo:margin-bottom="0.2cm" '
                f'fo:keep-with-next="always"{brk}/>'
                f'<style:text-properties style:font-name="DejaVu Sans" fo:font-size="{pt}pt" fo:font-weight="bold"/>'
                f'</style:style>')

    styles = f"""
 <office:font-face-decls>
  <style:font-face style:name="DejaVu Serif" svg:font-family="'DejaVu Serif'" style:font-family-generic="roman"/>
  <style:font-face style:name="DejaVu Sans" svg:font-family="'DejaVu Sans'" style:font-family-generic="swiss"/>
 </office:font-face-decls>
 <office:styles>
  <style:default-style style:family="paragraph">
   <style:paragraph-properties fo:hyphenation-ladder-count="no-limit"/>
   <style:text-properties style:font-name="{body_font}" fo:font-size="{size}pt" fo:language="{lang}" fo:country="{country}" fo:hyphenate="false"/>
  </style:default-style>
  <style:style style:name="Standard" style:family="paragraph" style:class="text"/>
  <style:style style:name="Text_20_body" style:display-name="Text body" style:family="paragraph" style:parent-style-name="Standard" style:class="text">
   <style:paragraph-properties fo:margin-top="0cm" fo:margin-bottom="{0.25 if make == 'pdf' else 0.3}cm" fo:line-height="{'115' if make == 'pdf' else '125'}%"/>
  </style:style>
  <style:style style:name="List_20_Paragraph" style:display-name="List Paragraph" style:family="paragraph" style:parent-style-name="Text_20_body" style:class="text">
   <style:paragraph-properties fo:margin-bottom="0.1cm"/>
  </style:style>
  <style:style style:name="Table_20_Contents" style:display-name="Table Contents" style:family="paragraph" style:parent-style-name="Standard" style:class="extra"/>
  {heading_style(1, round(size * 1.45, 1), 0.0 if make == 'pdf' else 0.4)}
  {heading_style(2, round(size * 1.15, 1), 0.3)}
  {heading_style(3, size, 0.2)}
  <style:style style:name="Header" style:family="paragraph" style:parent-style-name="Standard" style:class="extra">
   <style:paragraph-properties fo:text-align="center" fo:border-bottom="0.5pt solid #808080" fo:padding-bottom="0.1cm"/>
   <style:text-properties style:font-name="DejaVu Sans" fo:font-size="8pt" fo:font-style="italic"/>
  </style:style>
  <style:style style:name="Footer" style:family="paragraph" style:parent-style-name="Standard" style:class="extra">
   <style:paragraph-properties fo:text-align="center"/>
   <style:text-properties style:font-name="DejaVu Sans" fo:font-size="8pt"/>
  </style:style>
  <style:style style:name="Footnote" style:family="paragraph" style:parent-style-name="Standard" style:class="extra">
   <style:paragraph-properties fo:margin-left="0.6cm" fo:text-indent="-0.6cm"/>
   <style:text-properties fo:font-size="9pt"/>
  </style:style>
  <text:list-style style:name="Bullets">
   <text:list-level-style-bullet text:level="1" text:bullet-char="•">
    <style:list-level-properties text:list-level-position-and-space-mode="label-alignment">
     <style:list-level-label-alignment text:label-followed-by="listtab" text:list-tab-stop-position="1.0cm" fo:text-indent="-0.5cm" fo:margin-left="1.0cm"/>
    </style:list-level-properties>
   </text:list-level-style-bullet>
  </text:list-style>
  <text:list-style style:name="Numbers">
   <text:list-level-style-number text:level="1" style:num-suffix="." style:num-format="1">
    <style:list-level-properties text:list-level-position-and-space-mode="label-alignment">
     <style:list-level-label-alignment text:label-followed-by="listtab" text:list-tab-stop-position="1.0cm" fo:text-indent="-0.5cm" fo:margin-left="1.0cm"/>
    </style:list-level-properties>
   </text:list-level-style-number>
  </text:list-style>
  <text:notes-configuration text:note-class="footnote" style:num-format="1" text:start-value="0" text:footnotes-position="page" text:start-numbering-at="document"/>
 </office:styles>
 <office:automatic-styles>
  <style:style style:name="Columns" style:family="section">
   <style:section-properties text:dont-balance-text-columns="true" style:editable="false">
    <style:columns fo:column-count="{s.get('columns', 1)}" fo:column-gap="0.6cm"/>
   </style:section-properties>
  </style:style>
  <style:style style:name="Grid" style:family="table">
   <style:table-properties style:width="{width - 2 * margin:.2f}cm" table:align="margins" fo:margin-top="0.2cm" fo:margin-bottom="0.3cm"/>
  </style:style>
  <style:style style:name="GridCell" style:family="table-cell">
   <style:table-cell-properties fo:padding="0.08cm" fo:border="0.5pt solid #000000"/>
  </style:style>
  <style:page-layout style:name="Page">
   <style:page-layout-properties fo:page-width="{width}cm" fo:page-height="{height}cm" style:print-orientation="{'landscape' if width > height else 'portrait'}" fo:margin-top="{margin}cm" fo:margin-bottom="{margin}cm" fo:margin-left="{margin}cm" fo:margin-right="{margin}cm"/>
   <style:header-style><style:header-footer-properties fo:min-height="0cm" fo:margin-bottom="0.4cm"/></style:header-style>
   <style:footer-style><style:header-footer-properties fo:min-height="0cm" fo:margin-top="0.4cm"/></style:footer-style>
  </style:page-layout>
  <style:style style:name="PageBreak" style:family="paragraph" style:parent-style-name="Heading_20_1">
   <style:paragraph-properties fo:break-before="page"/>
  </style:style>
  <style:style style:name="PageBreak2" style:family="paragraph" style:parent-style-name="Heading_20_2">
   <style:paragraph-properties fo:break-before="page"/>
  </style:style>
  <style:style style:name="ColumnBreak1" style:family="paragraph" style:parent-style-name="Heading_20_1">
   <style:paragraph-properties fo:break-before="column"/>
  </style:style>
  <style:style style:name="ColumnBreak2" style:family="paragraph" style:parent-style-name="Heading_20_2">
   <style:paragraph-properties fo:break-before="column"/>
  </style:style>
  <style:style style:name="PageBreakBody" style:family="paragraph" style:parent-style-name="Text_20_body">
   <style:paragraph-properties fo:break-before="page"/>
  </style:style>
 </office:automatic-styles>"""

    header = footer = ""
    if s.get("header"):
        header = f'<style:header><text:p text:style-name="Header">{escape(s["header"])}</text:p></style:header>'
    if s.get("footer"):
        left, _, right = s["footer"].partition("{page}")
        footer = (f'<style:footer><text:p text:style-name="Footer">{escape(left)}'
                  f'<text:page-number text:select-page="current">1</text:page-number>{escape(right)}</text:p></style:footer>')
    master = (f'<office:master-styles><style:master-page style:name="Standard" style:page-layout-name="Page">'
              f'{header}{footer}</style:master-page></office:master-styles>')

    order = note_order(blocks)
    def inline(t):
        out, pos = [], 0
        for m in re.finditer(r"\[\^(\w+)\]", t):
            out.append(escape(t[pos:m.start()]))
            n = order.index(m.group(1)) + 1
            out.append(f'<text:note text:id="ftn{n}" text:note-class="footnote"><text:note-citation>{n}</text:note-citation>'
                       f'<text:note-body><text:p text:style-name="Footnote">{escape(notes.get(m.group(1), ""))}</text:p>'
                       f'</text:note-body></text:note>')
            pos = m.end()
        out.append(escape(t[pos:]))
        return "".join(out)

    body, in_section, sections, page_next, column_next = [], False, 0, False, False
    for b in blocks:
        if b[0] == "page":
            page_next = True; continue
        if b[0] == "column":
            column_next = True; continue
        if make == "pdf" and b[0] == "h" and b[1] == 1 and in_section:
            body.append("</text:section>"); in_section = False
        if b[0] == "h":
            style = f"Heading_20_{b[1]}"
            if page_next: style = "PageBreak" if b[1] == 1 else "PageBreak2"
            if column_next: style = f"ColumnBreak{b[1]}"
            body.append(f'<text:h text:style-name="{style}" text:outline-level="{b[1]}">{inline(b[2])}</text:h>')
        elif b[0] == "p":
            style = "PageBreakBody" if page_next else "Text_20_body"
            body.append(f'<text:p text:style-name="{style}">{inline(b[1])}</text:p>')
        elif b[0] in ("ul", "ol"):
            items = "".join(f'<text:list-item><text:p text:style-name="List_20_Paragraph">{inline(t)}</text:p></text:list-item>'
                            for t in b[1])
            body.append(f'<text:list text:style-name="{"Bullets" if b[0] == "ul" else "Numbers"}">{items}</text:list>')
        elif b[0] == "table":
            cols = max(len(r) for r in b[1])
            def row(r):
                return "<table:table-row>" + "".join(
                    f'<table:table-cell table:style-name="GridCell" office:value-type="string">'
                    f'<text:p text:style-name="Table_20_Contents">{inline(c)}</text:p></table:table-cell>' for c in r) + "</table:table-row>"
            body.append(f'<table:table table:name="Tableau{len(body)}" table:style-name="Grid">'
                        f'<table:table-column table:number-columns-repeated="{cols}"/>'
                        f'<table:table-header-rows>{row(b[1][0])}</table:table-header-rows>'
                        + "".join(row(r) for r in b[1][1:]) + "</table:table>")
        page_next = column_next = False
        if make == "pdf" and b[0] == "h" and b[1] == 1 and s.get("columns", 1) > 1:
            sections += 1
            body.append(f'<text:section text:style-name="Columns" text:name="Chapitre{sections}">'); in_section = True
    if in_section: body.append("</text:section>")

    return (f'<?xml version="1.0" encoding="UTF-8"?>\n<office:document {NS} office:version="1.3" '
            f'office:mimetype="application/vnd.oasis.opendocument.text">\n <office:meta>{"".join(meta)}</office:meta>'
            f'{styles}\n {master}\n <office:body><office:text>\n' + "\n".join(body) + "\n</office:text></office:body>\n</office:document>\n")


# ---------------------------------------------------------------- yt-dlp files

def vtt_time(t):
    ms = int(round(t * 1000))
    return f"{ms // 3600000:02d}:{ms // 60000 % 60:02d}:{ms // 1000 % 60:02d}.{ms % 1000:03d}"


def srt_time(t):
    return vtt_time(t).replace(".", ",")


def youtube_files(s, text, samples_dir, epoch):
    """`TITLE [ID].info.json` and `TITLE [ID].LANG.vtt` as yt-dlp writes them (`--write-info-json
    --write-subs --sub-langs fr`) for a video whose captions were written by a person: the info
    keys in yt-dlp's order (id, title, formats first: a real file's `webpage_url` and `extractor`
    come several kilobytes in), a few formats, the caption track lists with their timedtext URLs.
    Cues have at most two 42-character lines, timed at 15 characters a second."""
    cues, t = [], 0.4
    for sentence in sentences(text):
        lines = wrap(sentence)
        for i in range(0, len(lines), 2):
            part = lines[i:i + 2]
            d = max(1.2, sum(len(l) for l in part) / 15.0)
            cues.append((t, t + d, part)); t += d + 0.08
    duration = int(t + 2.5)
    vid, lang = s["videoId"], s["captionLanguage"]
    base = f"{s['title']} [{vid}]"
    vtt = ["WEBVTT", "Kind: captions", f"Language: {lang}", ""]
    for a, b, lines in cues:
        vtt += [f"{vtt_time(a)} --> {vtt_time(b)}", *lines, ""]
    with open(os.path.join(samples_dir, f"{base}.{lang}.vtt"), "w", encoding="utf-8") as f:
        f.write("\n".join(vtt))

    api = (f"https://www.youtube.com/api/timedtext?v={vid}&ei=8kP4ZqvKJMqJp-oP4tGSsAU&opi=112496729&xoaf=5"
           f"&hl={lang}&ip=0.0.0.0&ipbits=0&expire=1729022400&sparams=ip,ipbits,expire,v,ei,opi,xoaf"
           f"&signature=5C1A2E4F8B3D7A9E0F6C2B1D4A3E5F7C9B8D0A1E.2F4E6A8C0B1D3F5A7C9E2B4D6F8A0C1E3B5D7F9A&key=yt8")
    def formats_of(extra, name):
        return [{"ext": e, "url": f"{api}{extra}&fmt={e}", "name": name} for e in ("json3", "srv1", "srv2", "srv3", "ttml", "vtt")]
    upload = s["uploadDate"]
    watch = f"https://www.youtube.com/watch?v={vid}"
    def media(itag, ext, mime, extra):
        return {"format_id": str(itag), "format_note": extra.pop("note"), "ext": ext, "protocol": "https",
                "url": (f"https://rr2---sn-25glen7y.googlevideo.com/videoplayback?expire=1729008000&ei=8kP4ZqvKJMqJp-oP4tGSsAU"
                        f"&ip=0.0.0.0&id=o-AJt1qC5bV9m3L0xQeR7yWkZ2dH8sFfN4uT6gPiA&itag={itag}&source=youtube&requiressl=yes"
                        f"&mime={mime.replace('/', '%2F')}&dur={duration}.000&lmt=1694509021114650&c=IOS&txp=5532434"
                        f"&sparams=expire,ei,ip,id,itag,source,requiressl,mime,dur,lmt&sig=AJfQdSswRQIhAOx3"),
                **extra}
    formats = [
        {"format_id": "sb0", "format_note": "storyboard", "ext": "mhtml", "protocol": "mhtml", "acodec": "none",
         "vcodec": "none", "url": f"https://i.ytimg.com/sb/{vid}/storyboard3_L3/M$M.jpg?sqp=-oaymwENSDfyq4qpAwVwAcABBqLzl_8DBgjY_9SoBg==",
         "width": 160, "height": 90, "fps": 0.5, "rows": 5, "columns": 5, "resolution": "160x90", "aspect_ratio": 1.78,
         "audio_ext": "none", "video_ext": "none", "format": "sb0 - 160x90 (storyboard)"},
        media(139, "m4a", "audio/mp4", {"note": "low", "acodec": "mp4a.40.5", "vcodec": "none", "abr": 48.8, "asr": 22050,
              "audio_channels": 2, "filesize": 574632, "language": s["language"], "format": "139 - audio only (low)"}),
        media(140, "m4a", "audio/mp4", {"note": "medium", "acodec": "mp4a.40.2", "vcodec": "none", "abr": 129.5, "asr": 44100,
              "audio_channels": 2, "filesize": 1524104, "language": s["language"], "format": "140 - audio only (medium)"}),
        media(18, "mp4", "video/mp4", {"note": "360p", "acodec": "mp4a.40.2", "vcodec": "avc1.42001E", "width": 640,
              "height": 360, "fps": 25, "tbr": 412.3, "filesize_approx": 4850112, "language": s["language"],
              "resolution": "640x360", "format": "18 - 640x360 (360p)"}),
    ]
    info = {
        "id": vid, "title": s["title"], "formats": formats,
        "thumbnails": [{"url": f"https://i.ytimg.com/vi/{vid}/hqdefault.jpg", "height": 360, "width": 480, "preference": -7, "id": "3"},
                       {"url": f"https://i.ytimg.com/vi/{vid}/maxresdefault.jpg", "height": 720, "width": 1280, "preference": -1, "id": "4"}],
        "thumbnail": f"https://i.ytimg.com/vi/{vid}/maxresdefault.jpg",
        "description": ("Comment les aliments deviennent-ils des nutriments ? De la bouche au gros intestin, "
                        "on suit le trajet d'une bouchée de pain.\n\n00:00 Introduction\n00:17 La bouche\n"
                        "00:32 L'estomac\n00:53 L'intestin grêle et l'absorption\n\n#SVT #collège #digestion"),
        "channel_id": s["channelId"], "channel_url": f"https://www.youtube.com/channel/{s['channelId']}",
        "duration": duration, "view_count": 48213, "average_rating": None, "age_limit": 0,
        "webpage_url": watch, "categories": ["Education"],
        "tags": ["digestion", "SVT", "collège", "appareil digestif", "enzyme"],
        "playable_in_embed": True, "live_status": "not_live", "release_timestamp": None,
        "_format_sort_fields": ["quality", "res", "fps", "hdr:12", "source", "vcodec", "channels", "acodec", "lang", "proto"],
        "automatic_captions": {
            "de": formats_of(f"&caps=asr&kind=asr&lang={lang}&tlang=de", "German"),
            "en": formats_of(f"&caps=asr&kind=asr&lang={lang}&tlang=en", "English"),
            f"{lang}-orig": formats_of(f"&caps=asr&kind=asr&lang={lang}", "French (Original)"),
            lang: formats_of(f"&caps=asr&kind=asr&lang={lang}", "French"),
        },
        "subtitles": {lang: formats_of(f"&lang={lang}", "French")},
        "comment_count": 37, "chapters": None, "heatmap": None, "like_count": 1204,
        "channel": s["uploader"], "channel_follower_count": 15600, "channel_is_verified": None,
        "uploader": s["uploader"], "uploader_id": s["uploaderId"], "uploader_url": f"https://www.youtube.com/{s['uploaderId']}",
        "upload_date": upload, "timestamp": 1694512800, "availability": "public",
        "original_url": watch, "webpage_url_basename": "watch", "webpage_url_domain": "youtube.com",
        "extractor": "youtube", "extractor_key": "Youtube", "playlist": None, "playlist_index": None,
        "display_id": vid, "fulltitle": s["title"], "duration_string": f"{duration // 60}:{duration % 60:02d}",
        "release_year": None, "is_live": False, "was_live": False,
        "requested_subtitles": {lang: {"ext": "vtt", "url": f"{api}&lang={lang}&fmt=vtt", "name": "French",
                                       "filepath": f"{base}.{lang}.vtt"}},
        "_has_drm": None, "epoch": epoch, "language": s["language"],
        "format": "18 - 640x360 (360p)", "format_id": "18", "ext": "mp4", "protocol": "https",
        "width": 640, "height": 360, "resolution": "640x360", "fps": 25, "vcodec": "avc1.42001E", "acodec": "mp4a.40.2",
        "_type": "video",
        "_version": {"version": "2024.08.06", "current_git_head": None,
                     "release_git_head": "4d9231208332d4c32364b8cd814bff8b20232cae", "repository": "yt-dlp/yt-dlp"},
    }
    with open(os.path.join(samples_dir, f"{base}.info.json"), "w", encoding="utf-8") as f:
        json.dump(info, f, ensure_ascii=False)


# ---------------------------------------------------------------- commands

def expected_text(source_dir, s):
    src = read(source_dir, s["source"])
    make, ext = s["make"], os.path.splitext(s["source"])[1]
    if make in ("audio", "youtube"):
        return "\n\n".join(sentences(src)) + "\n"
    if ext == ".srt":
        return "\n\n".join(srt_cues(src)) + "\n"
    if ext == ".md":
        blocks, notes = parse_markdown(src)
        return expected_from_markdown(blocks, notes, bullet="-" if make in ("copy", "utf16") else "•")
    return "\n\n".join(p.strip() for p in re.split(r"\n\s*\n", src) if p.strip()) + "\n"


def cmd_prepare(source_dir, work, samples_dir, expected_dir):
    spec = load_spec(source_dir)
    for d in (work, samples_dir, expected_dir): os.makedirs(d, exist_ok=True)
    for s in spec["samples"]:
        make = s["make"]
        if make == "lesson":
            # A folder NAME.lesson: one lesson of its files (copied as they are), whose text is each
            # part's after the marker Ingest puts where a source begins (`── i/n · path ──`).
            folder = os.path.join(samples_dir, s["output"])
            os.makedirs(folder, exist_ok=True)
            parts = []
            for i, part in enumerate(s["parts"], 1):
                with open(os.path.join(source_dir, part["source"]), "rb") as f: raw = f.read()
                with open(os.path.join(folder, part["output"]), "wb") as f: f.write(raw)
                text = expected_text(source_dir, {"make": "copy", "source": part["source"]}).strip()
                parts.append(f"── {i}/{len(s['parts'])} · {s['output']}/{part['output']} ──\n\n{text}")
            with open(os.path.join(expected_dir, s["name"] + ".expected.txt"), "w", encoding="utf-8") as f:
                f.write("\n\n".join(parts) + "\n")
            continue
        src = read(source_dir, s["source"])
        if make in ("pdf", "docx", "scan", "photo", "photos"):
            blocks, notes = parse_markdown(src)
            with open(os.path.join(work, s["name"] + ".fodt"), "w", encoding="utf-8") as f:
                f.write(fodt(s, blocks, notes, spec["epoch"]))
            if make == "photos":
                pages = 1 + sum(1 for b in blocks if b[0] == "page")
                with open(os.path.join(work, s["name"] + ".pages"), "w") as f: f.write(f"{pages}\n")
        elif make == "audio":
            with open(os.path.join(work, s["name"] + ".cues"), "w", encoding="utf-8") as f:
                f.write("\n".join(sentences(src)) + "\n")
        elif make == "youtube":
            youtube_files(s, src, samples_dir, spec["epoch"])
        elif make == "copy":
            with open(os.path.join(source_dir, s["source"]), "rb") as f: raw = f.read()
            with open(os.path.join(samples_dir, s["output"]), "wb") as f: f.write(raw)
        elif make == "utf16":
            with open(os.path.join(source_dir, s["source"]), "rb") as f: raw = f.read().decode("utf-8")
            with open(os.path.join(samples_dir, s["output"]), "wb") as f: f.write(b"\xff\xfe" + raw.encode("utf-16-le"))
        else:
            sys.exit(f"samplegen: unknown make {make!r} for {s['name']}")
        with open(os.path.join(expected_dir, s["name"] + ".expected.txt"), "w", encoding="utf-8") as f:
            f.write(expected_text(source_dir, s))


def shell_quote(v):
    return "'" + str(v).replace("'", "'\\''") + "'"


def cmd_list(source_dir):
    for s in load_spec(source_dir)["samples"]:
        print(f"{s['name']}\t{s['make']}")


def cmd_vars(source_dir, name):
    s = sample(load_spec(source_dir), name)
    for k, v in s.items():
        if isinstance(v, dict):
            for k2, v2 in v.items(): print(f"S_{k}_{k2}={shell_quote(v2)}")
        elif not isinstance(v, list):
            print(f"S_{k}={shell_quote(v)}")


def cmd_audio(source_dir, work, name, samples_dir):
    """One WAV of the cues with `gapSeconds` of silence before each, and its .srt."""
    s = sample(load_spec(source_dir), name)
    cues = sentences(read(source_dir, s["source"]))
    gap = float(s.get("gapSeconds", 0.4))
    t, entries, params, rate = 0.0, [], None, 22050
    frames = []
    for i, text in enumerate(cues, 1):
        with wave.open(os.path.join(work, f"{name}-cue-{i}.wav"), "rb") as w:
            if params is None: params = w.getparams()
            data = w.readframes(w.getnframes())
            rate = w.getframerate()
        silence = b"\x00" * (int(gap * rate) * params.sampwidth * params.nchannels)
        frames.append(silence); t += gap
        d = len(data) / (params.sampwidth * params.nchannels) / rate
        entries.append((t, t + d, text)); frames.append(data); t += d
    frames.append(b"\x00" * (int(0.8 * rate) * params.sampwidth * params.nchannels))
    with wave.open(os.path.join(work, f"{name}.wav"), "wb") as w:
        w.setparams(params); w.writeframes(b"".join(frames))
    srt = []
    for n, (a, b, text) in enumerate(entries, 1):
        srt += [str(n), f"{srt_time(a)} --> {srt_time(b)}", *wrap(text), ""]
    with open(os.path.join(samples_dir, s["transcript"]), "w", encoding="utf-8") as f:
        f.write("\n".join(srt))


def readiness(text):
    chars = sum(1 for c in unicodedata.normalize("NFC", text.strip()) if not unicodedata.combining(c))
    return ("notReady" if chars < NOT_READY_BELOW else "short" if chars < SHORT_BELOW else "ready"), chars


def cmd_manifest(source_dir, expected_dir, manifest):
    spec = load_spec(source_dir)
    rel = os.path.relpath(expected_dir, os.path.dirname(os.path.abspath(manifest)))
    docs = []
    for s in spec["samples"]:
        with open(os.path.join(expected_dir, s["name"] + ".expected.txt"), encoding="utf-8") as f:
            status, chars = readiness(f.read())
        if abs(chars - SHORT_BELOW) < 90 or abs(chars - NOT_READY_BELOW) < 10:
            print(f"samplegen: warning: {s['name']} has {chars} characters, close to a readiness threshold", file=sys.stderr)
        entry = {"name": s["name"], "expected": f"{rel}/{s['name']}.expected.txt", "readiness": status}
        if s.get("duplicateOf"): entry["duplicateOf"] = s["duplicateOf"]
        docs.append(entry)
    with open(manifest, "w", encoding="utf-8") as f:
        json.dump({"documents": docs}, f, ensure_ascii=False, indent=2)
        f.write("\n")


def main(argv):
    commands = {"prepare": (cmd_prepare, 4), "list": (cmd_list, 1), "vars": (cmd_vars, 2), "audio": (cmd_audio, 4), "manifest": (cmd_manifest, 3)}
    if len(argv) < 2 or argv[1] not in commands or len(argv) - 2 != commands[argv[1]][1]:
        sys.exit(__doc__)
    commands[argv[1]][0](*argv[2:])


if __name__ == "__main__":
    main(sys.argv)

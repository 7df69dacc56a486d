#!/usr/bin/env python3
"""Generates the bench documents under bench/work/docx (never committed):
  large-text.docx  : a text-heavy Word document (~14 MB of WordprocessingML, Word-like runs with
                     rsid attributes, language marks, headings, lists, a table every 200 paragraphs)
  pictures.docx    : ~200 MB of incompressible pictures (stored, as JPEGs are) and a little text
Deterministic (seeded)."""
import os, random, sys, zipfile

out = sys.argv[1]
os.makedirs(out, exist_ok=True)
rng = random.Random(2105)
W = 'xmlns:w="http://schemas.openxmlformats.org/wordprocessingml/2006/main" xmlns:r="http://schemas.openxmlformats.org/officeDocument/2006/relationships" xmlns:a="http://schemas.openxmlformats.org/drawingml/2006/main" xmlns:wp="http://schemas.openxmlformats.org/drawingml/2006/wordprocessingDrawing" xmlns:pic="http://schemas.openxmlformats.org/drawingml/2006/picture"'
vocab = ("la matière existe sous trois états principaux solide liquide gazeux chaque état possède des "
         "propriétés particulières volume forme température pression molécules énergie agitation "
         "the energy of particles increases when temperature rises water boils at one hundred degrees "
         "fusion vaporisation condensation solidification sublimation déposition équilibre changement").split()

def sentence():
    return " ".join(rng.choice(vocab) for _ in range(rng.randint(8, 22))).capitalize() + "."

def run(text, lang="fr-FR"):
    rsid = "%08X" % rng.getrandbits(32)
    return (f'<w:r w:rsidR="{rsid}"><w:rPr><w:rFonts w:ascii="Calibri" w:hAnsi="Calibri"/><w:lang w:val="{lang}"/></w:rPr>'
            f'<w:t xml:space="preserve">{text}</w:t></w:r>')

def para(text, style=None, num=None):
    ppr = ""
    if style: ppr += f'<w:pStyle w:val="{style}"/>'
    if num: ppr += f'<w:numPr><w:ilvl w:val="0"/><w:numId w:val="{num}"/></w:numPr>'
    words = text.split(" ")
    runs = []
    i = 0
    while i < len(words):  # Word splits paragraphs into several runs
        k = rng.randint(3, 9)
        runs.append(run(" ".join(words[i:i + k]) + (" " if i + k < len(words) else "")))
        i += k
    return f'<w:p w:rsidR="00A1B2C3" w:rsidRDefault="00D4E5F6"><w:pPr>{ppr}<w:spacing w:after="120"/></w:pPr>{"".join(runs)}</w:p>'

def content_types(extra=""):
    return ('<?xml version="1.0" encoding="UTF-8" standalone="yes"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types">'
            '<Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/>'
            '<Default Extension="xml" ContentType="application/xml"/><Default Extension="jpeg" ContentType="image/jpeg"/>'
            '<Override PartName="/word/document.xml" ContentType="application/vnd.openxmlformats-officedocument.wordprocessingml.document.main+xml"/>'
            '<Override PartName="/word/styles.xml" ContentType="application/vnd.openxmlformats-officedocument.wordprocessingml.styles+xml"/>'
            '<Override PartName="/word/numbering.xml" ContentType="application/vnd.openxmlformats-officedocument.wordprocessingml.numbering+xml"/>'
            + extra + '</Types>')

RELS = ('<?xml version="1.0" encoding="UTF-8"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships">'
        '<Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/officeDocument" Target="word/document.xml"/></Relationships>')
STYLES = (f'<w:styles {W}><w:style w:type="paragraph" w:default="1" w:styleId="Normal"><w:name w:val="Normal"/></w:style>'
          '<w:style w:type="paragraph" w:styleId="Heading1"><w:name w:val="heading 1"/></w:style>'
          '<w:style w:type="paragraph" w:styleId="Heading2"><w:name w:val="heading 2"/></w:style></w:styles>')
NUMBERING = (f'<w:numbering {W}><w:abstractNum w:abstractNumId="0"><w:lvl w:ilvl="0"><w:start w:val="1"/><w:numFmt w:val="decimal"/>'
             '<w:lvlText w:val="%1."/></w:lvl></w:abstractNum><w:num w:numId="1"><w:abstractNumId w:val="0"/></w:num></w:numbering>')

def doc_rels(images):
    rels = ['<Relationship Id="rS" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/styles" Target="styles.xml"/>',
            '<Relationship Id="rN" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/numbering" Target="numbering.xml"/>']
    rels += [f'<Relationship Id="img{i}" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/image" Target="media/image{i}.jpeg"/>' for i in range(images)]
    return '<?xml version="1.0" encoding="UTF-8"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships">' + "".join(rels) + '</Relationships>'

def write(name, body, images=0, image_bytes=0):
    path = os.path.join(out, name)
    with zipfile.ZipFile(path, "w", zipfile.ZIP_DEFLATED) as z:
        z.writestr("[Content_Types].xml", content_types())
        z.writestr("_rels/.rels", RELS)
        z.writestr("word/_rels/document.xml.rels", doc_rels(images))
        z.writestr("word/styles.xml", STYLES)
        z.writestr("word/numbering.xml", NUMBERING)
        z.writestr("word/document.xml", f'<?xml version="1.0" encoding="UTF-8" standalone="yes"?><w:document {W}><w:body>{body}<w:sectPr/></w:body></w:document>')
        for i in range(images):
            z.writestr(zipfile.ZipInfo(f"word/media/image{i}.jpeg"), os.urandom(image_bytes), compress_type=zipfile.ZIP_STORED)
    print(name, os.path.getsize(path), "bytes")

# Large text-heavy document.
parts = []
for i in range(12000):
    if i % 500 == 0: parts.append(para(f"Chapitre {i // 500 + 1}", style="Heading1"))
    elif i % 100 == 0: parts.append(para(f"Section {i // 100}", style="Heading2"))
    elif i % 37 == 0: parts.append(para(sentence(), num=1))
    else: parts.append(para(" ".join(sentence() for _ in range(rng.randint(1, 3)))))
    if i % 200 == 199:
        rows = "".join("<w:tr>" + "".join(f"<w:tc><w:tcPr/>{para(sentence())}</w:tc>" for _ in range(3)) + "</w:tr>" for _ in range(4))
        parts.append(f"<w:tbl><w:tblPr/>{rows}</w:tbl>")
write("large-text.docx", "".join(parts))

# Pictures: 200 images of 1 MB, each in a paragraph with a caption.
pics = []
for i in range(200):
    pics.append(f'<w:p><w:r><w:drawing><wp:inline><wp:docPr id="{i+1}" name="Picture {i}"/><a:graphic><a:graphicData><pic:pic><pic:blipFill><a:blip r:embed="img{i}"/></pic:blipFill></pic:pic></a:graphicData></a:graphic></wp:inline></w:drawing></w:r></w:p>')
    pics.append(para(f"Figure {i + 1}. " + sentence()))
write("pictures.docx", "".join(pics), images=200, image_bytes=1 << 20)

#!/usr/bin/env python3
"""An image-only PDF of JPEG pages, as a scanner writes one (each page one DCTDecode image at
300 dpi). ImageMagick's PDF writer is disabled by Debian's policy. Usage: jpegs_to_pdf.py OUT JPEG..."""
import struct
import sys


def size(data):
    """Width, height and components from the JPEG's start-of-frame marker."""
    i = 2
    while i < len(data):
        marker, length = data[i + 1], struct.unpack(">H", data[i + 2:i + 4])[0]
        if marker in (0xC0, 0xC1, 0xC2):
            h, w = struct.unpack(">HH", data[i + 5:i + 9])
            return w, h, data[i + 9]
        i += 2 + length
    raise ValueError("no SOF marker")


out, jpegs = sys.argv[1], sys.argv[2:]
objects = []  # bodies, numbered from 1
pages = []
for path in jpegs:
    data = open(path, "rb").read()
    w, h, comps = size(data)
    space = "/DeviceGray" if comps == 1 else "/DeviceRGB"
    objects.append(b"<< /Type /XObject /Subtype /Image /Width %d /Height %d /ColorSpace %s /BitsPerComponent 8 /Filter /DCTDecode /Length %d >>\nstream\n"
                   % (w, h, space.encode(), len(data)) + data + b"\nendstream")
    image = len(objects)
    pw, ph = w * 72 / 300, h * 72 / 300
    content = b"q %.2f 0 0 %.2f 0 0 cm /Im0 Do Q" % (pw, ph)
    objects.append(b"<< /Length %d >>\nstream\n" % len(content) + content + b"\nendstream")
    objects.append(b"<< /Type /Page /Parent PAGES /MediaBox [0 0 %.2f %.2f] /Resources << /XObject << /Im0 %d 0 R >> >> /Contents %d 0 R >>"
                   % (pw, ph, image, image + 1))
    pages.append(len(objects))
pages_id = len(objects) + 1
objects = [o.replace(b"PAGES", b"%d 0 R" % pages_id) for o in objects]
objects.append(b"<< /Type /Pages /Kids [%s] /Count %d >>" % (b" ".join(b"%d 0 R" % p for p in pages), len(pages)))
objects.append(b"<< /Type /Catalog /Pages %d 0 R >>" % pages_id)
body = bytearray(b"%PDF-1.4\n%\xe2\xe3\xcf\xd3\n")
offsets = []
for n, o in enumerate(objects, 1):
    offsets.append(len(body))
    body += b"%d 0 obj\n" % n + o + b"\nendobj\n"
xref = len(body)
body += b"xref\n0 %d\n0000000000 65535 f \n" % (len(objects) + 1)
body += b"".join(b"%010d 00000 n \n" % o for o in offsets)
body += b"trailer\n<< /Size %d /Root %d 0 R >>\nstartxref\n%d\n%%%%EOF\n" % (len(objects) + 1, len(objects), xref)
open(out, "wb").write(body)

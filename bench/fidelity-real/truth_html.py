#!/usr/bin/env python3
"""The body text of a manual's HTML form, the truth its PDF and EPUB forms are measured against.

Usage: truth_html.py INDEX.html > truth.txt

Reads INDEX.html, then follows each page's <link rel="next" href=...> (DocBook and Sphinx both
write it) until there is none, each page once: the pages in reading order. From each page keeps
the text a reader sees as the manual's content and leaves out what is the web form's own:
  - <head>, <script>, <style>, <noscript>;
  - navigation: elements whose class is navheader, navfooter (DocBook), related, sphinxsidebar,
    footer, headerlink (the ¶ after a Sphinx heading), searchbox;
  - the per-chapter tables of contents (class toc, or toctree-wrapper on a page other than the
    index): the PDF prints one table of contents, the HTML one per chapter.
Block elements end a line; <pre> keeps its lines. Entities are decoded by html.parser.
An item of an ordered list starts with its number as a browser draws it ("3.", "c.", with the
list's start and type): it is on the page the student reads, and ingest and pandoc write it.
Only the standard library: no peer extractor decides the truth.
"""
import sys, os, re
from html.parser import HTMLParser

SKIP_TAGS = {"head", "script", "style", "noscript", "title"}
SKIP_CLASSES = {"navheader", "navfooter", "related", "sphinxsidebar", "footer", "headerlink", "searchbox"}
TOC_CLASSES = {"toc", "toctree-wrapper", "list-of-tables", "list-of-figures", "list-of-examples"}
BLOCK = {"p", "div", "br", "li", "dt", "dd", "tr", "td", "th", "h1", "h2", "h3", "h4", "h5", "h6",
         "pre", "table", "ul", "ol", "dl", "blockquote", "section", "caption", "hr"}
VOID = {"br", "hr", "img", "meta", "link", "input", "col", "area", "base", "wbr", "source"}


def label(kind, n):
    if kind in ("a", "A"):
        s = ""
        while n > 0:
            n, r = divmod(n - 1, 26)
            s = chr(ord("a") + r) + s
        return s.upper() if kind == "A" else s
    if kind in ("i", "I"):
        s = ""
        for v, r in ((1000, "m"), (900, "cm"), (500, "d"), (400, "cd"), (100, "c"), (90, "xc"), (50, "l"),
                     (40, "xl"), (10, "x"), (9, "ix"), (5, "v"), (4, "iv"), (1, "i")):
            while n >= v:
                s, n = s + r, n - v
        return s.upper() if kind == "I" else s
    return str(n)


class Page(HTMLParser):
    def __init__(self, keep_toc):
        super().__init__(convert_charrefs=True)
        self.keep_toc = keep_toc
        self.stack = []          # (tag, skipping) for each open element
        self.out = []
        self.next = None
        self.ordered = []        # for each open ol/ul: [type or None, next number]

    def skipping(self):
        return bool(self.stack) and self.stack[-1][1]

    def handle_starttag(self, tag, attrs):
        a = dict(attrs)
        if tag == "link" and (a.get("rel") or "").lower() == "next" and a.get("href"):
            self.next = a["href"]
        classes = set((a.get("class") or "").split())
        skip = self.skipping() or tag in SKIP_TAGS or bool(classes & SKIP_CLASSES) \
            or (not self.keep_toc and bool(classes & TOC_CLASSES))
        if tag in BLOCK and not skip:
            self.out.append("\n")
        if tag in ("ol", "ul"):
            self.ordered.append([(a.get("type") or "1") if tag == "ol" else None, int(a.get("start") or 1)])
        if tag == "li" and self.ordered and self.ordered[-1][0] and not skip:
            kind, n = self.ordered[-1]
            n = int(a["value"]) if (a.get("value") or "").isdigit() else n
            self.out.append(f"{label(kind, n)}. ")
            self.ordered[-1][1] = n + 1
        if tag not in VOID:
            self.stack.append((tag, skip))

    def handle_startendtag(self, tag, attrs):
        self.handle_starttag(tag, attrs)

    def handle_endtag(self, tag):
        # Close up to the matching open element (HTML in the wild leaves some unclosed).
        for i in range(len(self.stack) - 1, -1, -1):
            if self.stack[i][0] == tag:
                del self.stack[i:]
                break
        if tag in ("ol", "ul") and self.ordered:
            self.ordered.pop()
        if tag in BLOCK and not self.skipping():
            self.out.append("\n")

    def handle_data(self, data):
        if not self.skipping():
            inside_pre = any(t == "pre" for t, _ in self.stack)
            self.out.append(data if inside_pre else re.sub(r"\s+", " ", data))


def main():
    index = sys.argv[1]
    folder, name = os.path.split(index)
    seen, parts = set(), []
    while name and name not in seen:
        seen.add(name)
        page = Page(keep_toc=not parts)
        page.feed(open(os.path.join(folder, name), encoding="utf-8").read())
        parts.append("".join(page.out))
        name = page.next.split("#")[0] if page.next else None
        if name and os.path.basename(name) in ("genindex.html", "search.html"):
            break
    text = "\n".join(parts)
    text = re.sub(r"[ \t]*\n[ \t\n]*", "\n", text)   # trailing/leading blanks, empty lines
    sys.stdout.write(text.strip() + "\n")
    print(f"truth_html: {len(parts)} pages from {index}", file=sys.stderr)


if __name__ == "__main__":
    main()

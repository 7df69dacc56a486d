#!/bin/sh
# md.sh IN.md OUT.md : a pandoc-Markdown page (YAML metadata, fenced divs, LaTeX) as a printed page shows it, in the form
# the other recipes give: read and written again by pandoc with the two Lua filters of mk.sh (pictures, code blocks, raw
# HTML and LaTeX dropped, links made their text, tables dropped but admonitions), no title block; cut before 12 000
# characters at a paragraph end. (mk.sh's footer cut is for HTML pages only.)
pandoc -f markdown -t markdown-raw_html-raw_tex-native_divs-native_spans-link_attributes-header_attributes-bracketed_spans-fenced_divs-inline_code_attributes-simple_tables-multiline_tables-grid_tables-pipe_tables-yaml_metadata_block --wrap=none --lua-filter="$(dirname "$0")/tables.lua" --lua-filter="$(dirname "$0")/clean.lua" "$1" \
 | python3 -c '
import re, sys
out = re.sub(r"\n\\\n", "\n", sys.stdin.read())
out = re.sub(r"\n{3,}", "\n\n", out).strip() + "\n"
if len(out) > 12000:
    out = out[:out.rfind("\n\n", 0, 12000)].rstrip() + "\n"
sys.stdout.write(out)' > "$2"

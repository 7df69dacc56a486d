#!/bin/sh
# mk.sh IN.html OUT.md : the section from its first heading to the navigation footer, as Markdown.
pandoc -f html -t markdown-raw_html-native_divs-native_spans-link_attributes-header_attributes-bracketed_spans-fenced_divs-inline_code_attributes-simple_tables-multiline_tables-grid_tables-pipe_tables --wrap=none --lua-filter="$(dirname "$0")/tables.lua" --lua-filter="$(dirname "$0")/clean.lua" "$1" \
 | python3 "$(dirname "$0")/cut.py" > "$2"

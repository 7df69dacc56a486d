/// The report's style sheet and script, inline: the file must open anywhere, offline, from an
/// e-mail attachment, with nothing fetched. The script only sorts, filters and pages the table;
/// without it the report is still whole (every row shown, the controls hidden).
enum ReportAssets {
    static let style = #"""
    :root { --ink: #1d232a; --muted: #56606b; --line: #d6dbe1; --head: #eef1f4; --accent: #1f5fa8;
      --bad: #b3261e; --cer: #3b6fb6; --wer: #e08a1e; --mark: #ffe07a; --ins: #d8f0dd; --ins-ink: #12502a;
      --del: #fbe1de; --del-ink: #8a1c13; }
    * { box-sizing: border-box; }
    [hidden] { display: none !important; }
    html { font: 14px/1.45 system-ui, -apple-system, "Segoe UI", Roboto, "Noto Sans", "DejaVu Sans", sans-serif;
      color: var(--ink); background: #fff; }
    body { margin: 0 auto; padding: 12px 16px 40px; max-width: 1680px; }
    a { color: var(--accent); }
    h1 { font-size: 1.5rem; margin: 0 0 2px; }
    h2 { font-size: 1.2rem; margin: 28px 0 8px; padding-bottom: 4px; border-bottom: 1px solid var(--line); }
    h3 { font-size: 1.05rem; margin: 0 0 6px; overflow-wrap: anywhere; }
    code, .mono { font-family: ui-monospace, "DejaVu Sans Mono", "Liberation Mono", monospace; font-size: .92em; }
    .corpus { color: var(--muted); margin: 0 0 12px; overflow-wrap: anywhere; }
    .facts { display: flex; flex-wrap: wrap; gap: 8px 28px; margin: 0 0 10px; }
    .facts dt { color: var(--muted); font-size: .8rem; }
    .facts dd { margin: 0; font-size: 1.15rem; font-variant-numeric: tabular-nums; }
    nav.toc a { margin-right: 18px; }
    .note { color: var(--muted); font-size: .85rem; max-width: 70em; }
    .wide { overflow-x: auto; }
    /* The document table scrolls in its own box: its header stays in view, and so does its
       horizontal scroll bar on a narrow screen. */
    .tablebox { max-height: 82vh; overflow: auto; border: 1px solid var(--line); }
    table { border-collapse: collapse; font-variant-numeric: tabular-nums; }
    th, td { padding: 3px 6px; border-bottom: 1px solid var(--line); text-align: left; vertical-align: top; }
    thead th { background: var(--head); vertical-align: bottom; border-bottom: 2px solid #aeb6bf; font-weight: 600; }
    .n { text-align: right; white-space: nowrap; }
    #aggregates td, #aggregates th { font-size: 12px; padding: 3px 4px; }
    #aggregates thead th { font-size: 11px; }
    #aggregates tfoot td, #aggregates tfoot th { font-weight: 700; border-top: 2px solid #aeb6bf; }
    .charts { display: flex; flex-wrap: wrap; gap: 12px; margin-top: 14px; }
    figure.kind { margin: 0; padding: 8px 10px; border: 1px solid var(--line); border-radius: 4px; }
    figure.kind figcaption { font-size: .85rem; margin-bottom: 2px; }
    svg.chart { display: block; }
    svg.chart text { font: 9px system-ui, "DejaVu Sans", sans-serif; fill: var(--muted); }
    svg.chart text.count { fill: var(--ink); }
    svg.chart .grid { stroke: #e3e7eb; }
    svg.chart .threshold { stroke: var(--bad); stroke-dasharray: 3 2; }
    svg.chart .cer { fill: var(--cer); } svg.chart .wer { fill: var(--wer); }
    svg.chart .ready { fill: #3c8d5a; } svg.chart .short { fill: #c9a227; }
    svg.chart .notReady { fill: #d9822b; } svg.chart .failed { fill: var(--bad); }
    .controls { display: flex; flex-wrap: wrap; gap: 8px 20px; align-items: center; margin: 8px 0; }
    .controls input[type=search] { width: 20em; padding: 4px 6px; font: inherit; }
    .controls select { padding: 3px 4px; font: inherit; }
    #count { color: var(--muted); }
    #docs { width: 100%; font-size: 12.5px; }
    #docs thead th { position: sticky; top: 0; z-index: 1; }
    #docs thead tr { background: var(--head); }
    thead th.n { white-space: normal; }
    #docs th, #docs td { padding: 3px 4px; }
    #docs thead th { font-size: 11px; }
    #docs tbody tr:hover { background: #f3f6f9; }
    th button { all: unset; cursor: pointer; }
    th button:focus-visible { outline: 2px solid var(--accent); outline-offset: 2px; }
    th[aria-sort=ascending] button::after { content: "\a0▲"; font-size: .8em; }
    th[aria-sort=descending] button::after { content: "\a0▼"; font-size: .8em; }
    td.name { min-width: 7em; max-width: 28em; overflow-wrap: anywhere; }
    td.status code { display: block; color: var(--bad); overflow-wrap: anywhere; }
    tr.problem td:first-child { box-shadow: inset 3px 0 var(--bad); }
    .bad { color: var(--bad); font-weight: 600; }
    .mismatch { color: var(--bad); font-weight: 700; }
    .regression { display: inline-block; font-size: .85em; color: #fff; background: var(--bad); border-radius: 3px;
      padding: 0 4px; }
    ul.regressions { margin: 4px 0 8px; padding-left: 1.4em; }
    td.dup { min-width: 4em; max-width: 16em; overflow-wrap: anywhere; }
    /* Eighteen columns in 1,000 px: tighter type below 1,280 px, so the last ones are never cut. */
    @media (max-width: 1280px) {
      #docs { font-size: 11.5px; }
      #docs th, #docs td { padding: 2px 3px; }
      #docs thead th { font-size: 10.5px; }
      #aggregates td, #aggregates th { font-size: 11px; padding: 2px 3px; }
    }
    @media (max-width: 1100px) {
      body { padding: 8px 8px 32px; }
      #docs { font-size: 11px; }
      #docs th, #docs td { padding: 2px 2px; }
      #docs thead th { font-size: 10px; }
    }
    td.kind { overflow-wrap: anywhere; }
    #none { color: var(--muted); padding: 8px 0; }
    p.more button { font: inherit; padding: 3px 10px; margin-right: 8px; cursor: pointer; }
    .doc { border-top: 1px solid var(--line); padding: 14px 0 18px; content-visibility: auto;
      contain-intrinsic-size: auto 520px; }
    .doc:target h3 { background: #fff3c4; }
    .doc h3 .num { color: var(--muted); font-weight: 400; margin-right: 4px; }
    .doc h3 a.up { font-size: .8rem; font-weight: 400; margin-left: 10px; }
    dl.meta { display: grid; grid-template-columns: max-content minmax(0, 1fr); gap: 1px 12px; margin: 0 0 10px;
      font-size: .88rem; }
    dl.meta dt { color: var(--muted); }
    dl.meta dd { margin: 0; overflow-wrap: anywhere; }
    .pair { display: grid; grid-template-columns: minmax(0, 2fr) minmax(0, 3fr); gap: 16px; align-items: start; }
    .pair.textonly { grid-template-columns: minmax(0, 1fr); }
    /* Every page of the document, one under the other, scrolled beside its text. */
    .pages { position: sticky; top: 8px; max-height: 88vh; overflow-y: auto; display: flex; flex-direction: column;
      gap: 10px; }
    figure.page { margin: 0; }
    figure.page img { display: block; max-width: 100%; height: auto; border: 1px solid var(--line);
      box-shadow: 0 1px 3px rgba(0,0,0,.12); }
    figure.page figcaption { font-size: .78rem; color: var(--muted); overflow-wrap: anywhere; }
    .text pre { margin: 0; padding: 10px 12px; white-space: pre-wrap; overflow-wrap: anywhere; font: 13px/1.55 system-ui,
      "DejaVu Sans", sans-serif; background: #fbfbfa; border: 1px solid var(--line); border-radius: 4px;
      max-height: 85vh; overflow: auto; }
    .legend { font-size: .82rem; color: var(--muted); margin: 0 0 6px; }
    .legend mark, .legend del, .legend ins { padding: 0 3px; }
    .cut { font-size: .85rem; color: var(--bad); margin: 6px 0 0; }
    .empty { color: var(--muted); font-style: italic; }
    mark.lowconf { background: var(--mark); color: inherit; border-bottom: 1px dotted #8a6d00; }
    del { background: var(--del); color: var(--del-ink); }
    ins { background: var(--ins); color: var(--ins-ink); }
    .ctl { font: 9px ui-monospace, "DejaVu Sans Mono", monospace; border: 1px solid currentColor; border-radius: 2px;
      padding: 0 1px; color: var(--bad); }
    @media (max-width: 900px) { .pair { grid-template-columns: minmax(0, 1fr); } .pages { position: static; max-height: none; } }
    @media print {
      @page { size: A4 landscape; margin: 10mm; }
      html { font-size: 10pt; }
      body { max-width: none; padding: 0; }
      .controls label, nav.toc, a.up, p.more { display: none !important; }
      a { color: inherit; text-decoration: none; }
      .wide, .tablebox { max-height: none; overflow: visible; border: 0; }
      #docs { font-size: 7pt; }
      #docs th, #docs td { padding: 1px 3px; }
      #docs thead th { position: static; }
      thead { display: table-header-group; }
      tr, figure.kind { break-inside: avoid; }
      .doc { content-visibility: visible; }
      .pages { position: static; max-height: none; overflow: visible; }
      figure.page { break-inside: avoid; }
      .text pre { max-height: none; overflow: visible; }
    }
    """#

    static let script = #"""
    (function () {
      "use strict";
      var table = document.getElementById("docs");
      if (!table) return;
      var body = table.tBodies[0];
      var rows = Array.prototype.slice.call(body.rows);
      var heads = Array.prototype.slice.call(table.tHead.rows[0].cells);
      var collator = new Intl.Collator(document.documentElement.lang || "en", { numeric: true, sensitivity: "base" });
      var searched = table.getAttribute("data-search").split(",").map(Number);
      var haystack = rows.map(function (r) {
        return searched.map(function (c) { return r.cells[c].textContent; }).join(" ").toLowerCase();
      });
      rows.forEach(function (r, i) { r.__index = i; });
      var page = Number(table.getAttribute("data-page")) || 500;
      var limit = page;
      var order = rows.slice();
      var matches = rows.map(function () { return true; });

      var box = document.getElementById("filter"), kind = document.getElementById("kind");
      var problems = document.getElementById("problems"), count = document.getElementById("count");
      var more = document.getElementById("more"), all = document.getElementById("all");
      var none = document.getElementById("none");

      function fill(template, values) {
        return template.replace(/\{(\w+)\}/g, function (m, k) { return k in values ? values[k] : m; });
      }

      // The rows shown: the matching ones in the current order, at most `limit` of them. A table
      // of thousands of rows takes seconds to lay out again, a few hundred a blink; the rest wait
      // detached until asked for. The body is taken out, refilled, and put back once.
      function render() {
        var shown = [];
        var matched = 0;
        for (var i = 0; i < order.length; i++) {
          if (!matches[order[i].__index]) continue;
          matched++;
          if (shown.length < limit) shown.push(order[i]);
        }
        var next = body.nextSibling;
        table.removeChild(body);
        body.textContent = "";
        for (var j = 0; j < shown.length; j++) body.appendChild(shown[j]);
        table.insertBefore(body, next);
        var values = { shown: shown.length, matched: matched, total: rows.length, more: Math.min(page, matched - shown.length) };
        count.textContent = fill(count.getAttribute(shown.length < matched ? "data-partial" : "data-template"), values);
        more.hidden = all.hidden = shown.length >= matched;
        more.textContent = fill(more.getAttribute("data-template"), values);
        all.textContent = fill(all.getAttribute("data-template"), values);
        none.hidden = matched > 0;
      }

      // Sorting: keys read once per click, the array sorted, the table refilled.
      var column = heads.findIndex(function (h) { return h.getAttribute("aria-sort") === "ascending"; });
      var ascending = true;
      function key(cell, numeric) {
        var v = cell.getAttribute("data-v");
        if (numeric) return v === null || v === "" ? NaN : parseFloat(v);
        return v !== null ? v : cell.textContent.trim();
      }
      function sortBy(c) {
        var numeric = heads[c].getAttribute("data-type") === "num";
        ascending = c === column ? !ascending : true;
        column = c;
        var direction = ascending ? 1 : -1;
        var keyed = rows.map(function (r, i) { return { r: r, i: i, k: key(r.cells[c], numeric) }; });
        keyed.sort(function (a, b) {
          // A missing figure goes last whichever the direction: it is not a small one.
          var am = numeric ? isNaN(a.k) : a.k === "", bm = numeric ? isNaN(b.k) : b.k === "";
          if (am || bm) return am === bm ? a.i - b.i : (am ? 1 : -1);
          var d = numeric ? (a.k < b.k ? -1 : a.k > b.k ? 1 : 0) : collator.compare(a.k, b.k);
          return d * direction || a.i - b.i;
        });
        order = keyed.map(function (k) { return k.r; });
        heads.forEach(function (h, i) {
          if (i === c) h.setAttribute("aria-sort", ascending ? "ascending" : "descending");
          else h.removeAttribute("aria-sort");
        });
        render();
      }
      heads.forEach(function (h, i) {
        var button = h.querySelector("button");
        if (button) button.addEventListener("click", function () { sortBy(i); });
      });

      // Filtering: every word typed must appear in the name, kind or status; kind and problems narrow.
      function filter() {
        var terms = box.value.toLowerCase().split(/\s+/).filter(Boolean);
        var k = kind.value, p = problems.checked;
        for (var i = 0; i < rows.length; i++) {
          var r = rows[i], ok = true;
          for (var t = 0; ok && t < terms.length; t++) ok = haystack[i].indexOf(terms[t]) >= 0;
          if (ok && k) ok = r.getAttribute("data-kind") === k;
          if (ok && p) ok = r.classList.contains("problem");
          matches[i] = ok;
        }
        limit = page;
        render();
      }
      box.addEventListener("input", filter);
      kind.addEventListener("change", filter);
      problems.addEventListener("change", filter);
      more.addEventListener("click", function () { limit += page; render(); });
      all.addEventListener("click", function () { limit = Infinity; render(); });

      // "↑ table" from a document whose row is not shown now goes to the table's top instead.
      document.addEventListener("click", function (e) {
        var a = e.target.closest && e.target.closest("a.up");
        if (a && !document.getElementById(a.getAttribute("href").slice(1))) {
          e.preventDefault();
          document.getElementById("documents").scrollIntoView();
        }
      });
      document.getElementById("controls").hidden = false;
      filter();
    })();
    """#
}

// Injected by BrowserLayoutTests into a copy of a report (with the report's CSP nonce): once the
// page and every page image have loaded, it measures the page as laid out and writes the figures
// into the DOM (a pre element, id probe), which `chromium --headless --dump-dom` prints.
(function () {
  "use strict";
  function all(selector, root) { return Array.prototype.slice.call((root || document).querySelectorAll(selector)); }
  window.addEventListener("load", function () {
    var images = all("section.doc img");
    var lazy = images.filter(function (i) { return i.getAttribute("loading") === "lazy"; }).length;
    // Lazy images below the fold would never load in a page nobody scrolls: asked for now.
    var waits = images.map(function (img) {
      return new Promise(function (resolve) {
        if (img.complete && img.naturalWidth > 0) { resolve(); return; }
        img.addEventListener("load", resolve);
        img.addEventListener("error", resolve);
        img.loading = "eager";
      });
    });
    Promise.all(waits).then(function () {
      var root = document.documentElement;
      var heads = all("#docs thead th");
      var cer = heads.findIndex(function (h) { return h.getAttribute("data-key") === "cer"; });
      var out = {
        innerWidth: window.innerWidth, clientWidth: root.clientWidth, scrollWidth: root.scrollWidth, lazy: lazy,
        boxes: all(".wide, .tablebox").map(function (b) {
          return { id: b.closest("section").id, clientWidth: b.clientWidth, scrollWidth: b.scrollWidth };
        }),
        sections: all("section.doc").map(function (s) {
          var imgs = all("img", s);
          return {
            name: s.querySelector("h3 bdi").textContent, images: imgs.length,
            loaded: imgs.filter(function (i) { return i.complete && i.naturalWidth > 0; }).length,
            captions: all("figcaption", s).map(function (c) { return c.textContent; }),
            right: Math.max.apply(null, [0].concat(imgs.map(function (i) { return Math.round(i.getBoundingClientRect().right); })))
          };
        }),
        rows: all("#docs tbody tr").map(function (r) {
          return { name: r.querySelector("td.name").textContent, cer: r.cells[cer].textContent };
        })
      };
      var pre = document.createElement("pre");
      pre.id = "probe";
      pre.textContent = JSON.stringify(out);
      document.body.appendChild(pre);
    });
  });
})();

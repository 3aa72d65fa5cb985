// The hall screen (templates/hall/screen.html): shows its parts (the boards, the players by
// name, the standings) in turn, each cut into pages of the rows that fit the screen, every
// data-seconds seconds; after the last page the page reloads, with the new results.
(function () {
  "use strict";
  var body = document.body;
  var seconds = parseInt(body.getAttribute("data-seconds"), 10) || 20;
  var parts = Array.prototype.slice.call(document.querySelectorAll(".screen-part"));
  var pages = [];

  function rowsThatFit(part) {
    var rows = part.querySelectorAll("tbody tr");
    if (!rows.length) return 0;
    part.hidden = false;
    var room = window.innerHeight - part.getBoundingClientRect().top;
    var head = part.querySelector("thead");
    room -= head ? head.getBoundingClientRect().height : 0;
    room -= part.querySelector("h2").getBoundingClientRect().height;
    var height = part.querySelector("tbody").getBoundingClientRect().height / rows.length || 1;
    part.hidden = true;
    return Math.max(1, Math.floor(room / height));
  }

  parts.forEach(function (part) { part.hidden = true; });  // each is measured alone
  parts.forEach(function (part) {
    var rows = part.querySelectorAll("tbody tr");
    var size = rowsThatFit(part);
    if (!size) {
      pages.push({ part: part, from: 0, to: 0 });
      return;
    }
    for (var start = 0; start < rows.length; start += size) {
      pages.push({ part: part, from: start, to: start + size });
    }
  });

  function show(index) {
    var page = pages[index];
    parts.forEach(function (part) { part.hidden = part !== page.part; });
    var rows = page.part.querySelectorAll("tbody tr");
    for (var i = 0; i < rows.length; i += 1) {
      rows[i].hidden = page.to > 0 && (i < page.from || i >= page.to);
    }
  }

  var current = 0;
  if (pages.length) show(current);
  window.setInterval(function () {
    current += 1;
    if (current >= pages.length) {
      window.location.reload();
      return;
    }
    show(current);
  }, seconds * 1000);
})();

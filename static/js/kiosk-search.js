// The check-in kiosk (templates/hall/kiosk.html): typing in the search box keeps the players
// whose name holds what is typed, accents and case aside. What was typed before the script ran
// is filtered too, so a fast hand on a slow tablet sees the same list.
(function () {
  "use strict";
  var input = document.getElementById("kiosk-search");
  if (!input) return;
  var items = document.querySelectorAll("#kiosk-players li");
  function plain(text) {
    return text.normalize("NFD").replace(/[\u0300-\u036f]/g, "").toLowerCase();
  }
  function filter() {
    var wanted = plain(input.value.trim());
    for (var i = 0; i < items.length; i += 1) {
      items[i].hidden = wanted !== "" && plain(items[i].getAttribute("data-name")).indexOf(wanted) < 0;
    }
  }
  input.addEventListener("input", filter);
  filter();
})();

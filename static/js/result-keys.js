// The result boxes of a round's results page: a key sets a result and moves to the next game.
(function () {
  const keys = {"1": "1-0", "5": "1/2", "=": "1/2", "0": "0-1", "+": "+/-", "-": "-/+", "x": "-/-", "u": "0-0"};
  const selects = Array.from(document.querySelectorAll("#results select.result"));
  selects.forEach(function (select, index) {
    select.addEventListener("keydown", function (event) {
      const value = keys[event.key.toLowerCase()];
      if (value === undefined) { return; }
      event.preventDefault();
      select.value = value;
      const next = selects[index + 1];
      if (next) { next.focus(); }
    });
  });
  const pending = selects.find(function (select) { return select.value === "*"; });
  if (pending) { pending.focus(); }
})();

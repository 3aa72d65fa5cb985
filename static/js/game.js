// Game viewer: the arrow keys, Home and End follow the step links (which work without it).
document.addEventListener("keydown", function (event) {
  if (event.altKey || event.ctrlKey || event.metaKey) return;
  var target = event.target;
  if (target && /^(INPUT|SELECT|TEXTAREA)$/.test(target.tagName)) return;
  var link = document.querySelector('a[data-key="' + event.key + '"]');
  if (link) {
    event.preventDefault();
    window.location.assign(link.href);
  }
});

// The "swipe sideways" hint above a table shows only while the table is wider than its frame
// (on a phone most tables fit); checked again when the window or the page's live parts change.
(function () {
  function update() {
    for (const hint of document.querySelectorAll(".scroll-hint")) {
      const frame = hint.nextElementSibling;
      const wide = frame !== null && frame.scrollWidth > frame.clientWidth + 1;
      hint.classList.toggle("fits", !wide);
    }
  }
  let queued = false;
  function later() {
    if (!queued) { queued = true; requestAnimationFrame(() => { queued = false; update(); }); }
  }
  update();
  window.addEventListener("resize", later);
  new MutationObserver(later).observe(document.body, { childList: true, subtree: true });
})();

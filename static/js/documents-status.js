// The public event page's documents: the progress of a job being drawn, or why it failed.
(function () {
  const section = document.currentScript.previousElementSibling;
  const failed = section.dataset.failedLabel;
  function show(states) {
    let busy = false;
    for (const item of section.querySelectorAll("li[data-kind]")) {
      const state = states[item.dataset.kind];
      const bar = item.querySelector("progress");
      const note = item.querySelector("span");
      const running = state && (state.status === "queued" || state.status === "running");
      busy = busy || running;
      bar.hidden = !running;
      if (running) { bar.value = state.progress; }
      note.textContent = !state ? "" : running ? state.status_label
        : state.status === "failed" ? failed + " " + state.error : "";
    }
    if (busy) { setTimeout(poll, 2000); }
  }
  function poll() {
    fetch(section.dataset.statusUrl).then((r) => r.json()).then(show).catch(() => {});
  }
  poll();
})();

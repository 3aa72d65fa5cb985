// The admin's documents panel: the progress of each running job, then the page again.
(function () {
  const panel = document.currentScript.previousElementSibling;
  function poll() {
    const rows = panel.querySelectorAll("tr[data-status-url]");
    if (!rows.length) { return; }
    Promise.all([...rows].map((row) => fetch(row.dataset.statusUrl).then((r) => r.json()).then((state) => {
      const bar = row.querySelector("progress");
      if (bar) { bar.value = state.progress; }
      if (state.status === "done" || state.status === "failed") { window.location.reload(); }
    }))).catch(() => {}).finally(() => setTimeout(poll, 2000));
  }
  setTimeout(poll, 2000);
})();

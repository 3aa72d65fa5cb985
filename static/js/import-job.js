// An import job's page: the progress of its job, then the page again with the preview or the result.
(function () {
  const job = document.currentScript.previousElementSibling;
  const bar = job.querySelector("progress");
  function poll() {
    fetch(job.dataset.statusUrl).then((r) => r.json()).then((state) => {
      if (state.status !== "queued" && state.status !== "running") { window.location.reload(); return; }
      if (state.total) { bar.max = state.total; bar.value = state.done; }
      setTimeout(poll, 1000);
    }).catch(() => setTimeout(poll, 2000));
  }
  setTimeout(poll, 1000);
})();

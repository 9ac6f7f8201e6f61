// The batches page, live: asks the studio for every listed batch's
// progress each second and updates its row. Without this script the page
// still works (reload it, or follow "Reload every 5 s").
(function () {
  "use strict";
  var live = document.getElementById("live");
  if (!live || !window.fetch) return;
  var every = parseInt(live.dataset.poll, 10) || 1000;
  var note = document.createElement("span");
  live.appendChild(note);
  function set(row, css, text) {
    var cell = row.querySelector(css);
    if (cell && cell.textContent !== String(text)) cell.textContent = text;
  }
  function update(data) {
    var unknown = 0;
    data.batches.forEach(function (b) {
      var row = document.querySelector('tr[data-batch="' + b.id + '"]');
      if (!row) { unknown += 1; return; }
      set(row, ".held", b.held);
      set(row, ".in-flight", b.in_flight);
      var bar = row.querySelector("progress");
      if (bar) bar.value = Math.min(b.held + b.in_flight, b.count);
      set(row, ".attempts", b.attempts);
      set(row, ".failed", b.failed);
      set(row, ".state", b.status);
      set(row, ".workers", b.workers);
      var stop = row.querySelector("td.stop form");
      if (stop && !b.stoppable) stop.hidden = true;
    });
    note.textContent = unknown ? " " + unknown + " new batch(es) since this page was drawn: reload to see them." : "";
    live.dataset.updated = String(Date.now());
  }
  function poll() {
    fetch("/batches/progress", { credentials: "same-origin", cache: "no-store" })
      .then(function (r) { return r.ok ? r.json() : null; })
      .then(function (data) { if (data) update(data); })
      .catch(function () {})
      .then(function () { setTimeout(poll, every); });
  }
  poll();
})();

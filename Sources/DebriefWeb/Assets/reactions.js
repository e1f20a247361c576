// Debrief reactions, live: the counts on the presenter view and the dashboard
// (docs/decisions/0100).
//
// Both pages render the counts on the server and work without this script (a reload shows the
// newest counts). With it, the section listens to the hosts' stream of the meeting's reactions
// (GET /v1/meetings/{id}/results/live?view=reactions, signed in by the session cookie), whose
// `reactions` events carry the counts themselves — the JSON of GET /v1/meetings/{id}/reactions,
// sent only when they changed — and puts each number in place: only the changed numbers move,
// nothing else is redrawn. The total's words come from the page (`data-t-total`, "{n} in all").
(function () {
  "use strict";

  var root = document.querySelector("[data-reactions-live]");
  if (!root || !window.EventSource) return;
  var total = document.getElementById("reaction-total");
  var totalWords = root.getAttribute("data-t-total") || "{n}";

  function show(counts) {
    var items = counts.items || [];
    for (var i = 0; i < items.length; i++) {
      var cell = root.querySelector('[data-reaction="' + items[i].reaction + '"]');
      var text = String(items[i].count);
      if (cell && cell.textContent !== text) cell.textContent = text;
    }
    if (total && typeof counts.total === "number") total.textContent = totalWords.replace("{n}", String(counts.total));
  }

  var source = new EventSource(root.getAttribute("data-reactions-live"));
  source.addEventListener("reactions", function (event) {
    root.setAttribute("data-reactions-state", "live");
    try {
      show(JSON.parse(event.data));
    } catch (error) {
      // A malformed event changes nothing shown.
    }
  });
  // The server ends the stream for good (signed out, access ended, meeting deleted): keep what is
  // shown, and stop reconnecting.
  source.addEventListener("end", function () {
    source.close();
    root.setAttribute("data-reactions-state", "ended");
  });
  source.addEventListener("error", function () {
    // EventSource reconnects by itself (the stream asks for 2 s); its first event is the counts.
    root.setAttribute("data-reactions-state", "offline");
  });
})();

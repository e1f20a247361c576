// Debrief dashboard: keeps the results panel current while the page is open.
//
// The page works without this script (it shows the results of its load, and a refresh link).
// With it, the page listens to the meeting's live results stream (Server-Sent Events, signed
// in by the session cookie) and, on each event, fetches the server-rendered panel and swaps it
// in: the server stays the only place that renders. Fetches never overlap; an event that
// arrives during one schedules exactly one more.
(function () {
  "use strict";

  var root = document.querySelector("[data-live-url]");
  if (!root || !window.EventSource || !window.fetch) return;
  var panel = document.getElementById(root.getAttribute("data-panel-id"));
  var status = document.getElementById(root.getAttribute("data-status-id"));
  var liveUrl = root.getAttribute("data-live-url");
  var panelUrl = root.getAttribute("data-panel-url");
  var loading = false;
  var again = false;

  // The "updates live" note is hidden until there is a script to make it true.
  if (status) status.hidden = false;

  function setState(state) {
    if (status) status.setAttribute("data-state", state);
    root.setAttribute("data-live-state", state);
  }

  function refresh() {
    if (loading) {
      again = true;
      return;
    }
    loading = true;
    fetch(panelUrl, { credentials: "same-origin", headers: { Accept: "text/html" } })
      .then(function (response) {
        // A session that ended sends the browser to the sign-in page: stop updating.
        if (!response.ok || response.redirected) throw new Error("panel " + response.status);
        return response.text();
      })
      .then(function (html) {
        panel.innerHTML = html;
        root.setAttribute("data-updated", String(Date.now()));
      })
      .catch(function () {
        setState("offline");
      })
      .then(function () {
        loading = false;
        if (again) {
          again = false;
          refresh();
        }
      });
  }

  var source = new EventSource(liveUrl);
  source.addEventListener("open", function () {
    setState("live");
  });
  source.addEventListener("results", function () {
    setState("live");
    refresh();
  });
  // The server ends the stream for good (signed out, session expired, meeting deleted): stop
  // reconnecting and say so.
  source.addEventListener("end", function () {
    source.close();
    setState("offline");
  });
  source.addEventListener("error", function () {
    // EventSource reconnects by itself (the stream asks for 2 s); say so meanwhile.
    setState("offline");
  });
})();

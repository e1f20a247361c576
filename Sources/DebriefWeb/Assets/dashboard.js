// Debrief dashboard: keeps the results panel current while the page is open.
//
// The page works without this script (it shows the results of its load, and a refresh link).
// With it, the page listens to the meeting's live results stream (Server-Sent Events, signed
// in by the session cookie) and, on each event, fetches the server-rendered panel and swaps it
// in: the server stays the only place that renders. It listens to the compact events
// (`?view=counts`, about 2 KB) since it only needs to know that something changed. Fetches never
// overlap and start at least a second apart; an event that arrives meanwhile schedules exactly
// one more, so the last change is always shown. (Events come up to ten a second on a busy
// meeting: a panel redrawn that often helps no reader, and each fetch is a render on the
// server.) A swap keeps what the host was reading: the
// panels (<details> with an id) they opened stay open, those they closed stay closed, and the
// page keeps its scroll position (docs/decisions/0047).
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
  var lastStart = 0;
  var waiting = null;
  var SPACING_MS = 1000;

  // The "updates live" note is hidden until there is a script to make it true.
  if (status) status.hidden = false;

  function setState(state) {
    if (status) status.setAttribute("data-state", state);
    root.setAttribute("data-live-state", state);
  }

  // Replaces the panel's content with `html`, carrying over each <details>'s open state by id
  // (the server renders them closed) and the scroll position (a taller or shorter chart would
  // otherwise move what the host was reading).
  function swap(html) {
    var open = {};
    var details = panel.querySelectorAll("details[id]");
    for (var i = 0; i < details.length; i++) open[details[i].id] = details[i].open;
    // A keyboard user on a panel's summary keeps their place too.
    var focused = document.activeElement;
    var focusedPanel = focused && focused.tagName === "SUMMARY" && panel.contains(focused) && focused.parentElement.id;
    var x = window.scrollX;
    var y = window.scrollY;
    var next = document.createElement("template");
    next.innerHTML = html;
    var fresh = next.content.querySelectorAll("details[id]");
    for (var j = 0; j < fresh.length; j++) {
      if (Object.prototype.hasOwnProperty.call(open, fresh[j].id)) fresh[j].open = open[fresh[j].id];
    }
    panel.replaceChildren(next.content);
    if (focusedPanel) {
      var summary = document.getElementById(focusedPanel);
      summary = summary && summary.querySelector("summary");
      if (summary) summary.focus({ preventScroll: true });
    }
    window.scrollTo(x, y);
  }

  function refresh() {
    if (loading) {
      again = true;
      return;
    }
    if (waiting) return;
    var wait = lastStart + SPACING_MS - Date.now();
    if (wait > 0) {
      waiting = setTimeout(function () {
        waiting = null;
        refresh();
      }, wait);
      return;
    }
    loading = true;
    lastStart = Date.now();
    fetch(panelUrl, { credentials: "same-origin", headers: { Accept: "text/html" } })
      .then(function (response) {
        // A session that ended sends the browser to the sign-in page: stop updating.
        if (!response.ok || response.redirected) throw new Error("panel " + response.status);
        return response.text();
      })
      .then(function (html) {
        swap(html);
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

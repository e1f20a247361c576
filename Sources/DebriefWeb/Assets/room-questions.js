// Debrief questions from the room, live: the participant page's list and the presenter view's
// top three (docs/decisions/0075).
//
// Both are rendered on the server and work without this script (a reload shows the newest list).
// With it, the section listens to GET /v1/f/{code}/room-questions/live (Server-Sent Events), whose
// `questions` events carry only a version of the list the room sees; when it differs from the
// version shown, the section fetches its fragment again (the participant's own list, with this
// browser's votes, from its cookie; the presenter's top three) and puts it in place. Items that
// did not change keep their nodes (and the focus of a button about to be pressed); only the
// order and the changed ones move. A vote posts in place and fetches the list at once.
(function () {
  "use strict";

  var root = document.querySelector("[data-room-questions-live]");
  if (!root || !window.EventSource || !window.fetch || !window.DOMParser) return;
  var presenter = root.hasAttribute("data-room-top-url");
  var listURL = root.getAttribute(presenter ? "data-room-top-url" : "data-room-questions-url");
  var target = document.getElementById(presenter ? "presenter-room-questions-list" : "room-questions-list");
  if (!listURL || !target) return;
  // The presenter's page carries no version: its first event fetches the top three once.
  var shown = root.getAttribute("data-room-questions-version") || "";
  var wanted = shown;
  var fetching = false;
  var source = null;
  var ended = false;

  // A room's phones hear an event at the same moment: each waits a little, at random, so their
  // fetches spread over half a second instead of arriving together.
  var SPREAD = presenter ? 0 : 500;

  function key(node) {
    return node.nodeType === 1 ? node.getAttribute("data-room-question") : null;
  }

  // Puts `fresh`'s children in `into`, keeping each old item whose markup is unchanged; a vote
  // button that had the focus keeps it (or gives it to its item's new button).
  function morph(into, fresh) {
    var focused = document.activeElement;
    var focusedItem = focused && into.contains(focused) && focused.closest ? focused.closest("[data-room-question]") : null;
    var focusedKey = focusedItem ? key(focusedItem) : null;
    var kept = {};
    var old = into.querySelectorAll("[data-room-question]");
    for (var i = 0; i < old.length; i++) kept[key(old[i])] = old[i];
    var items = fresh.querySelectorAll("[data-room-question]");
    for (var j = 0; j < items.length; j++) {
      var before = kept[key(items[j])];
      if (before && before.outerHTML === items[j].outerHTML) items[j].parentNode.replaceChild(before, items[j]);
    }
    var next = document.createDocumentFragment();
    while (fresh.firstChild) next.appendChild(fresh.firstChild);
    into.replaceChildren(next);
    // Moving even a kept node out and back drops its focus: give it back to the item's button.
    if (focusedKey && document.activeElement !== focused) focusVote(focusedKey);
  }

  // The item's vote button takes the focus (some browsers do not focus a clicked button).
  function focusVote(item) {
    var button = target.querySelector('[data-room-question="' + item + '"] .room-vote button');
    if (button) button.focus();
  }
  var focusAfterVote = null;

  function refetch() {
    if (fetching) return;
    fetching = true;
    var asked = wanted;
    fetch(listURL, { credentials: "same-origin", headers: { Accept: "text/html" } })
      .then(function (response) {
        if (!response.ok) throw new Error(String(response.status));
        return response.text();
      })
      .then(function (html) {
        morph(target, new DOMParser().parseFromString(html, "text/html").body);
        shown = asked;
        root.setAttribute("data-room-questions-shown", shown);
        if (focusAfterVote) focusVote(focusAfterVote);
        focusAfterVote = null;
      })
      .catch(function () {
        // Questions switched off, or the network away a moment: the next event tries again.
      })
      .then(function () {
        fetching = false;
        if (wanted !== shown && !ended) refetch();
      });
  }

  // A vote posts in place: the same form the page posts without script, then the list is fetched
  // at once (the live version follows); the pressed button keeps the focus (``morph``).
  target.addEventListener("submit", function (event) {
    var form = event.target;
    if (!form.classList || !form.classList.contains("room-vote")) return;
    event.preventDefault();
    // One post at a time per button (not `disabled`: a disabled button drops the focus).
    if (form.hasAttribute("data-sending")) return;
    form.setAttribute("data-sending", "");
    var item = form.closest("[data-room-question]");
    focusAfterVote = item ? key(item) : null;
    fetch(form.action, { method: "POST", body: new URLSearchParams(new FormData(form)), credentials: "same-origin", redirect: "manual" })
      .then(function (response) {
        // The page answers a plain form with a redirect back to itself (opaque here): a vote taken.
        if (response.type !== "opaqueredirect" && !response.ok) throw new Error(String(response.status));
        wanted = "voted " + Date.now();
        refetch();
      })
      .catch(function () {
        // Refused (a cap, the room closed): the page without script would show why.
        form.submit();
      });
  });

  function heard(version) {
    if (!version || version === wanted) return;
    wanted = version;
    if (version === shown) return;
    window.setTimeout(refetch, Math.floor(Math.random() * SPREAD));
  }

  function connect() {
    ended = false;
    source = new EventSource(root.getAttribute("data-room-questions-live"));
    source.addEventListener("questions", function (event) {
      root.setAttribute("data-room-questions-state", "live");
      retryDelay = RETRY_FIRST;
      try {
        heard(JSON.parse(event.data).version);
      } catch (error) {
        // A malformed event changes nothing shown.
      }
    });
    // The host turned questions off (or the server is going away): keep what is shown, and ask
    // again now and then, so a room the host opens again comes back without a reload.
    source.addEventListener("end", function () {
      stop();
      root.setAttribute("data-room-questions-state", "ended");
    });
    // Refused (404 while questions are off): the browser gives up on it, so the retry is ours.
    source.addEventListener("error", function () {
      if (source && source.readyState === EventSource.CLOSED) stop();
    });
  }

  // A closed room is asked again after 3 s, then twice as long each time up to 2 minutes (a
  // room of 1,000 phones: at most one request each per interval, spread at random).
  var RETRY_FIRST = 3000;
  var RETRY_MOST = 120000;
  var retryDelay = RETRY_FIRST;
  var retryTimer = null;

  function stop() {
    if (source) source.close();
    source = null;
    ended = true;
    if (retryTimer || document.hidden) return;
    retryTimer = window.setTimeout(function () {
      retryTimer = null;
      if (!document.hidden && !source) connect();
    }, retryDelay + Math.floor(Math.random() * retryDelay));
    retryDelay = Math.min(retryDelay * 2, RETRY_MOST);
  }

  // A phone put away stops listening, and when looked at again hears the current version first.
  document.addEventListener("visibilitychange", function () {
    if (document.hidden) {
      if (source) source.close();
      source = null;
    } else if (!source) {
      connect();
    }
  });
  if (!document.hidden) connect();
})();

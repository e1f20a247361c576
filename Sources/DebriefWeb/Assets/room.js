// Debrief live results for the room: the participant's thanks page and the host's presenter view.
//
// Both pages render the results of their load on the server (they work without this script). With
// it, the page listens to GET /v1/f/{code}/results/live (Server-Sent Events) and redraws its
// charts from each event: the room's view of the results (labels, counts, shares, means; never
// a text a participant wrote; about a kilobyte), the same bytes for everyone in the room, so a
// phone asks the server for nothing per event (docs/live.md). Text goes in with textContent only.
(function () {
  "use strict";

  var root = document.querySelector("[data-room-live-url]");
  if (!root || !window.EventSource) return;
  var target = document.getElementById(root.getAttribute("data-room-target"));
  var count = document.getElementById(root.getAttribute("data-room-count") || "");
  var status = document.getElementById(root.getAttribute("data-room-status") || "");
  var words = {
    withheld: root.getAttribute("data-t-withheld") || "withheld",
    answered: root.getAttribute("data-t-answered") || "{n} answered",
    mean: root.getAttribute("data-t-mean") || "average {mean}",
    responses: root.getAttribute("data-t-responses") || "{n} responses"
  };
  if (status) status.hidden = false;

  function say(template, values) {
    return template.replace(/\{(\w+)\}/g, function (_, name) {
      return Object.prototype.hasOwnProperty.call(values, name) ? String(values[name]) : "";
    });
  }

  function element(tag, className, text) {
    var node = document.createElement(tag);
    if (className) node.className = className;
    if (text !== undefined && text !== null) node.textContent = text;
    return node;
  }

  function number(value) {
    return typeof value === "number" ? value.toLocaleString(document.documentElement.lang || undefined) : "";
  }

  // One row per label: the label, a bar as long as its share, and the share.
  function bars(labels, percents) {
    var list = element("ul", "room-bars");
    for (var i = 0; i < labels.length; i++) {
      var percent = percents && typeof percents[i] === "number" ? percents[i] : null;
      var item = element("li", "room-bar");
      item.appendChild(element("span", "room-label", labels[i]));
      var track = element("span", "room-track");
      var fill = element("span", "room-fill");
      fill.style.width = Math.max(0, Math.min(100, percent || 0)) + "%";
      track.appendChild(fill);
      item.appendChild(track);
      item.appendChild(element("span", "room-value", percent === null ? "–" : percent + "%"));
      list.appendChild(item);
    }
    return list;
  }

  function question(result) {
    var section = element("section", "room-question");
    section.setAttribute("data-key", result.key);
    section.appendChild(element("h3", null, result.prompt));
    if (typeof result.respondents === "number") {
      section.appendChild(element("p", "muted", say(words.answered, { n: number(result.respondents) })));
    }
    if (result.withheld) {
      section.appendChild(element("p", "notice", words.withheld));
      return section;
    }
    if (typeof result.mean === "number") {
      section.appendChild(element("p", "room-mean", say(words.mean, { mean: number(Math.round(result.mean * 10) / 10) })));
    }
    var labels = result.labels || [];
    if (result.statements) {
      for (var i = 0; i < result.statements.length; i++) {
        var statement = result.statements[i];
        var part = element("div", "room-statement");
        part.appendChild(element("h4", null, statement.label));
        if (statement.withheld) {
          part.appendChild(element("p", "notice", words.withheld));
        } else {
          part.appendChild(bars(labels, statement.percents));
        }
        section.appendChild(part);
      }
    } else if (result.labels) {
      section.appendChild(bars(labels, result.percents));
    }
    return section;
  }

  // `view`: the room's view of the results (RoomView: each question's labels, counts, shares).
  function draw(view) {
    var next = document.createDocumentFragment();
    var questions = view.questions || [];
    for (var i = 0; i < questions.length; i++) next.appendChild(question(questions[i]));
    target.replaceChildren(next);
    var responses = typeof view.responses === "number" ? view.responses : 0;
    if (count) count.textContent = say(words.responses, { n: number(responses) });
    root.setAttribute("data-updated", String(Date.now()));
    root.setAttribute("data-responses", String(responses));
  }

  function setState(state) {
    if (status) status.setAttribute("data-state", state);
    root.setAttribute("data-live-state", state);
  }

  var source = null;
  var ended = false;

  function connect() {
    source = new EventSource(root.getAttribute("data-room-live-url"));
    source.addEventListener("open", function () {
      setState("live");
    });
    source.addEventListener("results", function (event) {
      setState("live");
      try {
        draw(JSON.parse(event.data));
      } catch (error) {
        setState("offline");
      }
    });
    // The host stopped sharing live (or the server is going away): keep what is shown, stop.
    source.addEventListener("end", function () {
      source.close();
      ended = true;
      setState("ended");
    });
    source.addEventListener("error", function () {
      setState("offline");
    });
  }

  // A phone put away (its page hidden) stops listening, and starts again from the newest results
  // when it is looked at: in a hall of thousands, most screens are off most of the time, and
  // every stream open costs the server a write per event.
  document.addEventListener("visibilitychange", function () {
    if (ended) return;
    if (document.hidden) {
      if (source) source.close();
      source = null;
      setState("paused");
    } else if (!source) {
      connect();
    }
  });
  if (!document.hidden) connect();
})();

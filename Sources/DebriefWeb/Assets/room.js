// Debrief live results for the room: the participant's thanks page and the host's presenter view.
//
// Both pages render the results of their load on the server (they work without this script). With
// it, the page listens to GET /v1/f/{code}/results/live (Server-Sent Events) and redraws its
// charts from each event: the room's view of the results (labels, counts, shares, means, and the
// words of short answers that at least k people used; never a text a participant wrote; about a
// kilobyte), the same bytes for everyone in the room, so a phone asks the server for nothing per
// event (docs/live.md). Text goes in with textContent only.
//
// An event carries the form's own words; the page's words for the same questions (its language,
// `data-room-labels`) take their place, so a participant who read the form in Korean keeps
// reading Korean. On the presenter view (`data-presenter`) the arrow keys, a clicker's Page Up and
// Page Down, Space, Home and End step through the questions one at a time (after the previous
// session's actions, when the page shows them first), and O lists them all.
(function () {
  "use strict";

  var root = document.querySelector("[data-room-live-url]") || document.querySelector("[data-presenter]");
  if (!root) return;
  var target = document.getElementById(root.getAttribute("data-room-target"));
  var count = document.getElementById(root.getAttribute("data-room-count") || "");
  var status = document.getElementById(root.getAttribute("data-room-status") || "");
  var words = {
    withheld: root.getAttribute("data-t-withheld") || "withheld",
    answered: root.getAttribute("data-t-answered") || "{n} answered",
    mean: root.getAttribute("data-t-mean") || "average {mean}",
    responses: root.getAttribute("data-t-responses") || "{n} responses",
    position: root.getAttribute("data-t-position") || "Question {n} of {total}",
    cloud: root.getAttribute("data-t-words") || "Words",
    review: root.getAttribute("data-t-review") || "",
    noWords: root.getAttribute("data-t-no-words") || "",
    themes: root.getAttribute("data-t-themes") || "Themes",
    themeRespondents: root.getAttribute("data-t-theme-respondents") || "{n} respondents"
  };
  var pageLabels = {};
  try {
    pageLabels = JSON.parse(root.getAttribute("data-room-labels") || "{}") || {};
  } catch (error) {
    pageLabels = {};
  }
  // Set by the presenter's stepping: shows the current question after each redraw.
  var afterDraw = null;

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

  // One row per label: the label, a bar as long as its share, and the share (as `share` says
  // it, "{percent}% of points", when the page gives the question's words for it).
  function bars(labels, percents, share) {
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
      item.appendChild(element("span", "room-value", percent === null ? "–" : share ? say(share, { percent: percent }) : percent + "%"));
      list.appendChild(item);
    }
    return list;
  }

  // The page's words for `list` (the event's) when it has as many; else the event's. When they
  // are the same words (the page reads the form's language) the event's own order is kept: a
  // ranking's bars follow its points, so the page's order at load would put a label on another
  // option's bar. (A translated ranking whose order changed still maps by position: the event
  // carries no option ids.)
  // The page's words for an event's rows, matched by category when both name them: a ranking's
  // rows are ordered by points, so the order the page was drawn in is not the event's.
  function pageWords(result, mine) {
    var list = result.labels || [];
    if (!mine.labels || !mine.categories || !result.categories || mine.categories.length !== mine.labels.length) {
      return same(list, mine.labels);
    }
    var byCategory = {};
    for (var i = 0; i < mine.categories.length; i++) byCategory[mine.categories[i]] = mine.labels[i];
    return list.map(function (label, index) {
      var category = result.categories[index];
      return Object.prototype.hasOwnProperty.call(byCategory, category) ? byCategory[category] : label;
    });
  }

  function same(list, mine) {
    if (!mine || !list || mine.length !== list.length) return list;
    var key = function (words) { return words.slice().sort().join("\u0000"); };
    return key(mine) === key(list) ? list : mine;
  }

  // A short answer's words, larger as more people used them (classes cloud-1 … cloud-5).
  function wordCloud(list) {
    if (!list.length) return element("p", "muted", words.noWords);
    var counts = list.map(function (word) { return word.count; });
    var least = Math.min.apply(null, counts);
    var most = Math.max.apply(null, counts);
    var cloudList = element("ul", "word-cloud");
    cloudList.setAttribute("aria-label", words.cloud);
    for (var i = 0; i < list.length; i++) {
      var size = most === least ? 3 : 1 + Math.floor((4 * (list[i].count - least)) / (most - least));
      var item = element("li", "cloud-" + size, list[i].word);
      item.appendChild(element("span", "visually-hidden", " (" + number(list[i].count) + ")"));
      cloudList.appendChild(item);
    }
    return cloudList;
  }

  // A short answer's themes (decision 105): each one's name and how many answered in it, no quote.
  function themeList(themes) {
    var part = document.createDocumentFragment();
    part.appendChild(element("h3", "muted", words.themes));
    var list = element("ul", "themes");
    for (var i = 0; i < themes.length; i++) {
      var item = element("li");
      item.appendChild(element("strong", "theme-name", themes[i].words.join(" \u00b7 ")));
      item.appendChild(document.createTextNode(" "));
      item.appendChild(element("span", "muted", say(words.themeRespondents, { n: number(themes[i].respondents) })));
      list.appendChild(item);
    }
    part.appendChild(list);
    return part;
  }

  function question(result) {
    var mine = pageLabels[result.key] || {};
    var section = element("section", "room-question");
    section.setAttribute("data-key", result.key);
    section.appendChild(element(root.hasAttribute("data-presenter") ? "h2" : "h3", null, mine.prompt || result.prompt));
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
    if (result.words) {
      section.appendChild(wordCloud(result.words));
      if (result.themes && result.themes.length) section.appendChild(themeList(result.themes));
      return section;
    }
    var labels = result.statements ? result.labels || [] : pageWords(result, mine);
    if (result.statements) {
      var statementLabels = same(result.statements.map(function (s) { return s.label; }), mine.statements);
      for (var i = 0; i < result.statements.length; i++) {
        var statement = result.statements[i];
        var part = element("div", "room-statement");
        part.appendChild(element(root.hasAttribute("data-presenter") ? "h3" : "h4", null, statementLabels[i]));
        if (statement.withheld) {
          part.appendChild(element("p", "notice", words.withheld));
        } else {
          part.appendChild(bars(labels, statement.percents, mine.share));
        }
        section.appendChild(part);
      }
    } else if (result.labels) {
      section.appendChild(bars(labels, result.percents, mine.share));
    }
    return section;
  }

  // `view`: the room's view of the results (RoomView: each question's labels, counts, shares).
  function draw(view) {
    var next = document.createDocumentFragment();
    var questions = view.questions || [];
    for (var i = 0; i < questions.length; i++) next.appendChild(question(questions[i]));
    target.replaceChildren(next);
    if (afterDraw) afterDraw();
    var responses = typeof view.responses === "number" ? view.responses : 0;
    if (count) count.textContent = say(words.responses, { n: number(responses) });
    root.setAttribute("data-updated", String(Date.now()));
    root.setAttribute("data-responses", String(responses));
  }

  function setState(state) {
    if (status) status.setAttribute("data-state", state);
    root.setAttribute("data-live-state", state);
  }

  // The presenter view: one question at a time. `data-room-current` is the question shown
  // (1-based; 0: the list of all questions; `review`: the previous session's actions, the step
  // before question 1 when there are any); the address follows it (`?q=N`, `?q=review`), so a
  // reload or the links of the page without script show the same.
  function presenter() {
    if (!root.hasAttribute("data-presenter") || !target) return;
    var previous = document.getElementById("presenter-previous");
    var next = document.getElementById("presenter-next");
    var position = document.getElementById("presenter-position");
    var overview = document.getElementById("presenter-overview");
    var overviewLink = document.getElementById("presenter-overview-link");
    var review = document.getElementById("presenter-review");
    var base = window.location.pathname;
    // The review's step number: below every question and apart from the overview's 0.
    var REVIEW = -1;
    var first = review ? REVIEW : 1;
    var last = first;

    function sections() {
      return target.querySelectorAll("[data-key]");
    }

    function current() {
      var raw = root.getAttribute("data-room-current") || "0";
      if (raw === "review") return review ? REVIEW : 1;
      return parseInt(raw, 10) || 0;
    }

    function address(n) {
      return base + "?q=" + (n === REVIEW ? "review" : n ? n : "overview");
    }

    // The step after and before `n` (never the overview, which O opens and closes).
    function after(n, total) {
      return n === REVIEW ? Math.min(1, total) || REVIEW : Math.min(total, n + 1);
    }

    function before(n) {
      return n <= 1 ? first : n - 1;
    }

    function apply() {
      var all = sections();
      var n = current();
      for (var i = 0; i < all.length; i++) all[i].hidden = i !== n - 1;
      if (overview) overview.hidden = n !== 0;
      if (review) review.hidden = n !== REVIEW;
      if (position) {
        position.textContent = n === REVIEW ? words.review : n ? say(words.position, { n: number(n), total: number(all.length) }) : "";
      }
      if (previous) {
        previous.hidden = !(n > 1 || (n === 1 && review));
        previous.setAttribute("href", address(before(n)));
      }
      if (next) {
        next.hidden = !((n >= 1 || n === REVIEW) && n < all.length);
        next.setAttribute("href", address(after(n, all.length)));
      }
      if (overview) {
        var links = overview.querySelectorAll("a[data-number]");
        for (var j = 0; j < links.length; j++) {
          if (parseInt(links[j].getAttribute("data-number"), 10) === n) links[j].setAttribute("aria-current", "page");
          else links[j].removeAttribute("aria-current");
        }
      }
    }

    function show(n) {
      var total = sections().length;
      n = n === REVIEW && review ? REVIEW : Math.max(0, Math.min(total, n));
      if (n) last = n;
      root.setAttribute("data-room-current", n === REVIEW ? "review" : String(n));
      apply();
      if (window.history && window.history.replaceState) {
        window.history.replaceState(null, "", address(n));
      }
    }

    if (current()) last = current();
    afterDraw = apply;

    document.addEventListener("keydown", function (event) {
      if (event.altKey || event.ctrlKey || event.metaKey || event.defaultPrevented) return;
      var tag = event.target && event.target.tagName;
      if (tag === "INPUT" || tag === "TEXTAREA" || tag === "SELECT") return;
      var n = current();
      var total = sections().length;
      var to;
      switch (event.key) {
        case "ArrowRight": case "ArrowDown": case "PageDown": case " ": case "Spacebar":
          to = n === 0 ? last : after(n, total); break;
        case "ArrowLeft": case "ArrowUp": case "PageUp":
          to = n === 0 ? last : before(n); break;
        case "Home": to = first; break;
        case "End": to = total; break;
        case "o": case "O": to = n === 0 ? last : 0; break;
        case "Escape": to = 0; break;
        default: return;
      }
      event.preventDefault();
      show(to);
    });

    function follow(link, pick) {
      if (!link) return;
      link.addEventListener("click", function (event) {
        event.preventDefault();
        show(pick());
      });
    }
    follow(previous, function () { return before(current()); });
    follow(next, function () { return after(current(), sections().length); });
    follow(overviewLink, function () { return 0; });
    if (overview) {
      overview.addEventListener("click", function (event) {
        var link = event.target.closest ? event.target.closest("a[data-number]") : null;
        if (!link) return;
        event.preventDefault();
        show(parseInt(link.getAttribute("data-number"), 10));
      });
    }
  }
  presenter();

  if (!root.hasAttribute("data-room-live-url") || !window.EventSource) return;
  if (status) status.hidden = false;

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

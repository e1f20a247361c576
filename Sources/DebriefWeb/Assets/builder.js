// Debrief form builder: reorder by drag and keyboard, add and remove without a reload.
//
// The builder works without this script: every button posts the whole draft and the server
// re-renders it. With it, the buttons that change the draft's shape (move, add, remove, the NPS
// preset) act on the page at once, and questions and options also move by dragging their ⠿
// handle or with Alt+ArrowUp / Alt+ArrowDown from any field inside them. New questions and
// options are clones of `<template>`s the server rendered. After every change the fields are
// renumbered (`q{i}.…`, `q{i}.o{j}.…`, `count`, `optionCount`) exactly as the server names them,
// so "Save draft" and "Preview" post the same fields a reload would have, and the server
// validates the whole draft as always. Each change is announced in a polite live region.
//
// Nothing typed is lost by leaving: once the draft on the page differs from the saved one (a
// field edited, a question added, moved or removed, or a page the server marked
// `data-unsaved`), leaving asks first (`beforeunload`), except by the builder's own buttons,
// which post the whole draft (Publish saves it before publishing).
(function () {
  "use strict";

  var form = document.getElementById("builder");
  if (!form || !form.querySelector || !window.HTMLTemplateElement) return;
  var status = document.getElementById("builder-status");
  var count = form.querySelector("input[name=count]");
  var addRow = document.getElementById("add-questions");
  var hint = document.getElementById("reorder-hint");
  var maxQuestions = parseInt(form.getAttribute("data-max-questions"), 10) || 100;
  var maxOptions = parseInt(form.getAttribute("data-max-options"), 10) || 50;

  function phrase(name, values) {
    var text = form.getAttribute("data-" + name) || "";
    for (var key in values) text = text.split("{" + key + "}").join(String(values[key]));
    return text;
  }

  function announce(text) {
    // Emptied first, so the same sentence twice is still read twice.
    status.textContent = "";
    window.setTimeout(function () { status.textContent = text; }, 50);
  }

  function questions() {
    return Array.prototype.slice.call(form.querySelectorAll("fieldset.question-editor"));
  }

  function options(question) {
    return Array.prototype.slice.call(question.querySelectorAll("ol.options > li"));
  }

  var dirty = form.hasAttribute("data-unsaved");
  function changed() { dirty = true; }
  form.addEventListener("input", changed);
  form.addEventListener("change", changed);
  // The summary line's text follows the prompt; the follow-up lists follow every edit.
  form.addEventListener("input", function (event) {
    var target = event.target;
    if (target.name && /^q\d+\.prompt$/.test(target.name)) {
      var shown = target.closest("fieldset.question-editor").querySelector("[data-summary-prompt]");
      if (shown) shown.textContent = target.value.trim() || shown.getAttribute("data-empty");
    }
    scheduleRefresh();
  });
  form.addEventListener("change", scheduleRefresh);

  // ---- A generated key is a suggestion until the host edits it (issue 68) ----
  // A question added here gets the key a save would give it (`q4`, so a follow-up can name it at
  // once), marked `data-generated-key`. Typing into that field replaces the suggestion instead of
  // appending to it (`q4mood`); the first edit makes the key the host's: the mark goes, and the
  // generator never touches it again. Until then the generator keeps it free: a key the host
  // types that takes it moves the suggestion on (follow-ups that named it follow, as for any
  // renamed key).
  function isKeyField(target) { return target && target.name && /^q\d+\.key$/.test(target.name); }
  form.addEventListener("beforeinput", function (event) {
    var target = event.target;
    if (!isKeyField(target) || !target.hasAttribute("data-generated-key")) return;
    if (target.value !== target.getAttribute("data-generated-key")) return;
    if (!/^insert/.test(event.inputType)) return;
    if (event.data === null || event.data === undefined) {
      target.value = "";
      return;
    }
    event.preventDefault();
    target.value = event.data;
    target.setSelectionRange(target.value.length, target.value.length);
    target.dispatchEvent(new Event("input", { bubbles: true }));
  });
  form.addEventListener("input", function (event) {
    var target = event.target;
    if (!isKeyField(target)) return;
    if (target.hasAttribute("data-generated-key") && target.value !== target.getAttribute("data-generated-key")) {
      target.removeAttribute("data-generated-key");
    }
    var typed = target.value.trim();
    var all = questions();
    all.forEach(function (question, index) {
      var input = question.querySelector("input[name$='.key']");
      if (input === target || !input.hasAttribute("data-generated-key") || input.value.trim() !== typed) return;
      var others = all.filter(function (other) { return other !== question; }).map(keyOf);
      input.value = freeName(others, "q", index);
      input.setAttribute("data-generated-key", input.value);
    });
  });

  form.addEventListener("submit", function () { dirty = false; });
  window.addEventListener("beforeunload", function (event) {
    if (!dirty) return;
    event.preventDefault();
    // Older browsers ask only when a value is returned; its text is not shown any more.
    event.returnValue = "";
    return "";
  });

  function questionNumber(i) { return phrase("question-label", { n: i + 1 }); }
  function optionNumber(j) { return phrase("option-label", { n: j + 1 }); }

  // Renames the attributes of `root` and everything in it that start with a field prefix.
  var named = ["id", "name", "for", "aria-describedby", "aria-labelledby"];
  function rename(root, change) {
    var elements = [root].concat(Array.prototype.slice.call(root.querySelectorAll("*")));
    elements.forEach(function (element) {
      named.forEach(function (attribute) {
        var value = element.getAttribute(attribute);
        if (value === null) return;
        var renamed = value.split(" ").map(change).join(" ");
        if (renamed !== value) element.setAttribute(attribute, renamed);
      });
    });
  }

  function questionPrefix(from, to) {
    return function (token) {
      if (token === from) return to;
      if (token.indexOf(from + ".") === 0 || token.indexOf(from + "-") === 0) return to + token.slice(from.length);
      return token;
    };
  }

  function optionPrefix(j) {
    return function (token) {
      return token.replace(/^(q[^.\-]+)([.\-])o[^.\-]+(?=[.\-])/, "$1$2o" + j);
    };
  }

  // Gives every field, button and label the name and words of its current position.
  function renumber() {
    changed();
    scheduleRefresh();
    var all = questions();
    count.value = String(all.length);
    all.forEach(function (question, i) {
      var prefix = "q" + i;
      if (question.id !== prefix) rename(question, questionPrefix(question.id, prefix));
      var number = questionNumber(i);
      question.querySelectorAll("[data-question-number]").forEach(function (heading) { heading.textContent = number; });
      var list = options(question);
      list.forEach(function (item, j) {
        rename(item, optionPrefix(j));
        var text = optionNumber(j);
        var label = item.querySelector("input[type=text]");
        if (label) label.setAttribute("aria-label", text);
        item.querySelectorAll("button[name=action]").forEach(function (button) {
          var action = button.value.split(":")[0];
          button.value = action + ":" + i + ":" + j;
          var words = action === "optionUp" ? "move-up" : action === "optionDown" ? "move-down" : "remove";
          button.setAttribute("aria-label", phrase(words, {}) + ": " + number + ", " + text);
          if (action === "optionUp") button.hidden = j === 0;
          if (action === "optionDown") button.hidden = j === list.length - 1;
        });
      });
      var optionCount = question.querySelector("input[name$='.optionCount']");
      if (optionCount) optionCount.value = String(list.length);
      question.querySelectorAll("button[name=action]").forEach(function (button) {
        if (button.closest("li")) return;
        var action = button.value.split(":")[0];
        button.value = action + ":" + i;
        if (action === "up" || action === "down" || action === "remove") {
          var words = action === "up" ? "move-up" : action === "down" ? "move-down" : "remove";
          button.setAttribute("aria-label", phrase(words, {}) + ": " + number);
        }
        if (action === "up") button.hidden = i === 0;
        if (action === "down") button.hidden = i === all.length - 1;
      });
    });
  }

  // ---- Follow-ups picked from lists (issue 32, item 3) ----
  // Each question's "Show this question only when…" lists the earlier rating and choice
  // questions by their text, then the chosen one's options (checkboxes) or scale (two selects),
  // exactly as the server renders them; here they follow every edit at once, so the "Update
  // choices" button (the no-script way) is not needed.

  function keyOf(question) { return question.querySelector("input[name$='.key']").value.trim(); }
  function kindOf(question) { return question.querySelector("input[name$='.kind']").value; }
  function field(question, suffix) { return question.querySelector("[name='" + question.id + "." + suffix + "']"); }

  // The first of prefix1, prefix2, … from position `index` on that `taken` does not hold (the
  // server's IdentifierAssigner).
  function freeName(taken, prefix, index) {
    var number = index + 1;
    while (taken.indexOf(prefix + number) >= 0) number += 1;
    return prefix + number;
  }

  function element(tag, attributes, text) {
    var made = document.createElement(tag);
    for (var name in attributes) made.setAttribute(name, attributes[name]);
    if (text !== undefined) made.textContent = text;
    return made;
  }

  function sourceOf(question, index) {
    var prompt = field(question, "prompt").value.trim();
    var source = { key: keyOf(question), kind: kindOf(question), index: index,
      label: questionNumber(index) + ": " + (prompt || phrase("untitled", {})) };
    if (source.kind === "choice") {
      source.options = options(question).map(function (li, j) {
        var label = li.querySelector("input[type=text]").value.trim();
        return { id: li.querySelector("input[type=hidden]").value, label: label || optionNumber(j) };
      });
    } else {
      var min = parseInt(field(question, "min").value, 10), max = parseInt(field(question, "max").value, 10);
      source.min = isNaN(min) ? 1 : min;
      source.max = isNaN(max) || max < source.min ? Math.max(source.min, 5) : max;
      source.minLabel = field(question, "minLabel").value.trim();
      source.maxLabel = field(question, "maxLabel").value.trim();
    }
    return source;
  }

  // What is chosen now in a follow-up's values, to keep across a rebuild.
  function pickedValues(block) {
    var boxes = block.querySelectorAll("input[type=checkbox]");
    var from = block.querySelector("select[name$='.showWhenFrom']"), to = block.querySelector("select[name$='.showWhenTo']");
    var typed = block.querySelector("input[name$='.showWhenValues']");
    var rule = block.querySelector("select[name$='.showWhenRule']");
    return {
      ids: Array.prototype.filter.call(boxes, function (box) { return box.checked; }).map(function (box) { return box.value; })
        .concat(typed ? typed.value.split(/[\s,]+/).filter(Boolean) : []),
      from: from ? parseInt(from.value, 10) : null, to: to ? parseInt(to.value, 10) : null,
      rule: rule ? rule.value : ""
    };
  }

  function ruleField(prefix, rules, chosen) {
    var wrap = element("div", { "class": "field" });
    wrap.appendChild(element("label", { "for": prefix + "-showWhenRule" }, phrase("rule-label", {})));
    var select = element("select", { id: prefix + "-showWhenRule", name: prefix + ".showWhenRule" });
    rules.forEach(function (rule) {
      var option = element("option", { value: rule[0] }, rule[1]);
      if (rule[0] === chosen) option.selected = true;
      select.appendChild(option);
    });
    wrap.appendChild(select);
    return wrap;
  }

  function renderValues(question, values, source, kept) {
    var prefix = question.id;
    values.textContent = "";
    if (!source) {
      values.appendChild(element("p", { "class": "hint", "data-pick-first": "" }, phrase("pick-first", {})));
      return;
    }
    if (source.kind === "choice") {
      values.appendChild(ruleField(prefix, [["chosen", phrase("chosen", {})], ["notChosen", phrase("not-chosen", {})]], kept.rule));
      var set = element("fieldset", { "class": "picks", id: prefix + "-showWhenValues" });
      set.appendChild(element("legend", {}, phrase("option-legend", {})));
      source.options.forEach(function (option, j) {
        var id = prefix + "-showWhen-o" + j;
        var label = element("label", { "class": "choice", "for": id });
        var box = element("input", { type: "checkbox", id: id, name: prefix + ".showWhenOption", value: option.id });
        box.checked = kept.ids.indexOf(option.id) >= 0;
        label.appendChild(box);
        label.appendChild(document.createTextNode(" " + option.label));
        set.appendChild(label);
      });
      values.appendChild(set);
    } else {
      values.appendChild(ruleField(prefix, [["ratingBetween", phrase("between", {})]], "ratingBetween"));
      var range = element("fieldset", { "class": "picks inline", id: prefix + "-showWhenValues" });
      range.appendChild(element("legend", {}, phrase("range-legend", {})));
      [["From", "from-label", kept.from === null || isNaN(kept.from) ? source.min : kept.from],
       ["To", "to-label", kept.to === null || isNaN(kept.to) ? source.max : kept.to]].forEach(function (end) {
        var id = prefix + "-showWhen" + end[0];
        var wrap = element("div", { "class": "field" });
        wrap.appendChild(element("label", { "for": id }, phrase(end[1], {})));
        var select = element("select", { id: id, name: prefix + ".showWhen" + end[0] });
        for (var value = source.min; value <= source.max && value - source.min <= 10; value++) {
          var text = String(value);
          if (value === source.min && source.minLabel) text += " – " + source.minLabel;
          if (value === source.max && source.maxLabel) text += " – " + source.maxLabel;
          var option = element("option", { value: String(value) }, text);
          if (value === end[2]) option.selected = true;
          select.appendChild(option);
        }
        wrap.appendChild(select);
        range.appendChild(wrap);
      });
      values.appendChild(range);
    }
  }

  // The summary line's "shown when …", from what is chosen now.
  function conditionText(source, kept) {
    if (!source) return "";
    var question = questionNumber(source.index);
    if (source.kind === "choice") {
      var labels = source.options.filter(function (o) { return kept.ids.indexOf(o.id) >= 0; }).map(function (o) { return o.label; });
      if (!labels.length) return "";
      return phrase(kept.rule === "notChosen" ? "shown-not-chosen" : "shown-chosen", { question: question, options: labels.join(", ") });
    }
    return phrase("shown-range", { question: question, from: kept.from === null || isNaN(kept.from) ? source.min : kept.from,
      to: kept.to === null || isNaN(kept.to) ? source.max : kept.to });
  }

  function refreshFollowUps() {
    var all = questions();
    // The lists follow live: the no-script "Update choices" (also of a question just added) is not needed.
    form.querySelectorAll("[data-update-choices]").forEach(function (button) { button.hidden = true; });
    // A key the host changed: the follow-ups that named it follow it.
    var renamed = {};
    all.forEach(function (question) {
      var input = question.querySelector("input[name$='.key']");
      var last = input.getAttribute("data-last-key");
      if (last !== null && last !== input.value.trim() && last) renamed[last] = input.value.trim();
      input.setAttribute("data-last-key", input.value.trim());
    });
    all.forEach(function (question, i) {
      var block = question.querySelector("[data-follow-up]");
      if (!block) return;
      var select = block.querySelector("select[data-follow-up-question]");
      var values = block.querySelector("[data-follow-up-values]");
      var chosen = select.value;
      if (renamed[chosen] !== undefined) chosen = renamed[chosen];
      var sources = [];
      all.slice(0, i).forEach(function (earlier, index) {
        var kind = kindOf(earlier);
        if (kind === "rating" || kind === "choice") sources.push(sourceOf(earlier, index));
      });
      var source = sources.filter(function (s) { return s.key === chosen; })[0] || null;
      var listed = JSON.stringify([chosen, sources.map(function (s) { return [s.key, s.label]; })]);
      if (select.getAttribute("data-listed") !== listed) {
        select.setAttribute("data-listed", listed);
        select.textContent = "";
        select.appendChild(element("option", { value: "" }, phrase("always", {})));
        sources.forEach(function (s) { select.appendChild(element("option", { value: s.key }, s.label)); });
        if (chosen && !source) select.appendChild(element("option", { value: chosen }, phrase("unknown-source", { key: chosen })));
        select.value = chosen;
      }
      var kept = pickedValues(values);
      var shape = JSON.stringify(source);
      // A question the page cannot list keeps its typed values, as the server renders it.
      if (values.getAttribute("data-shape") !== shape && !(chosen && !source)) {
        var first = values.getAttribute("data-shape") === null;
        values.setAttribute("data-shape", shape);
        // The server rendered the same lists; rebuilt only when they change.
        if (!first || !values.querySelector("select, input")) renderValues(question, values, source, kept);
        else if (source && values.querySelector("[data-pick-first]")) renderValues(question, values, source, kept);
        kept = pickedValues(values);
      }
      var summary = question.querySelector("[data-summary-condition]");
      var text = chosen && source ? conditionText(source, kept) : "";
      if (summary) {
        summary.textContent = text ? "(" + text + ")" : "";
        summary.hidden = !text;
      }
    });
  }

  var refreshTimer = null;
  function scheduleRefresh() {
    window.clearTimeout(refreshTimer);
    refreshTimer = window.setTimeout(refreshFollowUps, 150);
  }

  // ---- The preview beside the editor (issue 32, item 5): refreshed in place ----
  var preview = document.getElementById("preview");
  function refreshPreview(button) {
    var body = new URLSearchParams(new FormData(form));
    body.set("action", "preview");
    fetch(form.getAttribute("action"), { method: "POST", body: body, credentials: "same-origin", headers: { "Accept": "text/html" } })
      .then(function (response) {
        if (!response.ok) throw new Error("refused");
        return response.text();
      })
      .then(function (html) {
        var fresh = new DOMParser().parseFromString(html, "text/html").getElementById("preview");
        if (!fresh || !preview) throw new Error("no preview");
        preview.innerHTML = fresh.innerHTML;
        announce(phrase("preview-updated", {}));
        var box = preview.getBoundingClientRect();
        if (box.top < 0 || box.top > window.innerHeight) {
          preview.scrollIntoView({ block: "start" });
          preview.focus({ preventScroll: true });
        }
      })
      .catch(function () {
        // A draft with problems: post it as without script; the page lists them.
        button.setAttribute("data-bypass", "");
        dirty = false;
        button.click();
      });
  }

  // ---- The privacy threshold's explanation follows the select (issue 32, item 6) ----
  var threshold = document.getElementById("privacyThreshold");
  var explanation = document.getElementById("privacyThreshold-explanation");
  if (threshold && explanation) {
    threshold.addEventListener("change", function () {
      var k = threshold.value;
      explanation.textContent = k === "1" ? explanation.getAttribute("data-explanation-one")
        : explanation.getAttribute("data-explanation").split("{k}").join(k);
    });
  }

  // Moves `item` one place up (-1) or down (+1) among `siblings`; false when it cannot.
  function move(item, siblings, step) {
    var index = siblings.indexOf(item);
    var target = siblings[index + step];
    if (index < 0 || !target) return false;
    if (step < 0) target.parentNode.insertBefore(item, target);
    else target.parentNode.insertBefore(item, target.nextSibling);
    return true;
  }

  function announceMove(item) {
    var question = item.closest("fieldset.question-editor");
    if (item === question) {
      var all = questions();
      announce(phrase("moved", { item: question.querySelector("[data-question-number]").textContent, n: all.indexOf(question) + 1, count: all.length }));
    } else {
      var list = options(question);
      var index = list.indexOf(item);
      announce(phrase("moved", { item: question.querySelector("[data-question-number]").textContent + ", " + optionNumber(index), n: index + 1, count: list.length }));
    }
  }

  // Keeps the keyboard where it was: on `preferred` if it can take focus, else on `fallback`.
  function keepFocus(preferred, fallback) {
    var target = preferred && !preferred.hidden ? preferred : fallback;
    if (target) target.focus();
  }

  function enhance(root) {
    var items = [];
    if (root.matches && root.matches("fieldset.question-editor")) items.push(root);
    if (root.matches && root.matches("ol.options > li")) items.push(root);
    items = items.concat(Array.prototype.slice.call(root.querySelectorAll("fieldset.question-editor, ol.options > li")));
    items.forEach(function (item) {
      if (item.querySelector(":scope > p.actions > .drag-handle, :scope > span.inline > .drag-handle")) return;
      var handle = document.createElement("span");
      handle.className = "drag-handle";
      handle.textContent = "⠿";
      handle.setAttribute("aria-hidden", "true");
      handle.title = phrase("drag", {});
      if (item.tagName === "LI") {
        var row = item.querySelector("span.inline");
        row.insertBefore(handle, row.firstChild);
      } else {
        // Beside the move buttons, which stay outside the collapsed editor.
        var actions = item.querySelector(":scope > p.actions");
        actions.insertBefore(handle, actions.firstChild);
      }
      handle.addEventListener("pointerdown", function (event) { startDrag(event, item); });
    });
  }

  // Dragging by the handle: the item follows the pointer among its siblings, in place.
  // The move and release are heard on the document, not on the handle: moving the item moves
  // its handle in the DOM, which releases any pointer capture, and the release must still end
  // the drag wherever the pointer is by then.
  function startDrag(event, item) {
    if (event.button !== 0) return;
    event.preventDefault();
    var pointer = event.pointerId;
    var siblingsOf = function () {
      return item.tagName === "LI" ? options(item.closest("fieldset.question-editor")) : questions();
    };
    var start = siblingsOf().indexOf(item);
    item.classList.add("dragging");
    function onMove(moveEvent) {
      if (moveEvent.pointerId !== pointer) return;
      var siblings = siblingsOf();
      for (var k = 0; k < siblings.length; k++) {
        var other = siblings[k];
        if (other === item) continue;
        var box = other.getBoundingClientRect();
        var index = siblings.indexOf(item);
        if (k < index && moveEvent.clientY < box.top + box.height / 2) {
          other.parentNode.insertBefore(item, other);
          return;
        }
        if (k > index && moveEvent.clientY > box.top + box.height / 2) {
          other.parentNode.insertBefore(item, other.nextSibling);
        }
      }
    }
    function onUp(upEvent) {
      if (upEvent.pointerId !== pointer) return;
      document.removeEventListener("pointermove", onMove);
      document.removeEventListener("pointerup", onUp);
      document.removeEventListener("pointercancel", onUp);
      item.classList.remove("dragging");
      if (siblingsOf().indexOf(item) !== start) {
        renumber();
        announceMove(item);
      }
    }
    document.addEventListener("pointermove", onMove);
    document.addEventListener("pointerup", onUp);
    document.addEventListener("pointercancel", onUp);
  }

  function addQuestion(kind) {
    if (questions().length >= maxQuestions) return;
    var template = document.getElementById("builder-new-" + kind);
    if (!template) return;
    var question = template.content.firstElementChild.cloneNode(true);
    // The key a save would give it, so a later follow-up can name it before it is saved.
    var key = question.querySelector("input[name$='.key']");
    key.value = freeName(questions().map(keyOf), "q", questions().length);
    key.setAttribute("data-generated-key", key.value);
    // Its options too (o1, o2), so a follow-up's checkboxes tell them apart before a save.
    if (kind === "choice") {
      options(question).forEach(function (li, j) { li.querySelector("input[type=hidden]").value = "o" + (j + 1); });
    }
    addRow.parentNode.insertBefore(question, addRow);
    enhance(question);
    renumber();
    question.querySelector("input[type=text]").focus();
    announce(phrase("added", { item: question.querySelector("[data-question-number]").textContent }));
  }

  function addOption(question) {
    var list = question.querySelector("ol.options");
    if (!list || options(question).length >= maxOptions) return;
    var item = document.getElementById("builder-new-option").content.firstElementChild.cloneNode(true);
    rename(item, questionPrefix("qnew", question.id));
    if (kindOf(question) === "choice") {
      var ids = options(question).map(function (li) { return li.querySelector("input[type=hidden]").value; });
      item.querySelector("input[type=hidden]").value = freeName(ids, "o", ids.length);
    }
    list.appendChild(item);
    enhance(item);
    renumber();
    item.querySelector("input[type=text]").focus();
    announce(phrase("added", { item: question.querySelector("[data-question-number]").textContent + ", " + optionNumber(options(question).length - 1) }));
  }

  function removeQuestion(question) {
    var all = questions();
    var index = all.indexOf(question);
    var name = question.querySelector("[data-question-number]").textContent;
    question.parentNode.removeChild(question);
    renumber();
    var next = questions()[Math.min(index, questions().length - 1)];
    keepFocus(next && next.querySelector("input[type=text]"), document.getElementById("add-choice"));
    announce(phrase("removed", { item: name }));
  }

  function removeOption(item) {
    var question = item.closest("fieldset.question-editor");
    var list = options(question);
    var index = list.indexOf(item);
    var name = question.querySelector("[data-question-number]").textContent + ", " + optionNumber(index);
    item.parentNode.removeChild(item);
    renumber();
    var rest = options(question);
    var next = rest[Math.min(index, rest.length - 1)];
    keepFocus(next && next.querySelector("input[type=text]"), question.querySelector("button[value^='addOption:']"));
    announce(phrase("removed", { item: name }));
  }

  form.addEventListener("click", function (event) {
    var button = event.target.closest("button[name=action]");
    if (!button || !form.contains(button)) return;
    var action = button.value.split(":")[0];
    var question = button.closest("fieldset.question-editor");
    var item = button.closest("li");
    switch (action) {
      case "add":
        event.preventDefault();
        addQuestion(button.value.split(":")[1]);
        return;
      case "up":
      case "down":
        event.preventDefault();
        if (move(question, questions(), action === "up" ? -1 : 1)) {
          renumber();
          keepFocus(button, question.querySelector(action === "up" ? "button[value^='down:']" : "button[value^='up:']"));
          announceMove(question);
        }
        return;
      case "optionUp":
      case "optionDown":
        event.preventDefault();
        if (move(item, options(question), action === "optionUp" ? -1 : 1)) {
          renumber();
          keepFocus(button, item.querySelector(action === "optionUp" ? "button[value^='optionDown:']" : "button[value^='optionUp:']"));
          announceMove(item);
        }
        return;
      case "remove":
        event.preventDefault();
        removeQuestion(question);
        return;
      case "removeOption":
        event.preventDefault();
        removeOption(item);
        return;
      case "addOption":
        event.preventDefault();
        addOption(question);
        return;
      case "nps":
        event.preventDefault();
        changed();
        question.querySelector("input[name$='.min']").value = "0";
        question.querySelector("input[name$='.max']").value = "10";
        question.querySelector("input[name$='.min']").focus();
        return;
      case "preview":
        if (button.hasAttribute("data-bypass")) return;
        event.preventDefault();
        refreshPreview(button);
        return;
      default:
        // "save" and "publish" post the draft.
    }
  });

  // Alt+ArrowUp / Alt+ArrowDown inside an option moves the option, elsewhere in a question the question.
  form.addEventListener("keydown", function (event) {
    if (!event.altKey || (event.key !== "ArrowUp" && event.key !== "ArrowDown")) return;
    var focused = event.target;
    var question = focused.closest && focused.closest("fieldset.question-editor");
    if (!question) return;
    var item = focused.closest("ol.options > li");
    var step = event.key === "ArrowUp" ? -1 : 1;
    event.preventDefault();
    var moved = item ? move(item, options(question), step) : move(question, questions(), step);
    if (!moved) return;
    renumber();
    focused.focus();
    announceMove(item || question);
  });

  enhance(form);
  if (hint) hint.hidden = false;
  refreshFollowUps();
})();

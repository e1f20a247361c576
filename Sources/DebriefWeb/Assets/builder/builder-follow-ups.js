// builder.js, part 3 of 6: follow-ups picked from lists.
// The parts are one script: Assets.builderScript joins them in order, inside the one
// function the first part opens and the last closes, so they share its names.

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


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
//
// The script is served as one file, builder.js, joined from the parts in Assets/builder/ in the
// order Assets.builderScript lists them: this part opens the function they share; the last closes it.
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


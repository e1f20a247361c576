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
    var all = questions();
    count.value = String(all.length);
    all.forEach(function (question, i) {
      var prefix = "q" + i;
      if (question.id !== prefix) rename(question, questionPrefix(question.id, prefix));
      var number = questionNumber(i);
      var heading = question.querySelector("[data-question-number]");
      if (heading) heading.textContent = number;
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
      if (item.querySelector(":scope > .drag-handle, :scope > span.inline > .drag-handle")) return;
      var handle = document.createElement("span");
      handle.className = "drag-handle";
      handle.textContent = "⠿";
      handle.setAttribute("aria-hidden", "true");
      handle.title = phrase("drag", {});
      if (item.tagName === "LI") {
        var row = item.querySelector("span.inline");
        row.insertBefore(handle, row.firstChild);
      } else {
        var legend = item.querySelector("legend");
        item.insertBefore(handle, legend.nextSibling);
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
      default:
        // "save", "preview" and "publish" post the draft.
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
})();

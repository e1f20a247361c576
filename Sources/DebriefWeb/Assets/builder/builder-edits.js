// builder.js, part 6 of 6: adding and removing, the buttons and keys, and the start.
// The parts are one script: Assets.builderScript joins them in order, inside the one
// function the first part opens and the last closes, so they share its names.

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

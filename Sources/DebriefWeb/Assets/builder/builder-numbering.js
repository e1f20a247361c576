// builder.js, part 2 of 6: the fields' names and words follow their positions.
// The parts are one script: Assets.builderScript joins them in order, inside the one
// function the first part opens and the last closes, so they share its names.

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


// Follow-up questions on the participant page (docs/decisions/0034-follow-up-questions.md).
// Without script every question shows, each follow-up with its condition in words, and the
// server ignores answers to a follow-up whose condition the posted answers do not meet. With
// it, a follow-up is hidden (and its inputs disabled, so nothing of it is posted) until the
// deciding question's answer meets the condition; a hidden question hides its own follow-ups.
(function () {
  "use strict";
  var form = document.querySelector("form[action^='/f/']:not([action*='/check-in'])");
  if (!form) return;
  var followUps = Array.prototype.slice.call(form.querySelectorAll("[data-show-when-field]"));
  if (followUps.length === 0) return;

  function shown(container) {
    return !container || !container.hidden;
  }

  function containerOf(field) {
    var input = form.querySelector("[name='" + field + "']");
    return input ? input.closest(".question") : null;
  }

  function valuesOf(field) {
    var values = [];
    form.querySelectorAll("[name='" + field + "']").forEach(function (input) {
      if ((input.type === "radio" || input.type === "checkbox") && !input.checked) return;
      if (!input.disabled && input.value !== "") values.push(input.value);
    });
    return values;
  }

  function isMet(container) {
    var field = container.getAttribute("data-show-when-field");
    if (!shown(containerOf(field))) return false;
    var values = valuesOf(field);
    if (values.length === 0) return false;
    var rule = container.getAttribute("data-show-when-rule").split(" ");
    var kind = rule.shift();
    if (kind === "rating") {
      var value = Number(values[0]);
      return value >= Number(rule[0]) && value <= Number(rule[1]);
    }
    var any = values.some(function (v) { return rule.indexOf(v) >= 0; });
    return kind === "chosen" ? any : !any;
  }

  function update() {
    // In form order, so a follow-up of a follow-up sees its deciding question's new state.
    followUps.forEach(function (container) {
      var met = isMet(container);
      container.hidden = !met;
      container.querySelectorAll("input, textarea, select").forEach(function (input) { input.disabled = !met; });
    });
  }

  form.addEventListener("change", update);
  form.addEventListener("input", update);
  update();
})();

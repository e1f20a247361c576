// Ranking questions on the participant page (issue 68; docs/decisions/0070-ranking-questions.md).
// Without script each option has a place <select> (blank, 1…n), and those fields are what the
// form posts. With it the options become one large button each, tapped in order of preference:
// the first tapped is 1, the next 2, …; tapping a numbered one takes it out and renumbers the
// rest. Every tap writes the places back into the same <select>s (blank for an option not
// placed), so the server reads the same fields as without script and refuses a partial order
// the same way. The buttons keep their places (the host's order) so nothing moves under a
// finger; a live region says what each tap did ("Roadmap: place 2 of 4").
(function () {
  "use strict";

  function phrase(list, name, values) {
    var text = list.getAttribute("data-t-" + name) || "";
    for (var key in values) text = text.split("{" + key + "}").join(String(values[key]));
    return text;
  }

  function span(className) {
    var element = document.createElement("span");
    element.className = className;
    return element;
  }

  function enhance(list) {
    var fieldset = list.closest("fieldset");
    var status = fieldset.querySelector("[data-ranking-status]");
    var rows = Array.prototype.slice.call(list.querySelectorAll("li.ranking-row"));
    var items = rows.map(function (row) {
      var select = row.querySelector("select");
      return { select: select, label: row.querySelector(".ranking-label").textContent, place: Number(select.value) || 0 };
    });
    var n = items.length;
    // The order posted so far (a refused post, or answers being changed): by place, two at one
    // place in the order listed, as the server reads the same fields.
    var order = items.filter(function (item) { return item.place > 0; }).sort(function (a, b) {
      return a.place - b.place || items.indexOf(a) - items.indexOf(b);
    });

    var buttons = document.createElement("ul");
    buttons.className = "ranking-taps";
    items.forEach(function (item) {
      var button = document.createElement("button");
      button.type = "button";
      button.className = "ranking-tap";
      button.setAttribute("data-select", item.select.id);
      item.number = span("ranking-number");
      item.number.setAttribute("aria-hidden", "true");
      var label = span("ranking-option");
      label.textContent = item.label;
      // The place in words, for a screen reader: the number drawn beside the label is hidden from it.
      item.where = span("visually-hidden");
      button.append(item.number, label, item.where);
      button.addEventListener("click", function () { tap(item); });
      item.button = button;
      var entry = document.createElement("li");
      entry.appendChild(button);
      buttons.appendChild(entry);
    });
    list.hidden = true;
    list.parentNode.insertBefore(buttons, list);
    var hint = fieldset.querySelector(".hint");
    if (hint) hint.textContent = phrase(list, "tap-hint", {});
    show(false);

    function tap(item) {
      var at = order.indexOf(item);
      if (at >= 0) order.splice(at, 1); else order.push(item);
      show(true);
      announce(at >= 0
        ? phrase(list, "unplaced", { option: item.label, count: order.length, n: n })
        : phrase(list, "placed", { option: item.label, place: order.length, n: n }));
    }

    // Draws each button's number and state; with `write`, puts the places into the <select>s.
    function show(write) {
      items.forEach(function (item) {
        var place = order.indexOf(item) + 1;
        item.number.textContent = place > 0 ? String(place) : "";
        item.where.textContent = place > 0 ? ", " + phrase(list, "place-on-button", { place: place, n: n }) : "";
        item.button.setAttribute("aria-pressed", place > 0 ? "true" : "false");
        if (write) {
          item.select.value = place > 0 ? String(place) : "";
          item.select.dispatchEvent(new Event("change", { bubbles: true }));
        }
      });
    }

    function announce(text) {
      if (!status) return;
      // Emptied first, so the same sentence twice is still read twice.
      status.textContent = "";
      window.setTimeout(function () { status.textContent = text; }, 50);
    }
  }

  document.querySelectorAll("ol.ranking[data-ranking]").forEach(enhance);
})();

// builder.js, part 5 of 6: moving questions and options by keyboard and by drag.
// The parts are one script: Assets.builderScript joins them in order, inside the one
// function the first part opens and the last closes, so they share its names.

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


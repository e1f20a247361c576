// builder.js, part 4 of 6: the preview and the privacy threshold's explanation.
// The parts are one script: Assets.builderScript joins them in order, inside the one
// function the first part opens and the last closes, so they share its names.

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


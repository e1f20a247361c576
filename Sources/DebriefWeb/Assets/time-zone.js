// Debrief: the browser's time zone for the host's pages.
//
// Sign-up and sign-in carry a hidden `timeZone` field; the account page's zone field is marked
// `data-browser-default` until the host picks a zone. Without this script the hidden field stays
// empty (the account keeps UTC until set on the account page); with it, the browser's IANA zone
// (`Intl.DateTimeFormat().resolvedOptions().timeZone`) fills the hidden field, and replaces the
// zone field's UTC (a text field with suggestions, `<input list>`).
// The server validates it like any input.
(function () {
  "use strict";

  var zone;
  try {
    zone = Intl.DateTimeFormat().resolvedOptions().timeZone;
  } catch (e) {
    return;
  }
  if (!zone) return;
  var hidden = document.querySelectorAll("input[data-browser-time-zone]");
  for (var i = 0; i < hidden.length; i++) {
    if (!hidden[i].value) hidden[i].value = zone;
  }
  var fields = document.querySelectorAll("input[data-browser-default]");
  for (var j = 0; j < fields.length; j++) {
    fields[j].value = zone;
  }
})();

// Debrief: the browser's time zone for the host's pages.
//
// Sign-up and sign-in carry a hidden `timeZone` field; the account page's zone list is marked
// `data-browser-default` until the host picks a zone. Without this script the field stays empty
// (the account keeps UTC until set on the account page); with it, the browser's IANA zone
// (`Intl.DateTimeFormat().resolvedOptions().timeZone`) fills the field or is selected in the list.
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
  var lists = document.querySelectorAll("select[data-browser-default]");
  for (var j = 0; j < lists.length; j++) {
    for (var k = 0; k < lists[j].options.length; k++) {
      if (lists[j].options[k].value === zone) {
        lists[j].selectedIndex = k;
        break;
      }
    }
  }
})();

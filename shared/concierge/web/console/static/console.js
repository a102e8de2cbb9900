// The console's little script: confirm before destructive forms, no double submits, and polling
// that reloads a page when what it shows has changed (a plan's progress, a customer's new message).
(function () {
  "use strict";

  document.addEventListener("submit", function (event) {
    var form = event.target;
    var question = form.getAttribute("data-confirm");
    if (question && !window.confirm(question)) {
      event.preventDefault();
      return;
    }
    if (form.method.toLowerCase() === "post") {
      if (form.dataset.sent) {
        event.preventDefault();
        return;
      }
      form.dataset.sent = "yes";
    }
  });

  function same(a, b) {
    return JSON.stringify(a) === JSON.stringify(b);
  }

  function poll(element) {
    var url = element.getAttribute("data-poll");
    var shown = JSON.parse(element.getAttribute("data-poll-state"));
    var note = document.getElementById("poll-note");
    var delay = 1000;
    function check() {
      fetch(url, { credentials: "same-origin", headers: { Accept: "application/json" } })
        .then(function (response) {
          if (response.status === 401) {
            window.location.reload();
            return null;
          }
          return response.ok ? response.json() : null;
        })
        .then(function (now) {
          if (now && !same(now, shown)) {
            var draft = document.querySelector("textarea");
            if (draft && draft.value.trim()) {
              if (note) note.textContent = "New messages: send or clear your reply, then reload the page.";
              shown = now;
            } else {
              window.location.reload();
              return;
            }
          }
          delay = Math.min(delay * 1.5, 5000);
          window.setTimeout(check, delay);
        })
        .catch(function () {
          if (note) note.textContent = "The console cannot reach the server; retrying.";
          window.setTimeout(check, 5000);
        });
    }
    window.setTimeout(check, delay);
  }

  document.addEventListener("DOMContentLoaded", function () {
    document.querySelectorAll("[data-poll][data-poll-state]").forEach(poll);
  });
})();

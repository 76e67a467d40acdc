/* koloda: the Russian | English view switch of the generated pages.
   Without this script both languages are shown side by side. */
(function () {
  "use strict";
  var KEY = "koloda-view";
  var VIEWS = ["both", "ru", "en"];

  function apply(view) {
    if (VIEWS.indexOf(view) < 0) { view = "both"; }
    if (view === "both") {
      delete document.body.dataset.kolodaView;
    } else {
      document.body.dataset.kolodaView = view;
    }
    var buttons = document.querySelectorAll(".koloda-view-toggle button[data-view]");
    for (var i = 0; i < buttons.length; i++) {
      buttons[i].setAttribute("aria-pressed", String(buttons[i].dataset.view === view));
    }
  }

  function stored() {
    try { return window.localStorage.getItem(KEY) || "both"; } catch (e) { return "both"; }
  }

  function choose(view) {
    try { window.localStorage.setItem(KEY, view); } catch (e) { /* private mode */ }
    apply(view);
  }

  document.addEventListener("DOMContentLoaded", function () {
    apply(stored());
    document.addEventListener("click", function (event) {
      var target = event.target;
      if (!(target instanceof Element)) { return; }
      var button = target.closest(".koloda-view-toggle button[data-view]");
      if (button) { choose(button.dataset.view); }
    });
  });
})();

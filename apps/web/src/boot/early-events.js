/* global window, document */
// Issue 30: a server-rendered page shows its buttons before its JavaScript has hydrated them. A
// tap in that window used to do nothing (or submit a form natively); it is held here and replayed
// on the hydrated element by main.tsx (window.__replayEarlyEvents). Links are left alone: they
// work without JavaScript. Loaded as part of the async script in <head> (vite.config.ts
// routePreload), plain ES5 so it runs wherever the page does, and with no inline script (CSP).
(function () {
  // This script is async: when it arrives after the app is already live, there is nothing to hold
  // (and holding would swallow every later tap).
  if (window.__appLive) return;
  var held = [];
  var types = ['click', 'submit', 'input', 'change'];
  function hold(event) {
    var target = event.target;
    if (!target || !target.closest) return;
    if (event.type === 'click') {
      var control = target.closest(
        'button, [role="button"], summary, input[type="checkbox"], input[type="radio"]',
      );
      if (!control || control.closest('a[href]')) return;
      event.preventDefault();
      event.stopPropagation();
      held.push(['click', control]);
    } else if (event.type === 'submit') {
      event.preventDefault();
      held.push(['submit', target]);
    } else {
      held.push(['input', target]);
    }
  }
  types.forEach(function (type) {
    document.addEventListener(type, hold, true);
  });
  window.__replayEarlyEvents = function () {
    types.forEach(function (type) {
      document.removeEventListener(type, hold, true);
    });
    var replay = held;
    held = [];
    replay.forEach(function (entry) {
      var element = entry[1];
      if (!element.isConnected) return;
      if (entry[0] === 'click') element.click();
      else if (entry[0] === 'submit' && element.requestSubmit) element.requestSubmit();
      // The typed text is in the field; tell the hydrated component about it.
      else element.dispatchEvent(new Event('input', { bubbles: true }));
    });
  };
})();

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
      held.push(['click', control, signature(control)]);
    } else if (event.type === 'submit') {
      event.preventDefault();
      held.push(['submit', target]);
    } else {
      held.push(['input', target]);
    }
  }
  var CONTROLS = 'button, [role="button"], summary, input[type="checkbox"], input[type="radio"]';
  // What a control is to the shopper: a re-render may replace the element tapped before the page
  // was live (a button that turns into a placeholder while the account loads, then comes back).
  function signature(control) {
    return [
      control.tagName,
      control.getAttribute('type') || '',
      control.getAttribute('name') || '',
      control.getAttribute('value') || '',
      control.getAttribute('aria-label') || '',
      (control.textContent || '').replace(/\s+/g, ' ').trim(),
    ].join('|');
  }
  // The one control on the page that is what the tapped one was, or null.
  function findAgain(wanted) {
    var found = null;
    var controls = document.querySelectorAll(CONTROLS);
    for (var i = 0; i < controls.length; i++) {
      if (signature(controls[i]) !== wanted) continue;
      if (found) return null;
      found = controls[i];
    }
    return found;
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
    var waitingSince = 0;
    function next() {
      while (replay.length > 0) {
        var entry = replay[0];
        var element = entry[1];
        if (entry[0] === 'click' && !element.isConnected) {
          // Replaced since the tap: wait (up to 3 s) for the control to be drawn again.
          element = findAgain(entry[2]);
          if (!element) {
            waitingSince = waitingSince || Date.now();
            if (Date.now() - waitingSince < 3000) {
              window.setTimeout(next, 50);
              return;
            }
            waitingSince = 0;
            replay.shift();
            continue;
          }
        }
        waitingSince = 0;
        replay.shift();
        if (!element.isConnected) continue;
        if (entry[0] === 'click') element.click();
        else if (entry[0] === 'submit' && element.requestSubmit) element.requestSubmit();
        else {
          // The typed text is in the field; tell the hydrated component about it, and let it
          // re-render before a held tap that follows reads its state (a pincode, then Check).
          element.dispatchEvent(new Event('input', { bubbles: true }));
          if (replay.length > 0) {
            window.setTimeout(next, 0);
            return;
          }
        }
      }
    }
    next();
  };
})();

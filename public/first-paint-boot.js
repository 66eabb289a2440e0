// The app's start on a page the server rendered (server/web/first-paint.ts). The page is on screen from its HTML
// alone, so on a slow network the app's code must not compete with the page's own styles and first photos: it is
// requested once the window has loaded (the entry and its modules named on this tag, the same files and order as
// the entry's own modulepreload links on any other page), and then hydrates the page. A classic script, deferred:
// the page's Content-Security-Policy allows no inline script.
(function () {
  // A tap on a button before the app runs would be lost (a link works without it): the buttons tapped meanwhile
  // are kept, and the app presses them again once it has taken the page over (src/main.tsx, AppReady).
  var tapped = (window.__firstPaintTaps = []);
  document.addEventListener(
    'click',
    function (event) {
      // Once the app has started (data-app set), React itself handles taps, or replays them after hydrating.
      if (document.documentElement.dataset.app) return;
      var button = event.target instanceof Element ? event.target.closest('button') : null;
      // A button the browser itself acts on (popovertarget: the header's language list) has done its work already;
      // pressing it again would undo it.
      if (button && !button.hasAttribute('popovertarget') && tapped.indexOf(button) < 0) tapped.push(button);
    },
    true,
  );
  // A field changed before the app has taken the page over goes unseen by it (React does not report a change made
  // before it hydrated the field): the values are kept, and each such field reports its own once React has it
  // (src/ui/kit/use-value-set-before-app.ts). Only "input" events are kept: a pick while React hydrates makes React
  // hydrate the select at once, which puts the server's option back before the pick's "change" event, so that event
  // no longer carries the user's value ("input" comes first, and a user's change always fires one).
  var changed = (window.__firstPaintFields = []);
  function keep(event) {
    if (document.documentElement.dataset.app === 'ready') return;
    var field = event.target;
    if (field instanceof HTMLInputElement || field instanceof HTMLSelectElement || field instanceof HTMLTextAreaElement) {
      changed.push({ field: field, value: field.value });
    }
  }
  document.addEventListener('input', keep, true);
  // The first number formatter's data is loaded by a worker now, while the page's own files download, instead of
  // on the main thread while the app starts (public/intl-warmup.js). The app waits for it, a moment at most
  // (src/services/hydration.ts, numbersWarmed).
  window.__numbersWarm = new Promise(function (resolve) {
    try {
      var worker = new Worker('/intl-warmup.js');
      var done = function (warmed) {
        worker.terminate();
        resolve(warmed);
      };
      worker.onmessage = function () {
        done(true);
      };
      worker.onerror = function () {
        done(false);
      };
      worker.postMessage(document.documentElement.lang || 'en');
    } catch {
      resolve(false);
    }
  });
  var tag = document.currentScript;
  var entry = tag.getAttribute('data-entry');
  var preloads = (tag.getAttribute('data-preload') || '').split(' ').filter(Boolean);
  // Each link starts a request, which costs the main thread a few milliseconds (3 ms on a 2-core desktop, 12 ms on a
  // phone 4× slower): the entry goes first, and its modules are asked for two per task, so that no task of this start
  // keeps a tap waiting.
  var PRELOADS_PER_TASK = 2;
  function preload(from) {
    preloads.slice(from, from + PRELOADS_PER_TASK).forEach(function (href) {
      var link = document.createElement('link');
      link.rel = 'modulepreload';
      link.crossOrigin = '';
      link.href = href;
      document.head.appendChild(link);
    });
    if (from + PRELOADS_PER_TASK < preloads.length) {
      setTimeout(function () {
        preload(from + PRELOADS_PER_TASK);
      }, 0);
    }
  }
  function start() {
    var script = document.createElement('script');
    script.type = 'module';
    script.crossOrigin = '';
    script.src = entry;
    document.head.appendChild(script);
    setTimeout(function () {
      preload(0);
    }, 0);
  }
  // A signed-in page's skeleton (data-at-once) has no photos to wait for: its scripts, which show the member's content,
  // start as soon as its styles are in (a deferred script runs after the page's stylesheets).
  if (tag.hasAttribute('data-at-once') || document.readyState === 'complete') start();
  else window.addEventListener('load', start, { once: true });
})();

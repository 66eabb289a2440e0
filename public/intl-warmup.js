// Started by the boot script of a server-rendered page (public/first-paint-boot.js). A page's first number
// formatter loads the browser's number and plural data (ICU): about 40 ms of the main thread on a 2-core desktop,
// 150 ms on a phone 4× slower, in the middle of the app's start. That data is the page's process's, shared by its
// threads: made here first, the app's own first formatter takes a fraction of a millisecond.
self.onmessage = function (event) {
  var locale = typeof event.data === 'string' ? event.data : 'en';
  try {
    new Intl.NumberFormat(locale).format(1.5);
    new Intl.NumberFormat(locale, { maximumFractionDigits: 1 }).format(4.25);
    new Intl.PluralRules(locale).select(1);
  } catch {
    // An unknown locale: the app formats with what the browser has.
  }
  self.postMessage(true);
};

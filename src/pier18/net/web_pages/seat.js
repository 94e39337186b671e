// The seat's page, after textual.js: the terminal takes the keyboard as soon as its
// connection is open, so the game's keys work, and its key bar shows, without a click
// first. (The terminal tells the game it has the focus only when it gets it, and only
// over an open connection: textual.js marks the page "-loaded" when it opens.)
(() => {
  // Screen readers: xterm.js keeps its rows as text for them, and says what is written,
  // only with its screenReaderMode on. textual.js builds its terminal with it off, in its
  // window.onload, and keeps it to itself, in `this.terminal` of an object of its own:
  // for that one call, a setter on Object.prototype catches that assignment, turns the
  // mode on before the terminal opens (xterm.js's public `options`), and stores the
  // terminal as an ordinary property. Nothing else is touched, and the setter is gone
  // again when the call returns.
  const build = window.onload;
  if (typeof build === "function") {
    window.onload = function (event) {
      Object.defineProperty(Object.prototype, "terminal", {
        configurable: true,
        set(terminal) {
          Object.defineProperty(this, "terminal", { value: terminal, writable: true, enumerable: true, configurable: true });
          if (terminal && terminal.options && typeof terminal.open === "function") terminal.options.screenReaderMode = true;
        },
      });
      try {
        return build.call(this, event);
      } finally {
        delete Object.prototype.terminal;
      }
    };
  }
  // The symbols' font (symbols.css: the faces with a range of their own) is fetched now,
  // before the terminal draws any symbol: the terminal keeps each glyph as first drawn,
  // and one drawn before its font was there would be another font's. (Only those faces:
  // the terminal measures its cells when it opens, and Roboto Mono loaded before then
  // would make its rows taller than they have always been.)
  document.fonts.forEach((face) => {
    if (face.unicodeRange.toUpperCase() !== "U+0-10FFFF") face.load().catch(() => {});
  });
  const takeKeys = () => {
    const input = document.querySelector(".xterm-helper-textarea");
    if (!input || !document.body.classList.contains("-loaded")) return false;
    input.focus();
    return true;
  };
  if (takeKeys()) return;
  const watch = new MutationObserver(() => {
    if (takeKeys()) watch.disconnect();
  });
  watch.observe(document.body, { attributes: true, attributeFilter: ["class"] });
})();

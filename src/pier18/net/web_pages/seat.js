// The seat's page, after textual.js: the terminal takes the keyboard as soon as its
// connection is open, so the game's keys work, and its key bar shows, without a click
// first. (The terminal tells the game it has the focus only when it gets it, and only
// over an open connection: textual.js marks the page "-loaded" when it opens.)
(() => {
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

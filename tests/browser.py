"""A real browser for the browser seat tests: Debian's Chromium, headless, driven by
Selenium through chromedriver (nothing downloaded: `find_chromium` skips the test,
saying why, where either is missing).

What a tab's terminal draws is read back the way the tab got it: a script put into
every page before its own (`HOOK`) keeps each binary WebSocket message the page
receives, and `Tab.screen()` plays them into a terminal emulator (pyte) of the size the
page asked for. Every address any page asks for (the browser's performance log) and
every load the page's Content-Security-Policy blocked are kept too, so that a test can
fail on a single request for anything outside the host (`outside_requests`).
"""

from __future__ import annotations

import base64
import json
import os
import shutil
import tempfile
import time
from pathlib import Path
from urllib.parse import parse_qs, urlparse

import pytest

#: Put in each page before its own scripts: keeps what the terminal's WebSocket hears,
#: what the page sends, and every load the page's policy refused.
HOOK = r"""
(() => {
  const Real = window.WebSocket;
  const spy = {chunks: [], sent: [], urls: [], violations: [], closed: 0};
  window.__pier18 = spy;
  document.addEventListener("securitypolicyviolation", (e) => spy.violations.push(String(e.blockedURI)));
  class Spy extends Real {
    constructor(url, protocols) {
      super(url, protocols);
      spy.urls.push(String(url));
      this.addEventListener("message", (e) => {
        if (typeof e.data !== "string") {
          const bytes = new Uint8Array(e.data);
          let s = "";
          for (let i = 0; i < bytes.length; i++) s += String.fromCharCode(bytes[i]);
          spy.chunks.push(btoa(s));
        }
      });
      this.addEventListener("close", () => { spy.closed += 1; });
    }
    send(data) { spy.sent.push(String(data)); return super.send(data); }
  }
  window.WebSocket = Spy;
})();
"""

#: The flags every test browser starts with (and a fresh --user-data-dir).
FLAGS = (
    "--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
    "--disable-background-networking", "--disable-component-update", "--disable-sync",
    "--window-size=1400,1000",
)


def find_chromium() -> tuple[str, str]:
    """Chromium and chromedriver, or the test is skipped with the reason."""
    pytest.importorskip("selenium", reason="selenium is not installed (the test extra has it)")
    pytest.importorskip("pyte", reason="pyte is not installed (the test extra has it)")
    browser = next((p for p in (shutil.which("chromium"), "/usr/bin/chromium") if p and Path(p).exists()), None)
    driver = next((p for p in (shutil.which("chromedriver"), "/usr/bin/chromedriver") if p and Path(p).exists()), None)
    if browser is None or driver is None:
        missing = " and ".join(name for name, path in (("chromium", browser), ("chromedriver", driver)) if path is None)
        pytest.skip(f"no {missing} on this computer (apt-get install chromium chromium-driver; .ci/run does)")
    return browser, driver


class Browser:
    """One headless Chromium with a blank tab that stays open (so closing a game's tab
    never ends the browser)."""

    def __init__(self) -> None:
        from selenium import webdriver
        from selenium.webdriver.chrome.service import Service

        binary, driver = find_chromium()
        options = webdriver.ChromeOptions()
        options.binary_location = binary
        for flag in FLAGS:
            options.add_argument(flag)
        # Chromium keeps a Unix socket in its profile and in the temporary folder, whose
        # path must fit in 108 bytes: both short, however long this run's TMPDIR is.
        self.short = Path(tempfile.mkdtemp(prefix="pier18-", dir="/tmp" if Path("/tmp").is_dir() else None))
        options.add_argument(f"--user-data-dir={self.short / 'profile'}")
        options.set_capability("goog:loggingPrefs", {"performance": "ALL", "browser": "ALL"})
        env = {**os.environ, "TMPDIR": str(self.short)}
        self.driver = webdriver.Chrome(options=options, service=Service(driver, env=env))
        self.home = self.driver.current_window_handle
        self.requests: list[tuple[str, str]] = []  # every address asked for, and by which page
        self.violations: list[str] = []  # every load a page's policy refused

    def open(self, url: str) -> Tab:
        """A new tab showing `url` (the hook in place before the page's own scripts)."""
        self.driver.switch_to.new_window("tab")
        self.driver.execute_cdp_cmd("Page.addScriptToEvaluateOnNewDocument", {"source": HOOK})
        handle = self.driver.current_window_handle
        self.driver.get(url)
        return Tab(self, handle)

    def collect(self) -> None:
        """Gather the addresses asked for since the last call (the performance log)."""
        for entry in self.driver.get_log("performance"):
            message = json.loads(entry["message"])["message"]
            params = message.get("params", {})
            if message.get("method") == "Network.requestWillBeSent":
                self.requests.append((params["request"]["url"], params.get("documentURL", "")))
            elif message.get("method") == "Network.webSocketCreated":
                self.requests.append((params["url"], ""))

    def outside_requests(self, base: str) -> list[str]:
        """Requests for anything that is not the host at `base` (http://HOST:PORT), and
        loads the pages' policy refused: both must stay empty."""
        self.collect()
        here = urlparse(base).netloc

        def outside(url: str, page: str) -> bool:
            """Any network address not the host's; from the host's pages, anything else too
            (the browser's own pages, chrome://, are not the host's business)."""
            if urlparse(url).scheme in ("http", "https", "ws", "wss"):
                return urlparse(url).netloc != here
            return urlparse(page).netloc == here and urlparse(url).scheme not in ("data", "blob", "about")

        found = [url for url, page in self.requests if outside(url, page)]
        return found + [f"refused by the page's policy: {uri}" for uri in self.violations]

    def quit(self) -> None:
        try:
            self.driver.quit()
        except Exception:  # already gone
            pass
        shutil.rmtree(self.short, ignore_errors=True)


class Tab:
    """One tab, and what its terminal shows."""

    def __init__(self, browser: Browser, handle: str) -> None:
        self.browser = browser
        self.handle = handle
        self.screen_: object | None = None
        self.stream: object | None = None
        self.closed = 0  # how many of its WebSockets have closed

    @property
    def driver(self):  # noqa: ANN201 - selenium's WebDriver
        self.browser.driver.switch_to.window(self.handle)
        return self.browser.driver

    def page_text(self) -> str:
        """The page's own text (not the terminal's)."""
        from selenium.webdriver.common.by import By

        return self.driver.find_element(By.TAG_NAME, "body").text

    def spy(self) -> dict:
        return self.driver.execute_script(
            "const s = window.__pier18; if (!s) return null;"
            "return {chunks: s.chunks.splice(0), urls: s.urls, violations: s.violations.splice(0), closed: s.closed};"
        )

    def _pull(self) -> int:
        """Play what arrived since the last call into the emulator; how many bytes."""
        import pyte

        got = self.spy()
        if not got:
            return 0
        self.browser.violations.extend(got["violations"])
        if self.screen_ is None and got["urls"]:
            query = parse_qs(urlparse(got["urls"][0]).query)
            self.screen_ = pyte.Screen(int(query["width"][0]), int(query["height"][0]))
            self.stream = pyte.ByteStream(self.screen_)
        size = 0
        for chunk in got["chunks"]:
            data = base64.b64decode(chunk)
            size += len(data)
            assert self.stream is not None
            self.stream.feed(data)  # type: ignore[attr-defined]
        self.closed = got["closed"]
        return size

    def screen(self) -> str:
        """What the terminal shows now, row by row."""
        self._pull()
        return "" if self.screen_ is None else "\n".join(self.screen_.display)  # type: ignore[attr-defined]

    def wait_for(self, test, limit: float = 120, what: str = "") -> str:
        """Wait until `test(screen text)` holds; the screen then. Fails after `limit` s."""
        end = time.monotonic() + limit
        while True:
            text = self.screen()
            if test(text):
                return text
            if time.monotonic() > end:
                raise AssertionError(f"the tab never showed {what or test}; it showed:\n{text}")
            time.sleep(0.1)  # polling the page: what it shows is what is waited on

    def settle(self, quiet: float = 0.3, limit: float = 5) -> None:
        """Wait until the terminal has drawn something and then nothing for `quiet`
        seconds (at most `limit` seconds without any drawing)."""
        end = time.monotonic() + limit
        last = None
        while time.monotonic() < end:
            if self._pull():
                last = time.monotonic()
                end = max(end, last + quiet)
            elif last is not None and time.monotonic() - last >= quiet:
                return
            time.sleep(0.05)

    def press(self, *keys: str) -> None:
        """Type `keys` into the terminal (selenium's Keys for special keys)."""
        from selenium.webdriver.common.action_chains import ActionChains

        driver = self.driver
        driver.execute_script("document.querySelector('.xterm-helper-textarea').focus()")
        ActionChains(driver).send_keys(*keys).perform()

    def close(self) -> None:
        """Close the tab, as a person does."""
        self.screen()  # what it drew last, and its policy's refusals, are kept
        driver = self.driver
        driver.close()
        driver.switch_to.window(self.browser.home)

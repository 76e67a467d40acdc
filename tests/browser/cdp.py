"""A small driver for headless Chromium over the DevTools protocol, standard library only.

Chromium is started with ``--remote-debugging-pipe``: it reads protocol messages
from file descriptor 3 and writes them to file descriptor 4, each a JSON text
ended by a NUL byte. That is all a test needs: no WebSocket, no port, no browser
download, no third-party package (so nothing here depends on a driver's idea of
which Chromium version it supports). It drives the system's Chromium (Debian's
``chromium`` package), started with the flags of the design (§8) and a fresh
profile directory.
"""

from __future__ import annotations

import base64
import json
import os
import queue
import shutil
import subprocess
import sys
import threading
import time
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Final, Union

JSONValue = Union[None, bool, int, float, str, list["JSONValue"], dict[str, "JSONValue"]]
JSONObject = dict[str, JSONValue]

FLAGS: Final = (
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--disable-extensions",
    "--disable-default-apps",
    "--mute-audio",
    "--remote-debugging-pipe",
)
CANDIDATES: Final = ("/usr/bin/chromium", "/usr/lib/chromium/chromium")

# Runs in the child: put the two pipe ends on descriptors 3 and 4, then exec Chromium.
_WRAPPER: Final = """
import fcntl, os, sys
r, w = int(sys.argv[1]), int(sys.argv[2])
r2 = fcntl.fcntl(r, fcntl.F_DUPFD, 10)
w2 = fcntl.fcntl(w, fcntl.F_DUPFD, 10)
os.dup2(r2, 3)
os.dup2(w2, 4)
for fd in {r, w, r2, w2} - {3, 4}:
    os.close(fd)
os.execv(sys.argv[3], sys.argv[3:])
"""


class BrowserError(RuntimeError):
    """The browser answered with an error, died, or did not answer in time."""


class NavigatingError(BrowserError):
    """A command reached a tab while its document was being replaced (a link was followed)."""


# What Chromium answers to a command that races a navigation: the page it was sent to is
# gone, and the next one is not there yet.
NAVIGATING: Final = (
    "Inspected target navigated or closed",
    "Execution context was destroyed",
    "Cannot find context with specified id",
)


def find_chromium() -> str | None:
    """The Chromium executable: ``$KOLODA_CHROMIUM``, Debian's ``/usr/bin/chromium``, or PATH."""
    env = os.environ.get("KOLODA_CHROMIUM")
    if env:
        return env if os.access(env, os.X_OK) else None
    for path in CANDIDATES:
        if os.access(path, os.X_OK):
            return path
    return shutil.which("chromium")


class Browser:
    """A running headless Chromium and its protocol connection."""

    def __init__(self, executable: str, profile: Path, log: Path, timeout: float = 30.0) -> None:
        self.timeout = timeout
        to_chrome_r, to_chrome_w = os.pipe()
        from_chrome_r, from_chrome_w = os.pipe()
        self._log = log.open("wb")
        args = [
            sys.executable,
            "-c",
            _WRAPPER,
            str(to_chrome_r),
            str(from_chrome_w),
            executable,
            *FLAGS,
            f"--user-data-dir={profile}",
            "about:blank",
        ]
        try:
            self.process = subprocess.Popen(
                args,
                pass_fds=(to_chrome_r, from_chrome_w),
                stdin=subprocess.DEVNULL,
                stdout=self._log,
                stderr=subprocess.STDOUT,
            )
        finally:
            os.close(to_chrome_r)
            os.close(from_chrome_w)
        self._out = os.fdopen(to_chrome_w, "wb", buffering=0)
        self._in = os.fdopen(from_chrome_r, "rb", buffering=0)
        self._messages: queue.Queue[JSONObject | None] = queue.Queue()
        self._reader = threading.Thread(target=self._read, name="cdp-reader", daemon=True)
        self._reader.start()
        self._next_id = 0
        self._lock = threading.Lock()

    def _read(self) -> None:
        buffer = b""
        while True:
            try:
                chunk = self._in.read(65536)
            except OSError:
                chunk = b""
            if not chunk:
                self._messages.put(None)
                return
            buffer += chunk
            while b"\0" in buffer:
                raw, buffer = buffer.split(b"\0", 1)
                message: JSONValue = json.loads(raw.decode("utf-8"))
                if isinstance(message, dict):
                    self._messages.put(message)

    def call(
        self, method: str, params: JSONObject | None = None, session: str | None = None
    ) -> JSONObject:
        """Send one command and wait for its result (events in between are dropped)."""
        with self._lock:
            self._next_id += 1
            ident = self._next_id
            message: JSONObject = {"id": ident, "method": method, "params": params or {}}
            if session is not None:
                message["sessionId"] = session
            try:
                self._out.write(json.dumps(message).encode("utf-8") + b"\0")
            except OSError as e:
                raise BrowserError(f"{method}: the browser is gone ({e})") from None
            deadline = time.monotonic() + self.timeout
            while True:
                remaining = deadline - time.monotonic()
                if remaining <= 0:
                    raise BrowserError(f"{method}: no answer within {self.timeout} s")
                try:
                    reply = self._messages.get(timeout=remaining)
                except queue.Empty:
                    continue
                if reply is None:
                    raise BrowserError(f"{method}: the browser closed the connection")
                if reply.get("id") != ident:
                    continue
                error = reply.get("error")
                if error is not None:
                    text = json.dumps(error)
                    if any(sign in text for sign in NAVIGATING):
                        raise NavigatingError(f"{method}: {text}")
                    raise BrowserError(f"{method}: {text}")
                result = reply.get("result")
                return result if isinstance(result, dict) else {}

    def new_page(self, width: int = 1400, height: int = 1000) -> Page:
        """A new tab, attached, with the given viewport."""
        target = self.call("Target.createTarget", {"url": "about:blank"})
        target_id = target.get("targetId")
        if not isinstance(target_id, str):
            raise BrowserError("Target.createTarget gave no targetId")
        attached = self.call("Target.attachToTarget", {"targetId": target_id, "flatten": True})
        session = attached.get("sessionId")
        if not isinstance(session, str):
            raise BrowserError("Target.attachToTarget gave no sessionId")
        page = Page(self, target_id, session)
        page.set_viewport(width, height)
        return page

    def close(self) -> None:
        """Close the browser and wait for it; kill it (by its process) if it hangs."""
        if self.process.poll() is None:
            try:
                self.timeout = 5.0
                self.call("Browser.close")
            except BrowserError:
                pass
            try:
                self.process.wait(timeout=10)
            except subprocess.TimeoutExpired:
                self.process.kill()
                self.process.wait(timeout=10)
        self._out.close()
        self._reader.join(timeout=10)
        self._in.close()
        self._log.close()


@contextmanager
def launch(executable: str, profile: Path, log: Path) -> Iterator[Browser]:
    """A headless Chromium for the length of a ``with`` block."""
    browser = Browser(executable, profile, log)
    try:
        browser.call("Browser.getVersion")
        yield browser
    finally:
        browser.close()


class Page:
    """One tab of the browser."""

    def __init__(self, browser: Browser, target_id: str, session: str) -> None:
        self.browser = browser
        self.target_id = target_id
        self.session = session

    def call(self, method: str, params: JSONObject | None = None) -> JSONObject:
        """A protocol command in this tab's session."""
        return self.browser.call(method, params, self.session)

    def set_viewport(self, width: int, height: int) -> None:
        """The size of the viewport, in CSS pixels."""
        self.call(
            "Emulation.setDeviceMetricsOverride",
            {"width": width, "height": height, "deviceScaleFactor": 1, "mobile": False},
        )

    def evaluate(self, expression: str) -> JSONValue:
        """The value of a JavaScript expression in the page (promises awaited)."""
        result = self.call(
            "Runtime.evaluate",
            {"expression": expression, "returnByValue": True, "awaitPromise": True},
        )
        details = result.get("exceptionDetails")
        if details is not None:
            raise BrowserError(f"JavaScript error in {expression!r}: {json.dumps(details)[:800]}")
        value = result.get("result")
        return value.get("value") if isinstance(value, dict) else None

    def wait_for(self, expression: str, timeout: float = 20.0) -> JSONValue:
        """Poll an expression until it is truthy; its value (BrowserError on timeout)."""
        deadline = time.monotonic() + timeout
        while True:
            try:
                value = self.evaluate(expression)
            except NavigatingError:
                value = None  # the page is being replaced: not there yet
            if value:
                return value
            if time.monotonic() > deadline:
                raise BrowserError(f"still false after {timeout} s: {expression}")
            time.sleep(0.05)

    def goto(self, url: str) -> None:
        """Load a URL and wait until the document is complete."""
        result = self.call("Page.navigate", {"url": url})
        error = result.get("errorText")
        if error:
            raise BrowserError(f"cannot load {url}: {error}")
        self.wait_for(f"document.readyState === 'complete' && location.href === {json.dumps(url)}")

    def click(self, selector: str) -> None:
        """Click the centre of the first element matching a selector, as a mouse would."""
        box = self.evaluate(
            "(() => { const e = document.querySelector(" + json.dumps(selector) + ");"
            " if (!e) return null; e.scrollIntoView({block: 'center'});"
            " const r = e.getBoundingClientRect();"
            " return {x: r.left + r.width / 2, y: r.top + r.height / 2}; })()"
        )
        if not isinstance(box, dict):
            raise BrowserError(f"nothing matches {selector!r}")
        x, y = box.get("x"), box.get("y")
        if not isinstance(x, (int, float)) or not isinstance(y, (int, float)):
            raise BrowserError(f"no position for {selector!r}")
        point: JSONObject = {"x": x, "y": y, "button": "left", "clickCount": 1}
        self.call("Input.dispatchMouseEvent", {"type": "mouseMoved", "x": x, "y": y})
        self.call("Input.dispatchMouseEvent", {"type": "mousePressed", **point})
        self.call("Input.dispatchMouseEvent", {"type": "mouseReleased", **point})

    def screenshot(self, path: Path, full_page: bool = False) -> None:
        """Save a PNG of the viewport (or of the whole page)."""
        params: JSONObject = {"format": "png"}
        if full_page:
            size = self.evaluate(
                "({w: document.documentElement.scrollWidth,"
                " h: Math.min(document.documentElement.scrollHeight, 16000)})"
            )
            if isinstance(size, dict):
                w, h = size.get("w"), size.get("h")
                if isinstance(w, int) and isinstance(h, int):
                    params["clip"] = {"x": 0, "y": 0, "width": w, "height": h, "scale": 1}
                    params["captureBeyondViewport"] = True
        shot = self.call("Page.captureScreenshot", params)
        data = shot.get("data")
        if not isinstance(data, str):
            raise BrowserError("Page.captureScreenshot gave no data")
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_bytes(base64.b64decode(data))

    def close(self) -> None:
        """Close the tab."""
        self.browser.call("Target.closeTarget", {"targetId": self.target_id})

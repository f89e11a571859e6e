"""A headless Chromium driven over its DevTools pipe, for looking at the exported page as a
person would: a real viewport, the page's own scripts, screenshots. Nothing is downloaded:
the browser is the system's (the Debian package `chromium`); without it the tests skip."""

from __future__ import annotations

import base64
import fcntl
import json
import os
import select
import shutil
import subprocess
import tempfile

FLAGS = [
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--disable-extensions",
    "--hide-scrollbars",
    "--remote-debugging-pipe",
]


def find() -> str | None:
    for name in ("chromium", "chromium-browser", "google-chrome"):
        path = shutil.which(name)
        if path:
            return path
    return None


class Browser:
    """One browser with one tab. `open` loads a URL at a viewport size and waits for the load
    event; `evaluate` runs an expression in the page (DevTools runs it whatever the page's
    Content-Security-Policy); `screenshot` returns a PNG."""

    def __init__(self, executable: str) -> None:
        self.profile = tempfile.mkdtemp(prefix="scorepad-chromium-")
        to_browser_r, to_browser_w = os.pipe()
        from_browser_r, from_browser_w = os.pipe()
        # Above 4, so that placing them at 3 and 4 in the child never dup2()s a descriptor onto itself.
        keep_r = fcntl.fcntl(to_browser_r, fcntl.F_DUPFD_CLOEXEC, 10)
        keep_w = fcntl.fcntl(from_browser_w, fcntl.F_DUPFD_CLOEXEC, 10)
        os.close(to_browser_r)
        os.close(from_browser_w)

        def descriptors() -> None:  # the pipe Chromium reads on fd 3 and writes on fd 4
            os.dup2(keep_r, 3)
            os.dup2(keep_w, 4)

        self.process = subprocess.Popen(
            [executable, *FLAGS, f"--user-data-dir={self.profile}", "about:blank"],
            stdin=subprocess.DEVNULL,
            stdout=subprocess.DEVNULL,
            stderr=subprocess.DEVNULL,
            preexec_fn=descriptors,  # noqa: PLW1509  (the tests start no threads of their own)
            close_fds=False,
        )
        os.close(keep_r)
        os.close(keep_w)
        self.writer = os.fdopen(to_browser_w, "wb")
        self.reader = os.fdopen(from_browser_r, "rb")
        self.buffer = b""
        self.next_id = 0
        self.events: list[dict] = []  # events that came while waiting for a reply
        self.errors: list[str] = []  # every uncaught exception in a page's script
        target = self.call("Target.createTarget", url="about:blank")["targetId"]
        self.session = self.call("Target.attachToTarget", targetId=target, flatten=True)["sessionId"]
        self.call("Page.enable", session=True)
        self.call("Runtime.enable", session=True)

    # Seconds Chromium may stay silent before a test fails rather than hangs: a bound on a
    # loaded machine, never a timing.
    SILENT = 180.0

    def _message(self) -> dict:
        while b"\0" not in self.buffer:
            ready, _, _ = select.select([self.reader.fileno()], [], [], self.SILENT)
            if not ready:
                raise RuntimeError(f"chromium answered nothing for {self.SILENT:.0f} s")
            chunk = os.read(self.reader.fileno(), 1 << 20)
            if not chunk:
                raise RuntimeError("chromium closed its DevTools pipe")
            self.buffer += chunk
        raw, self.buffer = self.buffer.split(b"\0", 1)
        message = json.loads(raw)
        if message.get("method") == "Runtime.exceptionThrown":
            self.errors.append(json.dumps(message["params"]["exceptionDetails"])[:500])
        return message

    def call(self, method: str, session: bool = False, **params) -> dict:
        self.next_id += 1
        message = {"id": self.next_id, "method": method, "params": params}
        if session:
            message["sessionId"] = self.session
        self.writer.write(json.dumps(message).encode() + b"\0")
        self.writer.flush()
        while True:
            reply = self._message()
            if reply.get("id") == self.next_id:
                if "error" in reply:
                    raise RuntimeError(f"{method}: {reply['error']}")
                return reply.get("result", {})
            self.events.append(reply)

    def wait_for(self, method: str) -> dict:
        for i, event in enumerate(self.events):
            if event.get("method") == method:
                del self.events[: i + 1]
                return event
        self.events.clear()
        while True:
            event = self._message()
            if event.get("method") == method:
                return event

    def open(self, url: str, width: int, height: int) -> None:
        self.call(
            "Emulation.setDeviceMetricsOverride",
            session=True,
            width=width,
            height=height,
            deviceScaleFactor=1,
            mobile=width < 600,
        )
        self.call("Page.navigate", session=True, url="about:blank")
        self.wait_for("Page.loadEventFired")
        self.call("Page.navigate", session=True, url=url)
        self.wait_for("Page.loadEventFired")

    def evaluate(self, expression: str):
        result = self.call("Runtime.evaluate", session=True, expression=expression, returnByValue=True, awaitPromise=True)
        if "exceptionDetails" in result:
            raise RuntimeError(f"{expression}: {result['exceptionDetails']}")
        return result["result"].get("value")

    def screenshot(self, full: bool = False) -> bytes:
        """The tab of the current session as a PNG, brought to the front first: a headless
        Chromium draws no frame for a tab behind another, and would never answer."""
        self.call("Page.bringToFront", session=True)
        params = {"format": "png", "captureBeyondViewport": full}
        return base64.b64decode(self.call("Page.captureScreenshot", session=True, **params)["data"])

    def close(self) -> None:
        try:
            self.call("Browser.close")
        except (RuntimeError, OSError):
            pass
        try:
            self.process.wait(timeout=10)
        except subprocess.TimeoutExpired:
            self.process.kill()
            self.process.wait()
        self.writer.close()
        self.reader.close()
        shutil.rmtree(self.profile, ignore_errors=True)

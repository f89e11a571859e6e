"""The one switch over scorepad's fast paths: code that does what a library does (tomllib's
reading, tomli-w's writing, rich's styles and tables, Typer's help panels, click's
messages, json.dumps), written beside the library because a measured goal needs it
(docs/development.md, "Fast paths and their fences").

With `SCOREPAD_NO_FAST_PATHS=1` in the environment every fast path steps aside and the
library itself does the work, so the suite run that way (a CI step) proves each fast path
gives what its library gives. Read once, at import: a process does not change its mind
halfway through a command.
"""

from __future__ import annotations

import os

# True unless the environment turns the fast paths off.
FAST = os.environ.get("SCOREPAD_NO_FAST_PATHS", "") not in ("1", "true", "yes")

"""Translations through the standard library's gettext.

Every text scorepad shows a person goes through `_()` (or `ngettext()` where a count
decides the form), written with named placeholders so a translator can reorder them::

    _("{tile} does not fit: {end} shows {number}").format(tile=..., end=..., number=...)

The catalogues live in `scorepad/locale/LANG/LC_MESSAGES/scorepad.po` (compiled to `.mo`
beside it; see `docs/translating.md`). A third language is one more catalogue.

The language is chosen per command run: `--lang`, else `SCOREPAD_LANG`, else the locale
(`LANGUAGE`, `LC_ALL`, `LC_MESSAGES`, `LANG`, the first one set), else English. The
engine may call `_()` too: it only looks up the current catalogue, it never chooses one.
"""

from __future__ import annotations

import os
import threading
from contextlib import contextmanager
from pathlib import Path
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    import gettext
    from collections.abc import Iterator, Sequence

DOMAIN = "scorepad"
LOCALE_DIR = Path(__file__).parent / "locale"
LANGUAGES = ("en", "de")  # English is the source language: it needs no catalogue
DEFAULT = "en"


class _Source:
    """English, the language the texts are written in: every lookup returns its text.
    (Not gettext.NullTranslations: importing gettext would slow every English run.)"""

    def gettext(self, message: str) -> str:
        return message

    def ngettext(self, singular: str, plural: str, n: int) -> str:
        return singular if n == 1 else plural

    def pgettext(self, context: str, message: str) -> str:
        return message


_current: _Source | gettext.NullTranslations = _Source()
_language = DEFAULT
# A language spoken by one thread alone (`speaking`): the web server answers each phone in
# its own language while the keeper's prompt, in another thread, keeps the run's.
_spoken = threading.local()


def _code(value: str) -> str | None:
    """The language part of a locale name: 'de_DE.UTF-8' -> 'de'; None for C/POSIX."""
    code = value.split(".")[0].split("@")[0].split("_")[0].split("-")[0].strip().lower()
    if not code or code in ("c", "posix"):
        return None
    return code


def choose(asked: str | None = None, environ: os._Environ[str] | dict[str, str] | None = None) -> str:
    """The language to use: `asked` (from --lang), else the environment, else English.
    A language without a catalogue falls back to English."""
    env = os.environ if environ is None else environ
    if asked:
        code = _code(asked)
        return code if code in LANGUAGES else DEFAULT
    value = env.get("SCOREPAD_LANG", "")
    if value:
        code = _code(value)
        return code if code in LANGUAGES else DEFAULT
    for variable in ("LANGUAGE", "LC_ALL", "LC_MESSAGES", "LANG"):
        value = env.get(variable, "")
        if not value:
            continue
        # LANGUAGE may list several, in order of preference: 'de:en'.
        for part in value.split(":"):
            code = _code(part)
            if code in LANGUAGES:
                return code
        return DEFAULT
    return DEFAULT


def _catalogue(language: str) -> _Source | gettext.NullTranslations:
    if language == DEFAULT:
        return _Source()
    import gettext

    return gettext.translation(DOMAIN, LOCALE_DIR, [language], fallback=True)


def use(language: str) -> None:
    """Show every text from now on in `language` ('en', 'de')."""
    global _current, _language
    _current = _catalogue(language)
    _language = language


@contextmanager
def speaking(language: str) -> Iterator[None]:
    """Every text this thread shows within the block in `language`; other threads keep theirs."""
    before = getattr(_spoken, "now", None)
    _spoken.now = (_catalogue(language), language)
    try:
        yield
    finally:
        _spoken.now = before


def _now() -> _Source | gettext.NullTranslations:
    spoken = getattr(_spoken, "now", None)
    return _current if spoken is None else spoken[0]


def language() -> str:
    spoken = getattr(_spoken, "now", None)
    return _language if spoken is None else spoken[1]


def _(message: str) -> str:
    """`message` in the current language."""
    return _now().gettext(message)


def ngettext(singular: str, plural: str, n: int) -> str:
    """The form of `singular`/`plural` that goes with `n`, in the current language."""
    return _now().ngettext(singular, plural, n)


def pgettext(context: str, message: str) -> str:
    """`message` in the current language where the bare text is ambiguous, e.g. the end
    names: ``pgettext("end name", "E")`` is "O" in German."""
    return _now().pgettext(context, message)


def N_(message: str) -> str:
    """`message` unchanged, marked for extraction: a text looked up later with `_()`,
    such as the help texts of the commands, which Typer takes at import (the command
    line's help screens translate them as they draw them)."""
    return message


def either(names: Sequence[str]) -> str:
    """`Ann`, `Ann or Bob`, `Ann, Bob or Cy`: one sentence, so a language words it whole."""
    if len(names) < 2:
        return "".join(names)
    return _("{names} or {name}").format(names=", ".join(names[:-1]), name=names[-1])

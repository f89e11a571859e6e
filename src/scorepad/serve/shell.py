"""The two pages the server sends: the phone's page (live.html, its style and script
beside this module, allowed by their digests alone) and the whole game, which is the
exported page of `views/page` as the game stands."""

from __future__ import annotations

import json
from pathlib import Path

from jinja2 import Environment, FileSystemLoader, StrictUndefined
from markupsafe import Markup

from scorepad.engine.game import Game
from scorepad.i18n import _, language
from scorepad.views.page import TEMPLATES, csp_source, html_page

HERE = Path(__file__).parent
_environment: Environment | None = None


def _template() -> Environment:
    global _environment
    if _environment is None:
        _environment = Environment(
            loader=FileSystemLoader([HERE / "templates", TEMPLATES]), autoescape=True, undefined=StrictUndefined
        )
    return _environment


def _asset(name: str) -> str:
    return (HERE / name).read_text(encoding="utf-8")


def live_page(file: Path, player: str | None, nonce: str) -> tuple[str, str]:
    """The phone's page for `player` (None: a watcher's) and its Content-Security-Policy:
    nothing but its own style and script, the push and the calls to its own address, and
    the whole game in a frame from there."""
    style, script = _asset("live.css"), _asset("live.js")
    words = {
        "now": _("The game now"),
        "game": _("The whole game: moves, sheet and race"),
        "sending": _("Calling…"),
        "lost": _("The connection to the table is lost: trying again…"),
    }
    data = json.dumps({"nonce": nonce, "words": words}, ensure_ascii=False)
    data = data.replace("<", "\\u003c").replace(">", "\\u003e").replace("&", "\\u0026")
    body = (
        _template()
        .get_template("live.html")
        .render(
            lang=language(),
            title=file.stem,
            who=_("{name}'s page").format(name=player) if player is not None else _("Watching the game"),
            words=words,
            style=Markup(style),
            script=Markup(script),
            data=Markup(data),
        )
    )
    policy = (
        f"default-src 'none'; style-src {csp_source(style)}; script-src {csp_source(script)}; "
        "connect-src 'self'; frame-src 'self'; img-src 'none'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'"
    )
    return body, policy


def game_page(game: Game, file: Path) -> str:
    """The whole game: the exported page, as `scorepad export` writes it now."""
    return html_page(game, file.stem)

"""The options of RULES.md and the three presets (RULES.md "The options and the presets").

A `Rules` is a preset plus the options a table changed. Option names and values are the
ones the record's `[rules]` table and the command line use.
"""

from __future__ import annotations

from dataclasses import dataclass, field, fields, replace
from typing import Any

from scorepad.errors import RulesError, brief
from scorepad.i18n import _

CHOICES: dict[str, tuple[str, ...]] = {
    "spinner": ("first-double", "none"),
    "first_opener": ("lot", "highest-double"),
    "next_opener": ("domino-maker", "round-winner"),
    "fallback_opener": ("lot", "highest-double"),
    "domino_award": ("round-total", "round-each"),
    "blocked_award": ("as-domino", "rounded-sides-minus-own", "difference"),
    "blocked_tie": ("nothing", "split-third"),
}
FLAGS = ("partners", "muggins")
MAX_TARGET = 100_000  # a game to more is no game of dominoes; bounded so scores stay small


@dataclass(frozen=True)
class Rules:
    """Every option of RULES.md. `target = None` means the preset's target for the table."""

    preset: str
    deal: tuple[int, int, int]  # tiles per player for 2 / 3 / 4 players
    partners: bool
    spinner: str
    target: int | None
    first_opener: str
    next_opener: str
    fallback_opener: str
    domino_award: str
    blocked_award: str
    blocked_tie: str
    muggins: bool
    overridden: frozenset[str] = field(default=frozenset(), compare=False)

    @classmethod
    def from_options(cls, preset: str = "pagat", **options: Any) -> Rules:
        """A preset with options changed, each value checked:
        ``Rules.from_options("pagat", target=150, muggins=True)``."""
        if not isinstance(preset, str) or preset not in PRESETS:
            shown = preset if isinstance(preset, str) else brief(preset)
            raise RulesError(f"unknown preset '{shown}': choose {', '.join(PRESETS)}")
        base = PRESETS[preset]
        known = {f.name for f in fields(cls)} - {"preset", "overridden"}
        checked: dict[str, Any] = {}
        for name, value in options.items():
            if name not in known:
                raise RulesError(f"unknown rules option '{name}': options are {', '.join(sorted(known))}")
            checked[name] = _check(name, value)
        return replace(base, **checked, overridden=frozenset(checked))

    def options(self) -> dict[str, Any]:
        """The options this table changed from its preset, as the record writes them."""
        out: dict[str, Any] = {}
        for name in sorted(self.overridden):
            value = getattr(self, name)
            out[name] = list(value) if isinstance(value, tuple) else value
        return out

    # --- what follows for a table of n players ------------------------------------------

    def deal_for(self, players: int) -> int:
        return self.deal[players - 2]

    def plays_partners(self, players: int) -> bool:
        return players == 4 and self.partners

    def target_for(self, players: int) -> int:
        if self.target is not None:
            return self.target
        if self.preset == "fuenfer":
            return 150
        if self.preset == "two-ends":
            # 250 for two players or two partnerships, 200 for three or four single players.
            return 250 if players == 2 or self.plays_partners(players) else 200
        return 250 if players == 2 else 200  # pagat: 250 for 2 players, 200 for 3 or 4

    def describe(self) -> list[tuple[str, str]]:
        """Each option with its value in words, for `scorepad rules`."""
        return [(name, _words(name, getattr(self, name))) for name in OPTION_ORDER]


OPTION_ORDER = (
    "deal", "partners", "spinner", "target", "first_opener", "next_opener",
    "fallback_opener", "domino_award", "blocked_award", "blocked_tie", "muggins",
)


def _check(name: str, value: Any) -> Any:
    if name in FLAGS:
        if not isinstance(value, bool):
            raise RulesError(f"{name} must be true or false, not {brief(value)}")
        return value
    if name in CHOICES:
        if not isinstance(value, str) or value not in CHOICES[name]:
            raise RulesError(f"{name} must be one of {', '.join(CHOICES[name])}, not {brief(value)}")
        return value
    if name == "target":
        if value is None:
            return None
        if isinstance(value, bool) or not isinstance(value, int) or value < 1:
            raise RulesError(f"target must be a positive whole number, not {brief(value)}")
        if value > MAX_TARGET:
            raise RulesError(_("target {target}: at most {limit} points").format(target=brief(value), limit=MAX_TARGET))
        return value
    if name == "deal":
        if (
            not isinstance(value, (list, tuple))
            or len(value) != 3
            or any(isinstance(v, bool) or not isinstance(v, int) for v in value)
        ):
            raise RulesError(f"deal must be three whole numbers (for 2, 3, 4 players), not {brief(value)}")
        for players, count in zip((2, 3, 4), value):
            # Every player needs a tile, and the hands must come out of the 28 tiles.
            if count < 1 or players * count > 28:
                raise RulesError(
                    f"deal {brief(list(value))}: {brief(count)} tiles each for {players} players does not fit a 28-tile set"
                )
        return tuple(value)
    raise RulesError(f"unknown rules option '{name}'")  # pragma: no cover - guarded above


_WORDS = {
    "first-double": "the first double is a spinner with four arms",
    "none": "no spinner: the line always has two ends",
    "lot": "drawn by lot",
    "highest-double": "the player with the highest double, who leads it",
    "domino-maker": "the player who made domino",
    "round-winner": "the side that won the round",
    "round-total": "round5 of all opponents' pips together",
    "round-each": "round5 of each opponent's hand, added",
    "as-domino": "as for domino",
    "rounded-sides-minus-own": "round5 of each other side, minus round5 of its own",
    "difference": "round5 of the differences to the other sides",
    "nothing": "nobody scores",
    "split-third": "three players, two tied: round5 of the third hand split between them",
}


def _words(name: str, value: Any) -> str:
    if name == "deal":
        return f"{value[0]} tiles each for 2 players, {value[1]} for 3, {value[2]} for 4"
    if name == "target":
        return "by preset and table" if value is None else f"{value} points"
    if isinstance(value, bool):
        return "yes" if value else "no"
    return _WORDS.get(value, str(value))


PRESETS: dict[str, Rules] = {
    "pagat": Rules(
        preset="pagat", deal=(9, 7, 5), partners=True, spinner="first-double", target=None,
        first_opener="lot", next_opener="domino-maker", fallback_opener="lot",
        domino_award="round-total", blocked_award="as-domino", blocked_tie="split-third",
        muggins=False,
    ),
    "two-ends": Rules(
        preset="two-ends", deal=(7, 5, 5), partners=True, spinner="none", target=None,
        first_opener="highest-double", next_opener="domino-maker", fallback_opener="highest-double",
        domino_award="round-each", blocked_award="rounded-sides-minus-own", blocked_tie="nothing",
        muggins=False,
    ),
    "fuenfer": Rules(
        preset="fuenfer", deal=(7, 5, 5), partners=False, spinner="first-double", target=None,
        first_opener="highest-double", next_opener="round-winner", fallback_opener="highest-double",
        domino_award="round-total", blocked_award="difference", blocked_tie="nothing",
        muggins=False,
    ),
}

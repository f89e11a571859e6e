"""The options of docs/rules.md and the three presets (docs/rules.md "The options and the presets").

A `Rules` is a preset plus the options a table changed. Option names and values are the
ones the record's `[rules]` table and the command line use.
"""

from __future__ import annotations

from typing import Any, NamedTuple

from scorepad.engine.counting import COUNTINGS, Counting
from scorepad.engine.tiles import SET_SIZE
from scorepad.errors import RulesError, brief
from scorepad.i18n import _, ngettext

CHOICES: dict[str, tuple[str, ...]] = {
    "spinner": ("first-double", "none"),
    "first_opener": ("lot", "highest-double"),
    "next_opener": ("domino-maker", "round-winner"),
    "fallback_opener": ("lot", "highest-double"),
    "domino_award": ("round-total", "round-each"),
    "blocked_award": ("as-domino", "rounded-sides-minus-own", "difference"),
    "blocked_tie": ("nothing", "split-third"),
}
if len(COUNTINGS) > 1:  # one way of counting is no choice: the option exists once there are two
    CHOICES["counting"] = tuple(COUNTINGS)
FLAGS = ("partners", "muggins")
NUMBERS = {"target": 1, "deal": 3, "penalty": 1}  # the options that take whole numbers, and how many
MAX_PENALTY = 1000  # points a side scores for a move that stands; more is no game
MAX_TARGET = 100_000  # a game to more is no game of dominoes; bounded so scores stay small

OPTION_ORDER = (
    "deal",
    "partners",
    "spinner",
    "target",
    "first_opener",
    "next_opener",
    "fallback_opener",
    "domino_award",
    "blocked_award",
    "blocked_tie",
    "muggins",
    "penalty",
    *(name for name in ("counting",) if name in CHOICES),
)
OPTIONS = ("preset", *OPTION_ORDER)  # every field of a Rules but `overridden` and `targets`
DEFAULT_PRESET = "pagat"  # a game's preset when neither the table nor the record names one


class Targets(NamedTuple):
    """A preset's points to win by table, when the table sets no `target`."""

    two: int  # two players
    three: int  # three players
    four: int  # four players each for themselves
    partnerships: int  # four players as two partnerships


class Rules:
    """Every option of docs/rules.md. `target = None` means the preset's target for the table.

    Fixed once made, compared and hashed by its options (not by `overridden`, which only
    says what the record writes). A plain class, not a frozen dataclass: the command line
    imports this module on every run, for the choices it offers, and a frozen dataclass of
    thirteen fields is slow to define."""

    __slots__ = (*OPTIONS, "overridden", "targets")

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
    penalty: int  # points each opposing side scores for a move that stands against the rules
    counting: str  # the way of counting's name (engine/counting.py), where the rules have the option
    overridden: frozenset[str]
    targets: Targets  # the preset's, for a table that sets no target

    def __init__(self, *, targets: Targets, overridden: frozenset[str] = frozenset(), **options: Any) -> None:
        if "counting" in OPTIONS:
            options.setdefault("counting", next(iter(COUNTINGS)))  # a preset that names none counts fives
        if options.keys() != set(OPTIONS):
            raise TypeError(f"Rules() takes exactly the options {', '.join(OPTIONS)}")  # a programming error
        for name in OPTIONS:
            object.__setattr__(self, name, options[name])
        object.__setattr__(self, "overridden", overridden)
        object.__setattr__(self, "targets", targets)

    def __setattr__(self, name: str, value: Any) -> None:
        raise AttributeError(f"Rules are fixed: {name} cannot change (Rules.from_options makes new ones)")

    def _values(self) -> tuple[Any, ...]:
        return (*(getattr(self, name) for name in OPTIONS), self.targets)

    def __eq__(self, other: object) -> bool:
        return self._values() == other._values() if isinstance(other, Rules) else NotImplemented

    def __hash__(self) -> int:
        return hash(self._values())

    def __repr__(self) -> str:
        return "Rules(" + ", ".join(f"{name}={getattr(self, name)!r}" for name in (*OPTIONS, "overridden", "targets")) + ")"

    @classmethod
    def from_options(cls, preset: str = DEFAULT_PRESET, **options: Any) -> Rules:
        """A preset with options changed, each value checked:
        ``Rules.from_options("pagat", target=150, muggins=True)``."""
        if not isinstance(preset, str) or preset not in PRESETS:
            raise RulesError(
                _("unknown preset '{preset}': choose {presets}").format(
                    preset=preset if isinstance(preset, str) else brief(preset), presets=", ".join(PRESETS)
                )
            )
        base = PRESETS[preset]
        known = set(OPTIONS) - {"preset"}
        checked: dict[str, Any] = {}
        for name, value in options.items():
            if name not in known:
                raise RulesError(
                    _("unknown rules option '{name}': options are {options}").format(name=name, options=", ".join(sorted(known)))
                )
            checked[name] = _check(name, value)
        return cls(
            **{**{name: getattr(base, name) for name in OPTIONS}, **checked}, overridden=frozenset(checked), targets=base.targets
        )

    def options(self) -> dict[str, Any]:
        """The options this table changed from its preset, as the record writes them."""
        out: dict[str, Any] = {}
        for name in sorted(self.overridden):
            value = getattr(self, name)
            out[name] = list(value) if isinstance(value, tuple) else value
        return out

    @property
    def counting_rule(self) -> Counting:
        """What a sum of the open ends scores (engine/counting.py): the way the `counting`
        option names, fives where there is no choice; all that scores follows it."""
        return COUNTINGS[getattr(self, "counting", next(iter(COUNTINGS)))]

    # --- what follows for a table of n players ------------------------------------------

    def deal_for(self, players: int) -> int:
        return self.deal[players - 2]

    def plays_partners(self, players: int) -> bool:
        return players == 4 and self.partners

    def target_for(self, players: int) -> int:
        """The points to win at a table of `players`: the table's target, else the preset's."""
        if self.target is not None:
            return self.target
        if self.plays_partners(players):
            return self.targets.partnerships
        return (self.targets.two, self.targets.three, self.targets.four)[players - 2]

    def describe(self) -> list[tuple[str, str]]:
        """Each option with its value in words, for `scorepad rules`."""
        return [
            (name, _target_words(self.targets) if name == "target" and self.target is None else _words(name, getattr(self, name)))
            for name in OPTION_ORDER
        ]


def _check(name: str, value: Any) -> Any:
    if name in FLAGS:
        if not isinstance(value, bool):
            raise RulesError(_("{name} must be true or false, not {value}").format(name=name, value=brief(value)))
        return value
    if name in CHOICES:
        if not isinstance(value, str) or value not in CHOICES[name]:
            raise RulesError(
                _("{name} must be one of {choices}, not {value}").format(
                    name=name, choices=", ".join(CHOICES[name]), value=brief(value)
                )
            )
        return value
    if name == "target":
        if value is None:
            return None
        if isinstance(value, bool) or not isinstance(value, int) or value < 1:
            raise RulesError(_("target must be a positive whole number, not {value}").format(value=brief(value)))
        if value > MAX_TARGET:
            raise RulesError(_("target {target}: at most {limit} points").format(target=brief(value), limit=MAX_TARGET))
        return value
    if name == "deal":
        if (
            not isinstance(value, (list, tuple))
            or len(value) != 3
            or any(isinstance(v, bool) or not isinstance(v, int) for v in value)
        ):
            raise RulesError(_("deal must be three whole numbers (for 2, 3, 4 players), not {value}").format(value=brief(value)))
        for players, count in zip((2, 3, 4), value):
            # Every player needs a tile, and the hands must come out of the set.
            if count < 1 or players * count > SET_SIZE:
                raise RulesError(
                    _("deal {deal}: {count} tiles each for {players} players does not fit a {size}-tile set").format(
                        deal=brief(list(value)), count=brief(count), players=players, size=SET_SIZE
                    )
                )
        return tuple(value)
    if name == "penalty":
        if isinstance(value, bool) or not isinstance(value, int) or not 0 <= value <= MAX_PENALTY:
            raise RulesError(
                _("penalty must be a whole number from 0 to {limit}, not {value}").format(limit=MAX_PENALTY, value=brief(value))
            )
        return value
    raise RulesError(_("unknown rules option '{name}'").format(name=name))  # pragma: no cover - guarded above


def _target_words(targets: Targets) -> str:
    """A preset's targets in words, from its data."""
    if len(set(targets)) == 1:
        return ngettext("{points} point", "{points} points", targets.two).format(points=targets.two)
    return _("{two} points for 2 players, {three} for 3, {four} for 4 alone, {partnerships} for two partnerships").format(
        **targets._asdict()
    )


def _value_words() -> dict[str, str]:
    """Each option value in words, in the current language (looked up when asked)."""
    return {
        "first-double": _("the first double is a spinner with four arms"),
        "none": _("no spinner: the line always has two ends"),
        "lot": _("drawn by lot"),
        "highest-double": _("the player with the highest double, who leads it"),
        "domino-maker": _("the player who made domino"),
        # Who leads is a player, also in a partnership (docs/rules.md).
        "round-winner": _("the player who made domino; after a blocked round, the winning side's player with fewer pips"),
        "round-total": _("round5 of all opponents' pips together"),
        "round-each": _("round5 of each opponent's hand, added"),
        "as-domino": _("as for domino"),
        "rounded-sides-minus-own": _("round5 of each other side, minus round5 of its own"),
        "difference": _("round5 of the other sides' pips together, minus its own"),
        "nothing": _("nobody scores"),
        "split-third": _("three players, two tied: round5 of the third hand split between them"),
        **{counting.name: _(counting.words) for counting in COUNTINGS.values()},
    }


def _words(name: str, value: Any) -> str:
    if name == "deal":
        return _("{two} tiles each for 2 players, {three} for 3, {four} for 4").format(
            two=value[0], three=value[1], four=value[2]
        )
    if name == "target":
        return ngettext("{points} point", "{points} points", value).format(points=value)
    if name == "penalty":
        if not value:
            return _("none: a move that stands against the rules costs nothing")
        return ngettext(
            "{points} point to each opposing side for a move that stands against the rules",
            "{points} points to each opposing side for a move that stands against the rules",
            value,
        ).format(points=value)
    if isinstance(value, bool):
        return _("yes") if value else _("no")
    return _value_words().get(value, str(value))


PRESETS: dict[str, Rules] = {
    "pagat": Rules(
        preset="pagat",
        deal=(9, 7, 5),
        partners=True,
        spinner="first-double",
        target=None,
        first_opener="lot",
        next_opener="domino-maker",
        fallback_opener="lot",
        domino_award="round-total",
        blocked_award="as-domino",
        blocked_tie="split-third",
        muggins=False,
        penalty=0,
        targets=Targets(two=250, three=200, four=200, partnerships=200),
    ),
    "two-ends": Rules(
        preset="two-ends",
        deal=(7, 5, 5),
        partners=True,
        spinner="none",
        target=None,
        first_opener="highest-double",
        next_opener="domino-maker",
        fallback_opener="highest-double",
        domino_award="round-each",
        blocked_award="rounded-sides-minus-own",
        blocked_tie="nothing",
        muggins=False,
        penalty=0,
        targets=Targets(two=250, three=200, four=200, partnerships=250),
    ),
    "fuenfer": Rules(
        preset="fuenfer",
        deal=(7, 5, 5),
        partners=False,
        spinner="first-double",
        target=None,
        first_opener="highest-double",
        next_opener="round-winner",
        fallback_opener="highest-double",
        domino_award="round-total",
        blocked_award="difference",
        blocked_tie="nothing",
        muggins=False,
        penalty=0,
        targets=Targets(two=150, three=150, four=150, partnerships=150),
    ),
}

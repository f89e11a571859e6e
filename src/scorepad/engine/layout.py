"""The tiles on the table and what their open ends count.

This is where docs/rules.md's "Doubles", "The spinner", "End names" and "Counting the ends"
live. The line has two ends, W and E, for the whole round. With the `first-double`
spinner rule the first double of the round becomes the spinner; once both of its line
sides are occupied its side arms N and S may be started.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from typing import Any, NamedTuple

from scorepad.engine.counting import FIVES, Counting
from scorepad.engine.tiles import ALL_TILES, ENDS, HIGHEST_PIP, End, Tile
from scorepad.errors import AmbiguousMoveError, IllegalMoveError
from scorepad.i18n import _

W, E, N, S = 0, 1, 2, 3
NO_END = -1  # an end that does not exist (yet)


class Placement(NamedTuple):
    """Where a tile can go, and what the ends would then count."""

    end: End | None  # None for the lead
    end_sum: int
    score: int


class Placed(NamedTuple):
    """A tile as it lies: `inner` is the half joined to the layout (for the lead, its W
    half), `outer` the half that was left open."""

    tile: Tile
    end: End | None
    inner: int
    outer: int
    spinner: bool


class Ends(NamedTuple):
    """The layout at one moment, as a value to keep and to ask afterwards what a tile would
    have done then: kept at each pass and draw (`Round.stood`: what a hand proves is judged
    on it, engine/held.py) and before each play a review weighs (engine/review.py). What a
    tile joined to an end makes the ends count is worked out as `Layout.place` would make
    it, without a layout to put it on."""

    numbers: tuple[int, int, int, int]  # W, E, N, S: each end's open number (NO_END: none open yet)
    counts: tuple[int, int, int, int]  # what each end counts for a tile joined to another end (`Layout._others`)
    mask: int  # bit t.id set for every tile on the table
    # A tile joined at W (at E) opens the spinner's side arms with this number: both line
    # sides of the spinner are then taken. NO_END: it opens none (no spinner yet, the arms
    # already open, or the spinner itself still the outer tile on the other side).
    arms: tuple[int, int]
    tables: Tables  # the round's way of counting, looked up (`Tables`)

    def fitting(self, tiles: Sequence[Tile]) -> list[tuple[Tile, list[End]]]:
        """Each of `tiles` that could have been joined to an end then, with those ends, as
        `Layout.placements` found them (none for a tile on the table, none before the lead)."""
        numbers, mask = self.numbers, self.mask
        found = []
        for tile in tiles:
            a, b = tile.a, tile.b
            if (a in numbers or b in numbers) and not mask >> tile.id & 1:  # NO_END matches no half
                found.append((tile, [ENDS[i] for i, n in enumerate(numbers) if n == a or n == b]))  # noqa: SIM109 - as _sums
        return found

    def best_of(self, hand: int) -> int:
        """The most any tile of `hand` (a bit t.id set for each) would score anywhere then,
        0 when none fits: a review asks it of every hand at every play. At each end only
        the tiles that would score there are looked at, the most of those held found in a
        table (`Tables.best_at`, by the end's number and what the other ends count once a
        tile is joined there)."""
        numbers, counts, mask, _arms, tables = self
        if not mask:  # nothing on the table: any tile leads
            return next((score for tile_id, score in tables.leads if hand >> tile_id & 1), 0)
        best_at = tables.best_at
        hand &= ~mask
        w, e, n, s = numbers
        cw, ce, cn, cs = counts
        now = cw + ce + cn + cs
        # End by end, as a layout opens them: W and E from the lead on, N and S together
        # once the spinner's arms open. Written out, not looped: a loop over the four
        # costs half as much again, and a review asks this at every play.
        most = 0
        scoring, highest = best_at[w][now - cw]  # by what the other ends count once a tile is joined at W
        if hand & scoring:
            most = highest[hand & scoring]
        scoring, highest = best_at[e][now - ce]
        if hand & scoring and highest[hand & scoring] > most:
            most = highest[hand & scoring]
        if n != NO_END:
            scoring, highest = best_at[n][now - cn]
            if hand & scoring and highest[hand & scoring] > most:
                most = highest[hand & scoring]
            scoring, highest = best_at[s][now - cs]
            if hand & scoring and highest[hand & scoring] > most:
                most = highest[hand & scoring]
        return most

    def best_after(self, tile: Tile, end: End | None, hand: int) -> int:
        """`best_of(hand)` once `tile` is down at `end` (None: the lead), the ends counting
        as `Layout.place` would make them: what a play, or an alternative to it, leaves the
        next player."""
        return self.after(tile, end).best_of(hand)

    def fits(self, hand: int) -> bool:
        """Whether any tile of `hand` (a bit mask) not on the table could be joined to an
        open end then: a player none of whose tiles fits must draw (or pass)."""
        return bool(self.joinable(hand))

    def joinable(self, hand: int) -> int:
        """The tiles of `hand` (a bit mask) not on the table that could be joined to an open
        end then, as a bit mask: the tiles `fitting` finds."""
        w, e, n, s = self.numbers
        having = _HAVING
        return hand & ~self.mask & (having[w] | having[e] | having[n] | having[s])

    def after(self, tile: Tile, end: End | None) -> Ends:
        """The layout once `tile` is down at `end` (None: the lead), as far as the ends go:
        their numbers and what they count, as `Layout.place` would make them; the arms a
        later tile would open are not worked out (only what a tile joined next would do is
        asked of it)."""
        numbers, counts, mask, arms, tables = self
        mask |= 1 << tile.id
        a, b = tile.a, tile.b
        if end is None:
            # A lone lead: a tile joined to one end finds the other counting as any outer
            # tile there would (both halves of a double).
            double = a == b
            after = ((a, b, NO_END, NO_END), (a * 2 if double else a, b * 2 if double else b, 0, 0), mask, _NO_ARMS, tables)
            return _new_placed(Ends, after)
        i = end.slot
        w, e, n, s = numbers
        cw, ce, cn, cs = counts
        outer = b if a == numbers[i] else a
        count = outer * 2 if a == b else outer  # an outer double counts both halves
        if i == W:
            w, cw = outer, count
            if arms[W] != NO_END:
                n = s = arms[W]  # opened, not yet started: they count nothing
        elif i == E:
            e, ce = outer, count
            if arms[E] != NO_END:
                n = s = arms[E]
        elif i == N:
            n, cn = outer, count
        else:
            s, cs = outer, count
        return _new_placed(Ends, ((w, e, n, s), (cw, ce, cn, cs), mask, _NO_ARMS, tables))

    def reaching(self, tiles: Sequence[Tile], score: int, hand: int) -> list[tuple[Tile, End | None, int]]:
        """The placements of `tiles` (`hand`: the same as a bit mask) that would score
        `score` (0: nothing) then, as `scores_of` lists them: a review asks for those that
        score a hand's best."""
        numbers, count, mask, _arms, tables = self
        if not mask:
            scored = tables.scored
            return [(t, None, score) for t in tiles if scored[t.pips] == score]
        reaching = tables.reaching
        hand &= ~mask
        now = count[0] + count[1] + count[2] + count[3]
        ends = []  # (end, the tiles of the hand that score `score` there, as a bit mask)
        for i, n in enumerate(numbers):
            if n != NO_END:
                base = now - count[i]  # what the other ends count once a tile is joined here
                fit = reaching[n][base].get(score, 0) & hand
                if fit:
                    ends.append((ENDS[i], fit))
        return [(tile, end, score) for tile in tiles for end, fit in ends if fit >> tile.id & 1]

    def scores_of(self, tiles: Sequence[Tile]) -> list[tuple[Tile, End | None, int]]:
        """Every place each of `tiles` could go then and what it would score there, as
        `Layout.placements` finds them, tile by tile (each tile's ends W, E, N, S), as plain
        (tile, end, score) tuples. A tile on the table goes nowhere."""
        numbers, counts, mask, _arms, tables = self
        scored = tables.scored
        if not mask:
            return [(t, None, scored[t.pips]) for t in tiles]
        return [(tile, ENDS[i], scored[total]) for tile, i, total in _joined(numbers, counts, mask, tiles)]


def _joined(numbers: Sequence[int], counts: Sequence[int], mask: int, tiles: Sequence[Tile]) -> Iterator[tuple[Tile, int, int]]:
    """Each of `tiles` not on the table (`mask`), with each end slot it fits and the end sum
    it would make there, on ends whose open numbers are `numbers` and counts `counts` (as
    `Ends` keeps them): what `place` would make the ends count, without a layout to put it
    on. Only after the lead."""
    now = counts[0] + counts[1] + counts[2] + counts[3]
    bases = [(i, n, now - c) for i, (n, c) in enumerate(zip(numbers, counts)) if n != NO_END]
    for tile in tiles:
        if mask >> tile.id & 1:
            continue
        for i, n, base in bases:
            outer = _OUTER[n][tile.id]
            if outer >= 0:
                yield tile, i, base + outer


# What a tile joined to an end by its half n makes that end count: its other half, or both
# halves for a double (as `place` counts it); -1 when the tile has no half n. By n, then tile id.
_OUTER = [[-1] * len(ALL_TILES) for _n in range(HIGHEST_PIP + 1)]
for _t in ALL_TILES:
    for _n in {_t.a, _t.b}:
        _OUTER[_n][_t.id] = _n * 2 if _t.is_double else _t.b if _t.a == _n else _t.a
# By n: each tile with a half n and what it makes that end count, as (t.id, count).
_JOINED = [[(t, c) for t, c in enumerate(_OUTER[_n]) if c >= 0] for _n in range(HIGHEST_PIP + 1)]
# By an end's number, NO_END (-1) last: the tiles that could join it, as a bit mask (`Ends.fits`).
_HAVING = [sum(1 << t for t, _c in _JOINED[_n]) for _n in range(HIGHEST_PIP + 1)] + [0]
# The most the ends count together: four ends of the highest double, each counting both halves.
MAX_END_SUM = 4 * 2 * HIGHEST_PIP


class Tables:
    """What the layout and a review ask of the ends at every play, looked up rather than
    worked out: built from a way of counting's own `score` (engine/counting.py), never
    written by hand.

    - `scored[end_sum]`: what a play that leaves that end sum scores (every play asks);
    - `leads`: every tile as the lead with what it scores, the highest first.
    By what a review knows of an end, its number n, then the base, what the other ends
    count once a tile is joined there (0 to MAX_END_SUM), each with an eighth row for
    n = NO_END (-1), an end not open, which takes no tile:
    - `best_at[n][base]`: the tiles with a half n that would score there, as a bit mask,
      and for every set of them a hand may hold (the mask's bits set in the hand) the most
      any of them scores (`Ends.best_of`);
    - `reaching[n][base]`: by score, the tiles with a half n that would score exactly that
      there (0: those that score nothing) (`Ends.reaching`).
    `scored` is made at once; the rest when first asked for, by a review or a hint: a
    command that only replays a record never pays for them."""

    __slots__ = ("best_at", "counting", "leads", "reaching", "scored")
    best_at: list[list[tuple[int, dict[int, int]]]]
    reaching: list[list[dict[int, int]]]
    leads: list[tuple[int, int]]

    def __init__(self, counting: Counting) -> None:
        self.counting = counting
        self.scored = [counting.score(end_sum) for end_sum in range(MAX_END_SUM + 1)]

    def __getattr__(self, name: str) -> Any:
        # Only for a slot not yet filled: the first review or hint fills them all.
        if name not in ("best_at", "reaching", "leads"):
            raise AttributeError(name)
        self._build()
        return getattr(self, name)

    def _build(self) -> None:
        score, scored = self.counting.score, self.scored
        self.leads = sorted(((t.id, scored[t.pips]) for t in ALL_TILES), key=lambda ts: -ts[1])
        shared: dict[tuple[tuple[int, int], ...], tuple[int, dict[int, int]]] = {}
        best_at, reaching = [], []
        for joined in _JOINED:
            best_row: list[tuple[int, dict[int, int]]] = []
            reaching_row: list[dict[int, int]] = []
            for base in range(MAX_END_SUM + 1):
                made = [(t, scored[base + c] if base + c <= MAX_END_SUM else score(base + c)) for t, c in joined]
                scoring = tuple((t, points) for t, points in made if points)
                if scoring not in shared:
                    # Every set of the scoring tiles a hand may hold, and the most among them:
                    # a few tiles at most share an end number and a score.
                    highest = {}
                    for held in range(1, 1 << len(scoring)):
                        among = [tp for k, tp in enumerate(scoring) if held >> k & 1]
                        highest[sum(1 << t for t, _p in among)] = max(p for _t, p in among)
                    shared[scoring] = (sum(1 << t for t, _p in scoring), highest)
                best_row.append(shared[scoring])
                by_score: dict[int, int] = {}
                for t, points in made:
                    by_score[points] = by_score.get(points, 0) | 1 << t
                reaching_row.append(by_score)
            best_at.append(best_row)
            reaching.append(reaching_row)
        self.best_at = [*best_at, [(0, {})] * (MAX_END_SUM + 1)]
        self.reaching = [*reaching, [{}] * (MAX_END_SUM + 1)]


_TABLES: dict[Counting, Tables] = {}


def tables_for(counting: Counting) -> Tables:
    """The tables of `counting`, built when it is first used."""
    tables = _TABLES.get(counting)
    if tables is None:
        tables = _TABLES[counting] = Tables(counting)
    return tables


_NO_ARMS = (NO_END, NO_END)
_new_placed = tuple.__new__  # builds a Placed (or Ends) without the Python-level __new__: plays are hot
# Placed tuples are immutable and few tell apart (a tile, an end, its inner half, spinner or
# not): every round shares them, so a long game's layouts cost a pointer per tile.
_PLACED: dict[int, Placed] = {}


class Layout:
    """The layout of one round. `place` puts a tile down; `copy` is an independent copy."""

    __slots__ = (
        "_count",
        "_double",
        "_mask",
        "_open",
        "_spinner_out",
        "_started",
        "placed",
        "spinner",
        "tables",
        "with_spinner",
    )

    def __init__(self, with_spinner: bool = True, counting: Counting = FIVES) -> None:
        self.with_spinner = with_spinner
        self.tables = tables_for(counting)  # what the ends' sum scores, looked up
        self.placed: list[Placed] = []
        self.spinner: Tile | None = None
        # Per end W, E, N, S: the open number (NO_END if the end does not exist), whether
        # the outer tile there is a double (it then counts both halves), and for W and E
        # whether that outer double is the spinner itself.
        self._open = [NO_END, NO_END, NO_END, NO_END]
        self._double = [False, False, False, False]
        self._spinner_out = [False, False]
        self._started = [False, False]  # N and S: has the side arm been started?
        self._count = [0, 0, 0, 0]  # what each end counts now; the end sum is their sum
        self._mask = 0  # bit t.id set for every tile on the table

    @property
    def counting(self) -> Counting:
        return self.tables.counting

    def copy(self) -> Layout:
        new = Layout.__new__(Layout)
        new.with_spinner = self.with_spinner
        new.tables = self.tables
        new.placed = self.placed.copy()
        new.spinner = self.spinner
        new._open = self._open.copy()
        new._double = self._double.copy()
        new._spinner_out = self._spinner_out.copy()
        new._started = self._started.copy()
        new._count = self._count.copy()
        new._mask = self._mask
        return new

    # --- what lies on the table -------------------------------------------------------

    def __len__(self) -> int:
        return len(self.placed)

    def __bool__(self) -> bool:
        return bool(self.placed)

    def on_table(self, tile: Tile) -> bool:
        return bool(self._mask >> tile.id & 1)

    def tiles_on_table(self) -> set[Tile]:
        """Every tile on the table, as the set holds it (what a hand cannot hold)."""
        return {t for t in ALL_TILES if self._mask >> t.id & 1}

    @property
    def tiles_mask(self) -> int:
        return self._mask

    def ends(self) -> Ends:
        """The layout as it is now, to keep (`Ends`). A review keeps it before every play."""
        spinner = self.spinner
        if spinner is None or self._open[N] != NO_END:
            arms = _NO_ARMS
        else:
            # Joined at one line side, a tile opens the arms when the other side is taken.
            out = self._spinner_out
            arms = (NO_END if out[E] else spinner.a, NO_END if out[W] else spinner.a)
        # The counts `_others` gives, without its call but for a lone lead: an audit keeps
        # the ends at every pass and draw, a review before every play.
        counts = self._count if len(self.placed) != 1 else self._others()
        return _new_placed(Ends, (tuple(self._open), tuple(counts), self._mask, arms, self.tables))

    def open_ends(self) -> list[End]:
        """Every end a tile could be joined to now, a side arm not yet started included."""
        return [ENDS[i] for i in range(4) if self._open[i] != NO_END]

    def open_number(self, end: End) -> int | None:
        """The number `end` shows now; None if there is no such end (yet)."""
        n = self._open[end.slot]
        return None if n == NO_END else n

    def side_arms_open(self) -> bool:
        return self._open[N] != NO_END

    def arm(self, end: End) -> list[Placed]:
        """The tiles of one arm from the centre outwards (the lead is not part of any arm)."""
        return [p for p in self.placed if p.end is end]

    # --- counting -------------------------------------------------------------------

    def end_counts(self) -> dict[End, int]:
        return {ENDS[i]: self._count[i] for i in range(4) if self._open[i] != NO_END}

    def counted_ends(self) -> list[tuple[End, int, bool]]:
        """The ends that add to the sum now: each with its open number and whether an
        outer double makes it count twice (a side arm not yet started adds nothing)."""
        if len(self.placed) == 1:
            return [(End.W, self._open[W], False), (End.E, self._open[E], False)]
        return [
            (ENDS[i], self._open[i], self._double[i])
            for i in range(4)
            if self._open[i] != NO_END and (i <= E or self._started[i - N])
        ]

    @property
    def end_sum(self) -> int:
        return sum(self._count)

    # --- placing --------------------------------------------------------------------

    def fits(self, tile: Tile, end: End) -> bool:
        n = self._open[end.slot]
        return n != NO_END and (tile.a == n or tile.b == n)

    def accepts(self, tile: Tile, end: End) -> bool:
        """Whether `tile` may be joined at `end` now."""
        n = self._open[end.slot]
        return n != NO_END and (tile.a == n or tile.b == n) and not self._mask >> tile.id & 1

    def ends_for(self, tile: Tile) -> list[End]:
        """Every end `tile` could be joined to now (not checking it is still in play)."""
        a, b = tile.a, tile.b
        return [ENDS[i] for i, n in enumerate(self._open) if n in (a, b)]  # NO_END matches no half

    def showing(self) -> dict[int, list[End]]:
        """Each number an open end shows, with the ends that show it."""
        at: dict[int, list[End]] = {}
        for end, n in zip(ENDS, self._open):
            if n != NO_END:
                if n in at:
                    at[n].append(end)
                else:
                    at[n] = [end]
        return at

    def placements(self, tile: Tile) -> list[Placement]:
        """Every place `tile` may go now, with the end sum and score it would make."""
        if self.on_table(tile):
            return []
        scored = self.tables.scored
        if not self.placed:
            return [Placement(None, tile.pips, scored[tile.pips])]
        return [Placement(ENDS[i], total, scored[total]) for _tile, i, total in self._sums((tile,))]

    def _others(self) -> list[int]:
        """What each end counts for a tile joined to another end: what it counts now, but
        while the lead lies alone, as `place` makes it count then, as any outer tile (both
        halves of a double, where now it counts one). Only after the lead: a tile joined to
        end i makes the sum sum(_others()) - _others()[i] + _OUTER[n][tile.id]."""
        if len(self.placed) != 1:
            return self._count
        opened, double = self._open, self._double
        return [opened[W] * 2 if double[W] else opened[W], opened[E] * 2 if double[E] else opened[E], 0, 0]

    def _sums(self, tiles: Sequence[Tile]) -> Iterator[tuple[Tile, int, int]]:
        """Each of `tiles` not on the table, with each end slot it fits and the end sum it
        would make there (`_joined`). Only after the lead."""
        return _joined(self._open, self._others(), self._mask, tiles)

    def resolve_end(self, tile: Tile, end: End | None, *, misplay: bool = False) -> End | None:
        """The end a play goes to, checking it is legal. Without an end the tile must fit
        just one end, or every end it fits must give the same sum (docs/format.md).
        `misplay`: the table let a tile stand on an open end whose number it does not show."""
        if self.on_table(tile):
            raise IllegalMoveError(_("{tile} is already on the table").format(tile=tile))
        if not self.placed:
            if end is not None:
                raise IllegalMoveError(
                    _("{tile} is the lead: it takes no end (its {number} faces {end})").format(
                        tile=tile, number=tile.a, end=End.W.label
                    )
                )
            return None
        if end is not None:
            if self.fits(tile, end) or (misplay and self._open[end.slot] != NO_END):
                return end
            raise IllegalMoveError(self._refusal(tile, end))
        if misplay and not self.ends_for(tile):
            raise IllegalMoveError(
                _("{tile} fits no end: a misplay names the end it was laid on, e.g. {tile} {end}").format(
                    tile=tile, end=self.open_ends()[0].label
                )
            )
        options = self.placements(tile)
        if not options:
            raise IllegalMoveError(self._refusal(tile, None))
        if len({p.end_sum for p in options}) > 1:
            # The sum each end would make, not only its score: the table checks it by eye.
            choices = ", ".join(
                _("{end} makes {sum} (scores {points})").format(end=p.end.label, sum=p.end_sum, points=p.score)
                for p in options
                if p.end
            )
            raise AmbiguousMoveError(
                _("{tile} fits more than one end: {choices}; say which end").format(tile=tile, choices=choices)
            )
        return options[0].end

    def _refusal(self, tile: Tile, end: End | None) -> str:
        """Why `tile` cannot go at `end` (or anywhere), naming what each end shows."""
        if end is not None and end.slot >= N and self._open[end.slot] == NO_END:
            if not self.with_spinner:
                return _("{tile} cannot go {end}: this game has no spinner, only {west} and {east}").format(
                    tile=tile, end=end.label, west=End.W.label, east=End.E.label
                )
            if self.spinner is None:
                return _("{tile} cannot go {end}: there is no spinner yet").format(tile=tile, end=end.label)
            number = self.spinner.a
            if number not in (tile.a, tile.b):
                # Not even an open arm would take it: both reasons, or the player waits for
                # an arm the tile can never join.
                return _(
                    "{tile} cannot go {end}: side arms open only once both line sides of the spinner {spinner} "
                    "are occupied, and only a tile with a {number} joins one"
                ).format(tile=tile, end=end.label, spinner=self.spinner, number=number)
            return _(
                "{tile} cannot go {end}: side arms open only once both line sides of the spinner {spinner} are occupied"
            ).format(tile=tile, end=end.label, spinner=self.spinner)
        shown = ", ".join(_("{end} shows {number}").format(end=e.label, number=self._open[e.slot]) for e in self.open_ends())
        fits = ""
        for e in self.ends_for(tile):
            fits = _("{ends} or {end}").format(ends=fits, end=e.label) if fits else e.label
        if end is None:
            return _("{tile} does not fit: {shown}").format(tile=tile, shown=shown)
        if fits:
            return _("{tile} does not fit {end}: {shown} (it fits {ends})").format(
                tile=tile, end=end.label, shown=shown, ends=fits
            )
        return _("{tile} does not fit {end}: {shown}").format(tile=tile, end=end.label, shown=shown)

    def place(self, tile: Tile, end: End | None) -> int:
        """Put `tile` down at `end` (None for the lead) and return the new end sum.
        Call `resolve_end` first: this does not check legality again. Every play of a
        replay comes here, so a tile joined to an end is put in this body, not a helper."""
        if not self.placed:
            self._lead(tile)
            return sum(self._count)
        assert end is not None  # resolve_end gives every play after the lead its end
        i = end.slot
        opened, count, double = self._open, self._count, self._double
        # The half laid against the end: the one showing its number, else (a misplay the
        # table let stand, docs/rules.md irregularities) the tile's first half as written.
        if tile.b == opened[i]:
            inner, outer = tile.b, tile.a
        else:
            inner, outer = tile.a, tile.b
        is_double = tile.is_double
        # Only the first double of a round is a spinner, also when it was the lead.
        is_spinner = is_double and self.spinner is None and self.with_spinner
        if is_spinner:
            self.spinner = tile
        opened[i] = outer
        double[i] = is_double
        # An ordinary end counts its open number; an outer double (the spinner with an
        # empty line side included) counts both halves. A tile joined to an end makes
        # the tile before it interior: it counts nothing any more.
        count[i] = outer * 2 if is_double else outer
        if len(self.placed) == 1:
            # The lead stops being lone: at its other end it now counts as any outer tile.
            j = 1 - i
            count[j] = opened[j] * 2 if double[j] else opened[j]
        if i <= E:
            spinner_out = self._spinner_out
            spinner_out[i] = is_spinner
            if self.spinner is not None and opened[N] == NO_END and not spinner_out[W] and not spinner_out[E]:
                # Both line sides of the spinner are occupied: its side arms may start.
                # The spinner is interior now and counts nothing itself; an arm not yet
                # started counts 0.
                opened[N] = opened[S] = self.spinner.a
        else:
            self._started[i - N] = True
        self._mask |= 1 << tile.id
        key = (((tile.id * 7 + inner) * 4 + i) * 2 + is_spinner) + 56
        placed = _PLACED.get(key)
        if placed is None:
            placed = _PLACED[key] = _new_placed(Placed, (tile, end, inner, outer, is_spinner))
        self.placed.append(placed)
        return count[0] + count[1] + count[2] + count[3]

    def _lead(self, tile: Tile) -> None:
        is_spinner = self.with_spinner and tile.is_double
        if is_spinner:
            self.spinner = tile
        self._open[W], self._open[E] = tile.a, tile.b
        self._double[W] = self._double[E] = tile.is_double
        self._spinner_out[W] = self._spinner_out[E] = is_spinner
        # A lone lead counts all its pips, a double once: W counts one half, E the other.
        self._count[W], self._count[E] = tile.a, tile.b
        self._mask |= 1 << tile.id
        # Below 0: the keys of tiles joined to an end are 56 and more. By the halves as led,
        # not the tile: a lead of 3-6 lies the other way round from one of 6-3.
        key = -((tile.a * 7 + tile.b) << 1 | is_spinner) - 1
        placed = _PLACED.get(key)
        if placed is None:
            placed = _PLACED[key] = _new_placed(Placed, (tile, None, tile.a, tile.b, is_spinner))
        self.placed.append(placed)


# --- how the layout lies: the one geometry of every drawing of it ------------------------


class Lying(NamedTuple):
    """A tile as drawn: `first` is the half to the west (on the line) or to the north (in
    a side arm), `second` the other; `order` is when it was played (0 for the lead)."""

    placed: Placed
    order: int
    first: int
    second: int


def line_lying(layout: Layout) -> list[Lying]:
    """The W-E line from its W end to its E end: the lead as it was led (its first half
    facing W), each tile of the W arm with its open half outwards, the same for E."""
    order = {id(p): i for i, p in enumerate(layout.placed)}
    tiles = []
    for p in [*reversed(layout.arm(End.W)), *layout.placed[:1], *layout.arm(End.E)]:
        if p.end is None:
            first, second = p.tile.a, p.tile.b
        elif p.end is End.W:
            first, second = p.outer, p.inner
        else:
            first, second = p.inner, p.outer
        tiles.append(Lying(p, order[id(p)], first, second))
    return tiles


def arm_lying(layout: Layout, end: End) -> list[Lying]:
    """A side arm of the spinner from the spinner outwards; the N arm's open half is on
    top, the S arm's at the bottom."""
    order = {id(p): i for i, p in enumerate(layout.placed)}
    return [Lying(p, order[id(p)], *((p.outer, p.inner) if end is End.N else (p.inner, p.outer))) for p in layout.arm(end)]


class Spot(NamedTuple):
    """A tile on a grid whose unit is one half of a tile: its top-left corner and whether
    it lies upright (two units high, one wide) rather than flat (two wide, one high)."""

    lying: Lying
    x: float
    y: float
    upright: bool


class EndMark(NamedTuple):
    """Where an open end's count is written: the centre of the unit beyond its outer tile."""

    end: End
    x: float
    y: float


class Plan(NamedTuple):
    tiles: list[Spot]
    ends: list[EndMark]


def plan(layout: Layout) -> Plan:
    """The layout as it lies on the table, on a grid of half tiles: the line runs flat from
    W to E with the lead's west edge at x 0 and its middle at y 0, a double lying across
    it; the spinner's side arms run upright from its north and south edges, a double in
    them lying across (flat). Tiles only ever join at the outer ends, so a tile keeps its
    place for the rest of the round: a layout earlier in the round is part of this plan."""
    if not layout.placed:
        return Plan([], [])
    tiles: list[Spot] = []
    lying_line = line_lying(layout)
    lead = next(i for i, t in enumerate(lying_line) if t.order == 0)
    widths = [1.0 if t.placed.tile.is_double else 2.0 for t in lying_line]
    x = -sum(widths[:lead])
    spinner_x: float | None = None
    for t, width in zip(lying_line, widths):
        upright = t.placed.tile.is_double
        tiles.append(Spot(t, x, -1.0 if upright else -0.5, upright))
        if t.placed.spinner:
            spinner_x = x + width / 2
        x += width
    west, east = -sum(widths[:lead]), x
    counts = layout.end_counts()
    ends = [EndMark(End.W, west - 0.75, 0.0), EndMark(End.E, east + 0.75, 0.0)]
    if spinner_x is not None and layout.side_arms_open():
        for end, step in ((End.N, -1.0), (End.S, 1.0)):
            edge = step  # the spinner's own north or south edge
            for t in arm_lying(layout, end):
                flat = t.placed.tile.is_double
                height = 1.0 if flat else 2.0
                top = edge if step > 0 else edge - height
                tiles.append(Spot(t, spinner_x - (1.0 if flat else 0.5), top, not flat))
                edge += step * height
            ends.append(EndMark(end, spinner_x, edge + step * 0.6))
    return Plan(tiles, [mark for mark in ends if mark.end in counts])

"""Styled text without rich: what the status after a move is built of.

A command that records a move draws the status and nothing else; importing rich's console
and text for it took half of what the whole command took above Typer, so recording a
move starts without them. `Styled` holds text the way `rich.text.Text` does (the plain text, a style for all of
it, and styled stretches in the order they were added), so that `views/console.py` can
write it as rich would, or hand it to rich as the very same `Text` (`to_rich`) where only
rich knows how it looks: a line to wrap, a character of uncertain width, Windows."""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from rich.console import Group
    from rich.text import Text

# The control characters rich's Text drops from what it is given (rich.control.strip_control_codes).
_DROPPED = dict.fromkeys((7, 8, 11, 12, 13))

# A styled stretch: characters start to end (exclusive), in a rich style ("bold cyan").
Stretch = tuple[int, int, str]


class Styled:
    """Text with a style for all of it and styled stretches, built as `rich.text.Text` is
    (`Styled("x", style=...)`, `append`, `append_text`, `assemble`), so that `to_rich`
    gives the Text the same calls would have made."""

    __slots__ = ("_length", "_parts", "stretches", "style")

    def __init__(self, text: str = "", style: str = "") -> None:
        text = text.translate(_DROPPED)
        self._parts = [text]
        self._length = len(text)
        self.style = style
        self.stretches: list[Stretch] = []

    @property
    def plain(self) -> str:
        if len(self._parts) > 1:
            self._parts = ["".join(self._parts)]
        return self._parts[0]

    def __len__(self) -> int:
        return self._length

    def __str__(self) -> str:
        return self.plain

    def __repr__(self) -> str:
        return f"Styled({self.plain!r}, {self.style!r}, {self.stretches!r})"

    def append(self, text: str, style: str = "") -> Styled:
        if text:
            text = text.translate(_DROPPED)
            if style:
                self.stretches.append((self._length, self._length + len(text), style))
            self._parts.append(text)
            self._length += len(text)
        return self

    def append_text(self, other: Styled) -> Styled:
        offset = self._length
        if other.style:
            self.stretches.append((offset, offset + len(other), other.style))
        self._parts.append(other.plain)
        self.stretches.extend((start + offset, end + offset, style) for start, end, style in other.stretches)
        self._length += len(other)
        return self

    @classmethod
    def assemble(cls, *pieces: str | tuple[str, str] | Styled, style: str = "") -> Styled:
        text = cls(style=style)
        for piece in pieces:
            if isinstance(piece, Styled):
                text.append_text(piece)
            elif isinstance(piece, str):
                text.append(piece)
            else:
                text.append(*piece)
        return text

    def to_rich(self) -> Text:
        from rich.text import Span, Text

        return Text(self.plain, style=self.style, spans=[Span(*stretch) for stretch in self.stretches])

    def __rich__(self) -> Text:
        return self.to_rich()


class StyledLines:
    """Styled texts one under the other, as rich's Group shows them."""

    __slots__ = ("texts",)
    texts: tuple[Styled, ...]

    def __init__(self, texts: Iterable[Styled | StyledLines]) -> None:
        flat: list[Styled] = []
        for text in texts:
            flat.extend(text.texts if isinstance(text, StyledLines) else (text,))
        self.texts = tuple(flat)

    def __iter__(self) -> Iterator[Styled]:
        return iter(self.texts)

    def __rich__(self) -> Group:
        from rich.console import Group

        return Group(*(text.to_rich() for text in self.texts))

"""Help screens that fit the terminal. From PANELS_FROM columns on, Typer's rich panels;
below that (a phone) click's plain help, with each option on a line of its own and its
description under it at the full width, so option names stay whole and descriptions
do not shrink to slivers.

The help texts are translated here, as each screen is drawn, not when the commands are
defined: Typer takes `help=` and docstrings at import, before `--lang` is read (and a test
runs many commands in one import). The commands keep their English texts, marked with
`N_()` for extraction; `translate_help` shows them in the language chosen for the run."""

from __future__ import annotations

import importlib
import re
import sys
import types
from collections.abc import Callable, Iterator, Mapping
from typing import Any

import typer

try:  # typer 0.26 and later carry their own click; older ones use click itself
    from typer import _click as click
except ImportError:
    # Only one of the two exists in a given install: the ignore codes cover both cases.
    import click  # type: ignore[no-redef, import-not-found, unused-ignore]
from typer.core import TyperArgument, TyperCommand, TyperGroup

from scorepad import i18n
from scorepad.cli import completion
from scorepad.cli.early import asked_language, language_first
from scorepad.i18n import N_, _
from scorepad.views.console import width, wrapped

# Texts of typer and click themselves (their English is the message id in our catalogue).
_LIBRARY_TEXTS = (
    N_("Show this message and exit."),
    N_("default: {default}"),
    N_("env var: {var}"),
    N_("required"),
    N_("Missing command."),
)


def _route_library_texts() -> None:
    """Typer looks its own words up with the standard library's gettext at call time:
    send those lookups to scorepad's catalogue (a text it lacks stays English)."""
    import typer.core

    if getattr(typer.core, "_", None) is not None:
        vars(typer.core)["_"] = _


_route_library_texts()


def _headings() -> dict[str, str]:
    return {"Options": _("Options"), "Commands": _("Commands"), "Arguments": _("Arguments")}


# Facts of the data that a help text names as "{name}" (the presets): filled in as the
# text is shown, after its translation, so the catalogue keeps the placeholder alone.
HELP_FACTS: dict[str, str] = {}


def filled(text: str) -> str:
    """A help text with the facts it names filled in (HELP_FACTS)."""
    for name, fact in HELP_FACTS.items():
        text = text.replace("{" + name + "}", fact)
    return text


def reflowed(text: str) -> str:
    """Each paragraph of a help text on one line: Typer's panels keep a paragraph's line
    breaks, so the source's (wrapped to fit the code) cut sentences on the screen. A
    paragraph that starts with click's \\b keeps its lines."""
    return "\n\n".join(part if part.startswith("\b") else " ".join(part.split("\n")) for part in text.split("\n\n"))


def translate_help(command: Any) -> None:
    """Show the help of `command` and of its options and arguments in the current
    language. The English source texts are kept aside on first use, so a later run in
    another language (a test, the same process) looks them up again."""
    items = [command, *getattr(command, "params", ())]
    for item in items:
        sources = item.__dict__.setdefault("_help_sources", {name: getattr(item, name, None) for name in ("help", "short_help")})
        for name, source in sources.items():
            if source:  # _("") would be the catalogue's header
                setattr(item, name, reflowed(filled(_(source))))


class _Late(types.ModuleType):
    """A module of rich's that Typer's panels import whatever they draw, standing in for it
    until more than the name of its class is used: rich.markdown (and markdown_it with
    it: scorepad's help is rich markup, never Markdown) and rich.traceback (pygments: only
    for a crash). Together about half of what drawing the help cost."""

    def __init__(self, name: str, kind: str) -> None:
        super().__init__(name)
        late = self

        class Stand(type):  # instance checks and class attributes go to the real class
            def __instancecheck__(cls, instance: Any) -> bool:
                return isinstance(instance, getattr(late.real(), kind))

            def __getattr__(cls, name: str) -> Any:  # Traceback.from_exception
                return getattr(getattr(late.real(), kind), name)

        def make(cls: type, *args: Any, **kwargs: Any) -> Any:
            return getattr(late.real(), kind)(*args, **kwargs)

        setattr(self, kind, Stand(kind, (), {"__new__": make}))

    def real(self) -> types.ModuleType:
        if sys.modules.get(self.__name__) is self:
            del sys.modules[self.__name__]
        return importlib.import_module(self.__name__)

    def __getattr__(self, name: str) -> Any:
        if name.startswith("__"):  # the import system asking what this is (__path__, ...)
            raise AttributeError(name)
        return getattr(self.real(), name)


def _translate_rich_words() -> None:
    """Typer's panel titles, read at import from click's own (untranslated) gettext."""
    if "typer.rich_utils" not in sys.modules:
        import rich

        for name, kind in (("markdown", "Markdown"), ("traceback", "Traceback")):
            if f"rich.{name}" not in sys.modules:
                sys.modules[f"rich.{name}"] = late = _Late(f"rich.{name}", kind)
                setattr(rich, name, late)
    from typer import rich_utils

    rich_utils.ARGUMENTS_PANEL_TITLE = _("Arguments")
    rich_utils.OPTIONS_PANEL_TITLE = _("Options")
    rich_utils.COMMANDS_PANEL_TITLE = _("Commands")
    rich_utils.REQUIRED_LONG_STRING = _("[required]")
    rich_utils.DEFAULT_STRING = _("[default: {value}]").replace("{value}", "{}")
    rich_utils.ENVVAR_STRING = _("[env var: {variable}]").replace("{variable}", "{}")


PANELS_FROM = 70  # columns: below this the panels cut names such as --fallback-opener


class ScreenHelpFormatter(click.HelpFormatter):
    """click's help formatter at the terminal's own width (click's default never goes below
    50); on a narrow screen an option's description goes under its name."""

    def __init__(self, indent_increment: int = 2, width: int | None = None, max_width: int | None = None) -> None:
        super().__init__(indent_increment, width=_columns(), max_width=max_width)

    def write_usage(self, prog: str, args: str = "", prefix: str | None = None) -> None:
        if prefix is None:
            prefix = _("Usage:") + " "
        if self.width >= PANELS_FROM:
            super().write_usage(prog, args, prefix)
            return
        usage = f"{prefix}{prog} {args}"
        self.write(wrapped(" " * self.current_indent + usage, self.width, "    ") + "\n")

    def section(self, name: str) -> Any:
        return super().section(_headings().get(name, name))

    def write_text(self, text: str) -> None:
        if self.width < PANELS_FROM:
            # An example is a command to copy: its own lines, broken only between words
            # with a shell's ` \` so it still runs when pasted.
            example = re.escape(_("Example:"))
            text = re.sub(rf"(?m)^(?:Example:|{example}) (.+)$", lambda m: self._example(m.group(1)), text)
        super().write_text(text)

    def _example(self, command: str) -> str:
        import textwrap

        # Each line sits 2 in from the text and ends in " \" but the last: room for both.
        room = max(10, self.width - self.current_indent - 4)
        lines = textwrap.wrap(command, room, subsequent_indent="  ", break_long_words=False, break_on_hyphens=False)
        body = " \\\n  ".join(lines)
        heading = _("Example:")
        return f"\b\n{heading}\n  {body}"

    def write_dl(self, rows: Any, col_max: int = 30, col_spacing: int = 2) -> None:
        if self.width >= PANELS_FROM:
            super().write_dl(rows, col_max, col_spacing)
            return
        for term, text in rows:
            choices = re.fullmatch(r"(.+?) <([^<>]+\|[^<>]+)>", term)
            if choices and self.current_indent + len(term) > self.width:
                # The values of a choice on their own line: the option's name stays whole.
                value = _("value")
                term = f"{choices.group(1)} <{value}>"
                values = " | ".join(value.strip() for value in choices.group(2).split("|"))
                text = f"{values}. {text}" if text else values
            self.write(f"{'':>{self.current_indent}}{term}\n")
            if text:
                indent = " " * (self.current_indent + 4)
                self.write(wrapped(indent + text, self.width, "") + "\n")


def _columns() -> int:
    return max(20, width() - 1)  # the last column left free: some terminals wrap there


class ScreenContext(click.Context):
    formatter_class = ScreenHelpFormatter


class _PlainWhenNarrow:
    context_class: type[click.Context] = ScreenContext
    rich_markup_mode: Any

    def get_help_option(self, ctx: click.Context) -> Any:
        option = super().get_help_option(ctx)  # type: ignore[misc]
        if option is not None:
            translate_help(option)
        return option

    def format_help(self, ctx: click.Context, formatter: click.HelpFormatter) -> None:
        translate_help(self)
        for command in getattr(self, "commands", {}).values():
            translate_help(command)
        if width() >= PANELS_FROM and (isinstance(self, ScreenGroup) or _panels_fit(self, ctx)):
            if isinstance(self, ScreenGroup):
                from scorepad.cli import helppanels

                if helppanels.draw(self, ctx):
                    return
            _translate_rich_words()
            super().format_help(ctx, formatter)  # type: ignore[misc]
            return
        mode, self.rich_markup_mode = self.rich_markup_mode, None
        try:
            super().format_help(ctx, formatter)  # type: ignore[misc]
        finally:
            self.rich_markup_mode = mode


# What Typer's options panel needs beyond the longest word of each of its columns: its
# border and padding, and room to spare, since rich shares the width out by each column's
# whole width, not by its longest word. Measured on `new` (English and German): with less,
# rich cuts `rounded-sides-minus-own` from 92 columns down.
PANEL_FRAME = 25


def _panels_fit(command: Any, ctx: click.Context) -> bool:
    """Whether Typer's options panel of `command` shows every word whole at this width:
    long names, their negative forms, values and help, each column's longest word, and
    PANEL_FRAME. Where it would not, the plain screen lists each option with its values."""
    widest = [0, 0, 0, 0]
    for param in command.get_params(ctx):
        if getattr(param, "param_type_name", "") != "option":
            continue
        cells = (
            ",".join(o for o in param.opts if o.startswith("--")),
            ",".join(o for o in param.secondary_opts if o.startswith("--")),
            "" if getattr(param, "is_flag", False) else param.make_metavar(ctx),
            getattr(param, "help", None) or "",
        )
        for i, cell in enumerate(cells):
            widest[i] = max(widest[i], max((len(word) for word in cell.split()), default=0))
    return width() - 1 >= sum(widest) + PANEL_FRAME


class ScreenCommand(_PlainWhenNarrow, TyperCommand):
    def collect_usage_pieces(self, ctx: click.Context) -> list[str]:
        # An argument's own metavar as written, in braces when required, else in brackets
        # (as typer up to 0.28 shows it): typer 0.29 adds "..." to any that takes several
        # values, which "TILE [END]" does not mean, and "NAME=PIPS|TILES..." says already.
        pieces = [self.options_metavar] if self.options_metavar else []
        for param in self.get_params(ctx):
            metavar = param.metavar if isinstance(param, TyperArgument) else None
            if metavar is None:
                pieces.extend(param.get_usage_pieces(ctx))
            elif metavar.startswith("["):
                pieces.append(metavar)
            else:
                pieces.append(f"{{{metavar}}}" if param.required else f"[{metavar}]")
        return pieces


class ScreenGroup(_PlainWhenNarrow, TyperGroup):
    declared: Mapping[str, click.Command] | None = None  # set by ScreenTyper

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        if self.declared is not None:
            self.commands = self.declared  # type: ignore[assignment]

    def parse_args(self, ctx: click.Context, args: list[str]) -> list[str]:
        # The language first: every text from here on (help, errors) is shown in it.
        i18n.use(i18n.choose(asked_language(args)))
        ctx.meta[completion.ASKED] = completion.asked_shell(args)
        return super().parse_args(ctx, language_first(args))

    # Click refuses a bad command line while it makes a context (the group's options, a
    # command's arguments) or looks the command up: those refusals in scorepad's words
    # (cli/usage.py).
    def make_context(self, info_name: str | None, args: list[str], parent: click.Context | None = None, **extra: Any) -> Any:
        try:
            return super().make_context(info_name, args, parent, **extra)
        except click.exceptions.UsageError as error:
            from scorepad.cli.usage import worded  # only when a command line is refused

            raise worded(error) from None

    def invoke(self, ctx: click.Context) -> Any:
        try:
            return super().invoke(ctx)
        except click.exceptions.UsageError as error:
            from scorepad.cli.usage import worded  # only when a command line is refused

            raise worded(error) from None

    def _main_shell_completion(self, ctx_args: Any, prog_name: str, complete_var: str | None = None) -> None:
        # scorepad's own scripts and answers (cli/completion.py), never Typer's.
        completion.respond(self, prog_name)

    def format_commands(self, ctx: click.Context, formatter: click.HelpFormatter) -> None:
        for listed in self.commands.values():
            translate_help(listed)
        if formatter.width >= PANELS_FROM:
            super().format_commands(ctx, formatter)
            return
        # Each summary gets a line of its own, so it need not be cut to fit beside the name.
        rows = []
        for name in self.list_commands(ctx):
            command = self.get_command(ctx, name)
            if command is not None and not command.hidden:
                rows.append((name, command.get_short_help_str(limit=100)))
        if rows:
            with formatter.section("Commands"):
                formatter.write_dl(rows)


class Room:
    """The commands of one module of `cli/commands`, kept as declared until the app first
    looks one of them up (DeclaredCommands): a module of commands need not import the app."""

    def __init__(self) -> None:
        self.declared: list[tuple[tuple[Any, ...], dict[str, Any], Callable[..., Any]]] = []

    def command(self, *args: Any, **kwargs: Any) -> Callable[[Callable[..., Any]], Callable[..., Any]]:
        """As `typer.Typer.command`."""

        def keep(function: Callable[..., Any]) -> Callable[..., Any]:
            self.declared.append((args, kwargs, function))
            return function

        return keep


class DeclaredCommands(Mapping[str, click.Command]):
    """The app's commands by name, each built from its Typer declaration when first looked
    up, and its module imported then. Typer builds every command of a group before parsing
    (from the signatures and annotations); a run needs only the one it runs and its
    module, `--version` none. Help and completion list them all, and so build them all."""

    def __init__(self, app: typer.Typer, index: Mapping[str, str]) -> None:
        self._app = app
        self._index = index  # name -> the module that declares it in its `room`
        self._declared: dict[str, Any] = {}  # name -> typer's CommandInfo
        self._built: dict[str, click.Command] = {}
        self._imported: set[str] = set()

    def declare(self, info: Any) -> None:
        import typer.main

        self._declared[info.name or typer.main.get_command_name(info.callback.__name__)] = info

    def _import(self, module: str) -> None:
        if module in self._imported:
            return
        from importlib import import_module

        self._imported.add(module)
        room: Room = import_module(module).room
        for args, kwargs, function in room.declared:
            self._app.command(*args, **kwargs)(function)

    def __getitem__(self, name: str) -> click.Command:
        command = self._built.get(name)
        if command is None:
            import typer.main

            if name not in self._declared:
                self._import(self._index[name])
            command = typer.main.get_command_from_info(
                self._declared[name],
                pretty_exceptions_short=self._app.pretty_exceptions_short,
                rich_markup_mode=self._app.rich_markup_mode,
            )
            self._built[name] = command
        return command

    def __iter__(self) -> Iterator[str]:
        return iter(self._index)

    def __len__(self) -> int:
        return len(self._index)


class ScreenTyper(typer.Typer):
    """A Typer app whose commands and group draw help to fit the screen, and whose
    commands are built when used (DeclaredCommands); `index` names the module of each.
    The app needs a callback: without one, Typer makes a group only for more than one
    registered command."""

    def __init__(self, index: Mapping[str, str], **kwargs: Any) -> None:
        self.declared = DeclaredCommands(self, index)
        # The group Typer builds for this app, with these commands instead of none.
        group = type(ScreenGroup.__name__, (ScreenGroup,), {"declared": self.declared})
        super().__init__(cls=group, **kwargs)

    def command(self, *args: Any, **kwargs: Any) -> Any:
        kwargs.setdefault("cls", ScreenCommand)
        register = super().command(*args, **kwargs)

        def declare(function: Any) -> Any:
            register(function)
            self.declared.declare(self.registered_commands.pop())
            return function

        return declare

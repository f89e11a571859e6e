#!/usr/bin/env python3
"""Write the manual page, docs/scorepad.1, from the command line's own declarations.

    python scripts/manpage.py            # write docs/scorepad.1
    python scripts/manpage.py --check    # exit 1 if docs/scorepad.1 is not what it would write

The page is built from the Typer app of `cli/app.py` (its commands in `cli/commands/`) as
click sees it: the same usage lines, help texts and options that `--help` shows, in English, so it cannot say something
the commands do not do. tests/test_docs.py runs the check. The wheel installs the page as
share/man/man1/scorepad.1, so `man scorepad` finds it beside the `scorepad` command in a
virtual environment. Option metavars are Typer's: write the page with the Typer version
the tests run with (the newest allowed).
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
PAGE = ROOT / "docs" / "scorepad.1"


def roff(text: str) -> str:
    """`text` as roff prints it: backslashes and hyphens escaped, no line read as a request,
    and every character outside ASCII as a named glyph (`\\[u00FC]` for ü): plain
    `groff -man` reads its input as Latin-1 and warns about raw UTF-8."""
    text = text.replace("\\", "\\e").replace("-", "\\-")
    text = "".join(c if ord(c) < 128 else glyph(c) for c in text)
    return "\n".join("\\&" + line if line.startswith((".", "'")) else line for line in text.split("\n"))


# What a terminal without the glyph shows instead (groff -Tascii has no ü): German's own
# spellings, then the letter without its accent.
ASCII_SPELLING = {"ä": "ae", "ö": "oe", "ü": "ue", "Ä": "Ae", "Ö": "Oe", "Ü": "Ue", "ß": "ss", "©": "(C)", "–": "-", "—": "--"}


def glyph(char: str) -> str:
    return f"\\[u{ord(char):04X}]"


def fallbacks(page: str) -> list[str]:
    """A `.fchar` line for each glyph `roff` wrote into `page`: used only where the output
    device lacks it (`-Tascii`), so groff neither warns nor drops the letter."""
    import re
    import unicodedata

    lines = []
    for char in sorted({chr(int(code, 16)) for code in re.findall(r"\\\[u([0-9A-F]{4,6})\]", page)}):
        plain = ASCII_SPELLING.get(char) or unicodedata.normalize("NFKD", char).encode("ascii", "ignore").decode() or "?"
        lines.append(f".fchar {glyph(char)} {roff(plain)}")
    return lines


def paragraphs(help_text: str) -> list[str]:
    """A help text's paragraphs, each on one line (the source breaks them to fit the code)."""
    return [" ".join(line.strip() for line in block.split("\n")) for block in help_text.strip().split("\n\n") if block.strip()]


def described(help_text: str) -> list[str]:
    lines = []
    for paragraph in paragraphs(help_text):
        lines.append(".PP")
        if paragraph.startswith("Example: "):
            lines += ["Example:", ".RS", ".B " + roff(paragraph.removeprefix("Example: ")), ".RE"]
        else:
            lines.append(roff(paragraph))
    return lines


def options(command, ctx) -> list[str]:
    lines = []
    for param in command.get_params(ctx):
        record = param.get_help_record(ctx)
        if record is None:  # an argument: its help is in the command's text and usage
            continue
        names, text = record
        lines += [".TP", ".B " + roff(names), roff(" ".join(text.split()))]
    return lines


def arguments(command, ctx) -> list[str]:
    lines = []
    for param in command.get_params(ctx):
        if param.param_type_name == "argument" and getattr(param, "help", None):
            lines += [".TP", ".I " + roff(param.metavar or param.name.upper()), roff(" ".join(param.help.split()))]
    return lines


def page() -> str:
    import typer.main

    from scorepad import __version__, i18n
    from scorepad.cli.app import app
    from scorepad.cli.helpscreen import click, translate_help

    i18n.use("en")
    group = typer.main.get_command(app)
    ctx = click.Context(group, info_name="scorepad", **group.context_settings)  # -h beside --help
    summary = paragraphs(group.help or "")[0].split(". ")[0]
    lines = [
        ".\\\" Made by scripts/manpage.py from the command line's own help: edit cli/commands/, then run it.",
        f'.TH SCOREPAD 1 "" "scorepad {__version__}" "User Commands"',
        ".SH NAME",
        "scorepad \\- " + roff(summary[0].lower() + summary[1:]),
        ".SH SYNOPSIS",
        ".B scorepad",
        roff(" ".join(group.collect_usage_pieces(ctx))),
        ".SH DESCRIPTION",
        *described(group.help or ""),
        ".SH OPTIONS",
        *options(group, ctx),
        ".SH COMMANDS",
    ]
    for name in group.list_commands(ctx):
        command = group.get_command(ctx, name)
        if command is None or command.hidden:
            continue
        translate_help(command)  # English, with the facts it names filled in (HELP_FACTS)
        sub = click.Context(command, info_name=name, parent=ctx)
        lines += [
            f'.SS "{roff(name)}"',
            ".B scorepad " + roff(name),
            roff(" ".join(command.collect_usage_pieces(sub))),
            *described(command.help or ""),
            *arguments(command, sub),
            *options(command, sub),
        ]
    lines += [
        ".SH SEE ALSO",
        "The rules scorepad arbitrates, the record format, the JSON and CSV outputs and the exit",
        "statuses: docs/rules.md and docs/format.md in the source, installed with the package as",
        "scorepad/docs/rules.md and scorepad/docs/format.md.",
    ]
    lines[2:2] = fallbacks("\n".join(lines))
    return "\n".join(lines) + "\n"


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--check", action="store_true", help="compare with docs/scorepad.1 instead of writing it")
    args = parser.parse_args()
    text = page()
    if args.check:
        if not PAGE.exists() or PAGE.read_text(encoding="utf-8") != text:
            print(f"{PAGE.relative_to(ROOT)} is not current: run python scripts/manpage.py", file=sys.stderr)
            return 1
        return 0
    PAGE.write_text(text, encoding="utf-8")
    print(f"wrote {PAGE.relative_to(ROOT)}")
    return 0


if __name__ == "__main__":
    sys.exit(main())

#!/usr/bin/env python3
"""Regenerate the transcripts of README.md and docs/**/*.md by running their commands for real.

A transcript is a ```text block whose line before is a marker comment:

    <!-- transcript id=round [continue=ID] [setup="scorepad new ...; scorepad play 64"] [lang=de] -->

Every `$ scorepad ...` line of the block is run (through this checkout's `scorepad`, at 40
columns, without colour) and the lines up to the next `$` are replaced by what it printed,
standard output and standard error together as a terminal shows them. `setup` commands run
first and are not shown; `continue=ID` goes on in the folder of an earlier transcript, so one
game can be told in several blocks. The bundled `examples/` are copied into each folder.
`$ printf '06 e\n1\nq\n' | scorepad live` gives the live prompt those lines from a pipe (a
pipe's lines are not echoed: each prompt is followed by what the line printed).

`typed="54; 40 e; q"` gives the lines typed at a `$ scorepad live` of the block: they are fed
to its standard input, and each is shown after the prompt that read it (`Ann> 54`), as it
would stand on the screen.

    python scripts/transcripts.py             # rewrite README.md and every docs/**/*.md
    python scripts/transcripts.py FILE.md     # only the files given
    python scripts/transcripts.py --check     # exit 1 if a transcript is not what runs today

A marker that is not followed by a ```text block, or whose id is missing, used twice or
continued before it is told, is an error (exit 2): a block that is never run is never
checked.
"""

from __future__ import annotations

import difflib
import os
import re
import shlex
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
MARKER = re.compile(r"^<!-- transcript (?P<args>.*?) -->$")
MENTION = re.compile(r"^\s*<!--\s*transcript\b")  # anything that looks like a marker


def scorepad() -> list[str]:
    here = Path(sys.executable).parent / "scorepad"
    return [str(here)] if here.exists() else [sys.executable, "-m", "scorepad"]


PROMPT = re.compile(r"(?m)^[^\s>]*> ")  # the live prompt: `Ann> `, or `> ` when nobody is to move


def run(command: str, folder: Path, lang: str, typed: list[str] | None = None) -> str:
    """Run one command; `typed`: lines typed at a live prompt, shown after their prompts."""
    piped: str | None = None
    pipe = re.fullmatch(r"printf '([^']*)' \| (scorepad .*)", command)
    if pipe:  # lines typed at the live prompt, from a pipe: printf '64 e\nq\n' | scorepad live
        piped, command = pipe.group(1).replace("\\n", "\n"), pipe.group(2)
    if typed is not None:
        piped = "".join(f"{line}\n" for line in typed)
    words = shlex.split(command)
    if not words or words[0] != "scorepad":
        raise SystemExit(f"not a scorepad command: {command}")
    env = {k: v for k, v in os.environ.items() if k not in ("SCOREPAD_FILE", "LANGUAGE", "LC_ALL", "LC_MESSAGES")}
    env.update(COLUMNS="40", LINES="30", NO_COLOR="1", SCOREPAD_LANG=lang, TERM="dumb", XDG_STATE_HOME=str(folder / ".state"))
    done = subprocess.run(
        [*scorepad(), *words[1:]],
        cwd=folder,
        env=env,
        input=piped,
        stdin=subprocess.DEVNULL if piped is None else None,
        stdout=subprocess.PIPE,
        stderr=subprocess.STDOUT,
        text=True,
        timeout=120,
    )
    return done.stdout if typed is None else with_typing(done.stdout, typed)


def with_typing(output: str, typed: list[str]) -> str:
    """Each typed line after the prompt that read it: a pipe is not echoed as a terminal is."""
    shown, at = [], 0
    for line in typed:
        prompt = PROMPT.search(output, at)
        if prompt is None:
            raise SystemExit(f"no prompt read {line!r}:\n{output}")
        shown.append(output[at : prompt.end()] + line + "\n")
        at = prompt.end()
    return "".join(shown) + output[at:]


class Unchecked(Exception):
    """A transcript marker that would leave its block unchecked."""


def documents() -> list[Path]:
    """README.md and every Markdown file under docs/, in a fixed order."""
    return [ROOT / "README.md", *sorted((ROOT / "docs").rglob("*.md"))]


def regenerate(text: str) -> str:
    lines = text.split("\n")
    out: list[str] = []
    folders: dict[str, Path] = {}
    base = Path(tempfile.mkdtemp(prefix="scorepad-transcripts-"))
    try:
        i = 0
        while i < len(lines):
            marker = MARKER.match(lines[i])
            if not marker:
                if MENTION.match(lines[i]):
                    raise Unchecked(f"line {i + 1}: not a transcript marker: {lines[i]}")
                out.append(lines[i])
                i += 1
                continue
            if i + 1 >= len(lines) or lines[i + 1] != "```text" or "```" not in lines[i + 2 :]:
                raise Unchecked(f"line {i + 1}: a transcript marker not followed by a ```text block")
            args = dict(re.findall(r'(\w+)=("[^"]*"|\S+)', marker.group("args")))
            args = {k: v.strip('"') for k, v in args.items()}
            if "id" not in args or args["id"] in folders:
                raise Unchecked(f"line {i + 1}: a transcript needs an id of its own: {lines[i]}")
            if "continue" in args:
                if args["continue"] not in folders:
                    raise Unchecked(f"line {i + 1}: continue={args['continue']} names no transcript before it")
                folder = folders[args["continue"]]
            else:
                folder = base / args["id"]
                folder.mkdir()
                shutil.copytree(ROOT / "examples", folder / "examples")
            folders[args["id"]] = folder
            lang = args.get("lang", "en")
            for command in filter(None, (c.strip() for c in args.get("setup", "").split(";"))):
                run(command, folder, lang)
            out += [lines[i], lines[i + 1]]
            end = lines.index("```", i + 2)
            commands = [line[2:] for line in lines[i + 2 : end] if line.startswith("$ ")]
            typed = [t.strip() for t in args["typed"].split(";")] if "typed" in args else None
            for command in commands:
                out.append(f"$ {command}")
                live = typed if command.split()[:2] == ["scorepad", "live"] else None
                out += run(command, folder, lang, live).rstrip("\n").split("\n")
            out.append("```")
            i = end + 1
    finally:
        shutil.rmtree(base, ignore_errors=True)
    return "\n".join(out)


def main() -> int:
    check = "--check" in sys.argv[1:]
    files = [Path(a) for a in sys.argv[1:] if not a.startswith("--")] or documents()
    stale = []
    for path in files:
        old = path.read_text(encoding="utf-8")
        try:
            new = regenerate(old)
        except Unchecked as problem:
            print(f"{path}: {problem}", file=sys.stderr)
            return 2
        if new != old:
            stale.append(path)
            if check:  # what differs, so a failing test shows it
                sys.stdout.writelines(difflib.unified_diff(old.splitlines(True), new.splitlines(True), str(path), "today", n=2))
            if not check:
                path.write_text(new, encoding="utf-8")
    if check and stale:
        print("transcripts differ from what runs today:", *map(str, stale))
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())

#!/usr/bin/env python3
"""Extract scorepad's messages, update the catalogues from them, compile the catalogues.

    python scripts/i18n.py extract [-o build/scorepad.pot]   # the template, for translators' tools
    python scripts/i18n.py update                             # extract, merge into every .po, compile
    python scripts/i18n.py compile                            # every .po -> its .mo (committed)
    python scripts/i18n.py init fr                            # a new, empty catalogue for a language
    python scripts/i18n.py check                              # what the tests check, as a report
    python scripts/i18n.py merge                              # a conflicted catalogue after git merge

Babel is a development tool here (the `test` extra): scorepad itself reads the compiled
`.mo` with the standard library's gettext. See docs/translating.md.
"""

from __future__ import annotations

import argparse
import io
import string
import sys
from collections.abc import Iterator
from pathlib import Path

from babel.messages.catalog import Catalog, Message
from babel.messages.extract import extract_from_dir
from babel.messages.mofile import write_mo
from babel.messages.pofile import read_po, write_po

ROOT = Path(__file__).resolve().parent.parent
PACKAGE = ROOT / "src" / "scorepad"
LOCALE_DIR = PACKAGE / "locale"
DOMAIN = "scorepad"
MAPPING = ROOT / "babel.cfg"
# The lookup functions of scorepad.i18n, in Babel's notation: which arguments are texts.
KEYWORDS = {"_": None, "N_": None, "ngettext": (1, 2), "pgettext": ((1, "c"), 2)}


def _method_map() -> list[tuple[str, str]]:
    """The file patterns of babel.cfg, relative to the package directory."""
    try:
        from babel.messages.frontend import parse_mapping_cfg as parse
    except ImportError:  # Babel < 2.14
        from babel.messages.frontend import parse_mapping as parse
    with MAPPING.open(encoding="utf-8") as config:
        method_map, _options = parse(config)
    prefix = "src/scorepad/"
    return [(pattern.removeprefix(prefix), method) for pattern, method in method_map]


def extract() -> Catalog:
    """Every message of the package, as a template catalogue (file paths without line numbers)."""
    template = Catalog(project="scorepad", domain=DOMAIN, charset="utf-8", fuzzy=False)
    for filename, lineno, message, comments, context in extract_from_dir(PACKAGE, _method_map(), keywords=KEYWORDS):
        location = (f"src/scorepad/{Path(filename).as_posix()}", lineno)
        template.add(message, None, [location], auto_comments=comments, context=context)
    return template


def catalogues() -> list[Path]:
    """Every language's `.po`, e.g. `src/scorepad/locale/de/LC_MESSAGES/scorepad.po`."""
    return sorted(LOCALE_DIR.glob(f"*/LC_MESSAGES/{DOMAIN}.po"))


def read(po: Path) -> Catalog:
    with po.open("rb") as file:
        return read_po(file, locale=po.parent.parent.name, domain=DOMAIN)


def write(po: Path, catalog: Catalog) -> None:
    # Sorted by message, no line numbers, a stable header: a catalogue changes only where
    # a message changed (not when code moves), so branches that add messages merge cleanly.
    buffer = io.BytesIO()
    write_po(buffer, catalog, width=88, include_lineno=False, ignore_obsolete=True, sort_output=True)
    po.write_bytes(buffer.getvalue())


def compiled(catalog: Catalog) -> bytes:
    """The `.mo` of `catalog`: fuzzy entries left out, as gettext would see it."""
    buffer = io.BytesIO()
    write_mo(buffer, catalog, use_fuzzy=False)
    return buffer.getvalue()


def update(template: Catalog) -> None:
    for po in catalogues():
        catalog = read(po)
        header = catalog.header_comment
        catalog.update(template, update_creation_date=False)
        catalog.header_comment = header  # keeps the glossary
        write(po, catalog)
        print(f"updated {po.relative_to(ROOT)}")


def compile_all() -> int:
    problems = 0
    for po in catalogues():
        catalog = read(po)
        for message, errors in catalog.check():
            for error in errors:
                problems += 1
                print(f"{po.relative_to(ROOT)}: {message.id!r}: {error}", file=sys.stderr)
        po.with_suffix(".mo").write_bytes(compiled(catalog))
        print(f"compiled {po.with_suffix('.mo').relative_to(ROOT)}")
    return problems


def init(language: str) -> None:
    po = LOCALE_DIR / language / "LC_MESSAGES" / f"{DOMAIN}.po"
    if po.exists():
        sys.exit(f"{po.relative_to(ROOT)} exists already: run 'update' instead")
    template = extract()
    catalog = Catalog(locale=language, domain=DOMAIN, project="scorepad", charset="utf-8", fuzzy=False)
    catalog.update(template)
    po.parent.mkdir(parents=True, exist_ok=True)
    write(po, catalog)
    po.with_suffix(".mo").write_bytes(compiled(catalog))
    print(f"created {po.relative_to(ROOT)}: translate it, then run 'compile'")


def merge() -> None:
    """After a `git merge` that conflicted on a catalogue: both sides' translations kept
    (read from git's index stages 2 and 3, every non-empty, non-fuzzy msgstr; ours first),
    then extracted, updated and compiled afresh."""
    import subprocess

    for po in catalogues():
        relative = po.relative_to(ROOT).as_posix()
        sides = []
        for stage in (2, 3):
            shown = subprocess.run(["git", "show", f":{stage}:{relative}"], cwd=ROOT, capture_output=True)
            if shown.returncode == 0:
                sides.append(read_po(io.BytesIO(shown.stdout), locale=po.parent.parent.name, domain=DOMAIN))
        if not sides:
            continue  # not conflicted
        merged = sides[0]
        for other in sides[1:]:
            for message in other:
                if (
                    not message.id
                    or message.fuzzy
                    or not any(message.string if isinstance(message.string, tuple) else [message.string])
                ):
                    continue
                mine = merged.get(message.id, context=message.context)
                if mine is None or mine.fuzzy or not any(mine.string if isinstance(mine.string, tuple) else [mine.string]):
                    merged[message.id] = message
        write(po, merged)
        print(f"merged {relative} from both sides")
    update(extract())
    compile_all()
    for po in catalogues():
        subprocess.run(["git", "add", str(po), str(po.with_suffix(".mo"))], cwd=ROOT, check=True)


# --- what the tests check -------------------------------------------------------------


def fields(text: str) -> set[str]:
    """The placeholders of a message: '{tile} fits {end}' -> {'tile', 'end'}."""
    return {name for _literal, name, _spec, _conversion in string.Formatter().parse(text) if name is not None}


def forms(message: Message) -> list[tuple[str, str]]:
    """Each (source text, translation) pair of a message: one, or one per plural form
    (the first form against the singular, every other against the plural)."""
    if isinstance(message.id, (list, tuple)):
        singular, plural = message.id[0], message.id[1]
        strings = message.string if isinstance(message.string, (list, tuple)) else (message.string,)
        return [(singular if i == 0 else plural, s) for i, s in enumerate(strings)]
    return [(message.id, message.string)]


def untranslated(template: Catalog, catalog: Catalog) -> Iterator[str]:
    """Each message of `template` without a usable translation in `catalog`."""
    for source in template:
        if not source.id:
            continue
        message = catalog.get(source.id, source.context)
        key = source.id[0] if isinstance(source.id, (list, tuple)) else source.id
        where = ", ".join(f"{file}" for file, _line in source.locations)
        if message is None:
            yield f"{key!r} ({where}): not in the catalogue"
        elif message.fuzzy:
            yield f"{key!r} ({where}): fuzzy"
        elif not all(string for _id, string in forms(message)):
            yield f"{key!r} ({where}): empty"


def misplaced(catalog: Catalog) -> Iterator[str]:
    """Each translation whose placeholders differ from its source text's."""
    for message in catalog:
        if not message.id:
            continue
        for source, translation in forms(message):
            if not translation:
                continue
            try:
                wanted, got = fields(source), fields(translation)
            except ValueError as error:
                yield f"{source!r}: {translation!r} has broken braces ({error})"
                continue
            if wanted != got:
                yield f"{source!r}: {translation!r} has {sorted(got)}, not {sorted(wanted)}"


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    commands = parser.add_subparsers(dest="command", required=True)
    extract_cmd = commands.add_parser("extract", help="write the template (.pot)")
    extract_cmd.add_argument("-o", "--output", type=Path, default=ROOT / "build" / f"{DOMAIN}.pot")
    commands.add_parser("update", help="extract, merge into every .po, compile")
    commands.add_parser("compile", help="compile every .po to its .mo")
    init_cmd = commands.add_parser("init", help="start the catalogue of a new language")
    init_cmd.add_argument("language", help="a language code, e.g. fr")
    commands.add_parser("check", help="list untranslated messages and placeholder mistakes")
    commands.add_parser("merge", help="resolve a catalogue conflicted by git merge: keep both sides' translations")
    args = parser.parse_args()

    if args.command == "extract":
        args.output.parent.mkdir(parents=True, exist_ok=True)
        with args.output.open("wb") as file:
            write_po(file, extract(), width=88, include_lineno=False)
        print(f"wrote {args.output}")
    elif args.command == "update":
        update(extract())
        return 1 if compile_all() else 0
    elif args.command == "compile":
        return 1 if compile_all() else 0
    elif args.command == "merge":
        merge()
    elif args.command == "init":
        init(args.language)
    elif args.command == "check":
        template = extract()
        problems = 0
        for po in catalogues():
            catalog = read(po)
            for line in [*untranslated(template, catalog), *misplaced(catalog)]:
                problems += 1
                print(f"{po.relative_to(ROOT)}: {line}")
        print(f"{problems} problem(s)")
        return 1 if problems else 0
    return 0


if __name__ == "__main__":
    sys.exit(main())

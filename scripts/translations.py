"""The translation catalogues: extract the marked text, update each language's .po, check, compile.

    python scripts/translations.py update      # the template from the source, then every .po
    python scripts/translations.py check       # untranslated or broken entries (exit 1 if any)
    python scripts/translations.py compile     # each .po to the .mo the application reads
    python scripts/translations.py add LANG    # a new language's .po, every entry to translate

``make translations`` runs update, check and compile. It needs Babel (a test dependency). Text is
marked in the source with ``_()``, ``N_()``, ``ngettext()`` and ``pgettext()`` from
``perceptron_gui.i18n``; ``docs/translating.md`` is the translator's guide.

The functions are also what ``tests/test_translations.py`` uses, so the test and the tool agree on
what "complete" means.
"""
from __future__ import annotations

import io
import re
import sys
from collections.abc import Iterable, Iterator
from pathlib import Path

from babel.messages.catalog import Catalog, Message
from babel.messages.extract import extract_from_file
from babel.messages.mofile import write_mo
from babel.messages.pofile import read_po, write_po

ROOT = Path(__file__).resolve().parent.parent
PACKAGE = ROOT / "perceptron_gui"
LOCALE = PACKAGE / "locale"
DOMAIN = "perceptron_gui"
TEMPLATE = LOCALE / f"{DOMAIN}.pot"
KEYWORDS = {"_": None, "N_": None, "ngettext": (1, 2), "pgettext": ((1, "c"), 2)}


def po_path(lang: str) -> Path:
    return LOCALE / lang / "LC_MESSAGES" / f"{DOMAIN}.po"


def languages() -> list[str]:
    return sorted(p.parent.parent.name for p in LOCALE.glob(f"*/LC_MESSAGES/{DOMAIN}.po"))


def source_files(paths: Iterable[Path] | None = None) -> Iterator[Path]:
    for p in sorted(paths or [PACKAGE]):
        if p.is_dir():
            yield from sorted(q for q in p.rglob("*.py") if "__pycache__" not in q.parts)
        else:
            yield p


def extract(paths: Iterable[Path] | None = None) -> Catalog:
    """Every marked message of the source, with where it was found."""
    catalog = Catalog(project="perceptron_gui", charset="utf-8")
    for path in source_files(paths):
        rel = path.resolve().relative_to(ROOT).as_posix()
        for lineno, message, comments, context in extract_from_file(
                "python", str(path), keywords=KEYWORDS, comment_tags=("TRANSLATORS:",)):
            catalog.add(message, locations=[(rel, lineno)], auto_comments=comments, context=context)
    return catalog


def read(path: Path, lang: str | None = None) -> Catalog:
    with path.open("rb") as f:
        return read_po(f, locale=lang)


def write(path: Path, catalog: Catalog) -> None:
    path.parent.mkdir(parents=True, exist_ok=True)
    # Babel marks a new catalogue's header fuzzy; a fuzzy header is left out of the .mo, and its
    # Plural-Forms with it (gettext would then use English plurals for French).
    catalog.fuzzy = False
    buf = io.BytesIO()
    write_po(buf, catalog, width=100, sort_output=False, include_previous=False)
    path.write_bytes(buf.getvalue())


# Named fields of str.format ("{k}", "{w:.3g}"; "{{" is a literal brace) and printf conversions
# ("%(prog)s", "%s"; "%%" is a literal percent sign), which argparse's help strings use.
_BRACE = re.compile(r"(?<!\{)\{([^{}]*)\}")
_PERCENT = re.compile(r"%(?:\(([^)]*)\))?[-#0 +]*\d*(?:\.\d+)?[sdifgeErx%]")


def placeholders(text: str) -> list[str]:
    """The placeholders of ``text``, sorted: a translation must keep exactly these."""
    text = text.replace("{{", "").replace("}}", "")
    fields = [f"{{{m}}}" for m in _BRACE.findall(text)]
    fields += [m.group(0) for m in _PERCENT.finditer(text) if m.group(0) != "%%"]
    return sorted(fields)


def _ids(message: Message) -> list[str]:
    return list(message.id) if isinstance(message.id, (list, tuple)) else [message.id]


def _strs(message: Message) -> list[str]:
    return list(message.string) if isinstance(message.string, (list, tuple)) else [message.string]


def problems(template: Catalog, catalog: Catalog, lang: str) -> list[str]:
    """Why ``catalog`` does not translate ``template`` completely: a sentence per entry."""
    found = []
    for message in template:
        if not message.id:
            continue
        key = message.id if not isinstance(message.id, (list, tuple)) else message.id[0]
        entry = catalog.get(key, context=message.context)
        where = f"{lang}: {key!r}"
        if entry is None or not all(s.strip() for s in _strs(entry)) or entry.fuzzy:
            found.append(f"{where} is not translated")
            continue
        want = placeholders(_ids(message)[-1])
        for s in _strs(entry):
            if placeholders(s) != want and placeholders(s) != placeholders(_ids(message)[0]):
                found.append(f"{where}: the translation has the placeholders {placeholders(s)}, "
                             f"the English {want}")
    return found


def update() -> None:
    template = extract()
    write(TEMPLATE, template)
    for lang in languages():
        catalog = read(po_path(lang), lang)
        catalog.update(template, no_fuzzy_matching=True)
        catalog.obsolete.clear()
        write(po_path(lang), catalog)


def compile_all() -> None:
    for lang in languages():
        catalog = read(po_path(lang), lang)
        buf = io.BytesIO()
        write_mo(buf, catalog, use_fuzzy=False)
        po_path(lang).with_suffix(".mo").write_bytes(buf.getvalue())


def add(lang: str) -> None:
    if po_path(lang).exists():
        raise SystemExit(f"{po_path(lang)} exists already: edit it, then run `make translations`.")
    template = extract()
    catalog = Catalog(locale=lang, project="perceptron_gui", charset="utf-8")
    catalog.update(template, no_fuzzy_matching=True)
    write(po_path(lang), catalog)
    print(f"Wrote {po_path(lang).relative_to(ROOT)}: translate every msgstr, then run `make translations`.")


def check() -> int:
    template = extract()
    found = [p for lang in languages() for p in problems(template, read(po_path(lang), lang), lang)]
    for line in found:
        print(line)
    print(f"{len(template)} messages, {len(languages())} languages, {len(found)} problems.")
    return 1 if found else 0


# ---- work split by area: several translators (or helpers) at once, merged afterwards ----------
WORK = ROOT / ".i18n_work"
SHIPPED = ("de", "fr", "es")


def area_update(area: str, paths: list[str]) -> None:
    """``.i18n_work/AREA/LANG.po`` for the messages of ``paths``, keeping what is translated."""
    template = extract([Path(p).resolve() for p in paths])
    for lang in SHIPPED:
        path = WORK / area / f"{lang}.po"
        catalog = read(path, lang) if path.exists() else Catalog(locale=lang, project="perceptron_gui", charset="utf-8")
        catalog.update(template, no_fuzzy_matching=True)
        catalog.obsolete.clear()
        write(path, catalog)
    print(f"{len(template)} messages in {WORK / area}/{{{','.join(SHIPPED)}}}.po")


def area_check(area: str, paths: list[str]) -> int:
    template = extract([Path(p).resolve() for p in paths])
    found = [p for lang in SHIPPED for p in problems(template, read(WORK / area / f"{lang}.po", lang), lang)]
    for line in found:
        print(line)
    print(f"{len(template)} messages, {len(found)} problems.")
    return 1 if found else 0


def merge() -> None:
    """Every area's translations into the shipped catalogues (an area's own entry wins)."""
    template = extract()
    for lang in SHIPPED:
        path = po_path(lang)
        catalog = read(path, lang) if path.exists() else Catalog(locale=lang, project="perceptron_gui", charset="utf-8")
        for part in sorted(WORK.glob(f"*/{lang}.po")):
            for message in read(part, lang):
                if message.id and all(s.strip() for s in _strs(message)) and not message.fuzzy:
                    catalog[message.id] = message  # keyed by id; the context travels with it
        catalog.update(template, no_fuzzy_matching=True)
        catalog.obsolete.clear()
        write(path, catalog)


def main(argv: list[str]) -> int:
    if argv and argv[0] == "area-update":
        area_update(argv[1], argv[2:])
        return 0
    if argv and argv[0] == "area-check":
        return area_check(argv[1], argv[2:])
    if argv and argv[0] == "merge":
        merge()
        return 0
    if not argv or argv[0] not in ("update", "check", "compile", "add"):
        print(__doc__)
        return 2
    if argv[0] == "update":
        update()
    elif argv[0] == "compile":
        compile_all()
    elif argv[0] == "add":
        add(argv[1])
    else:
        return check()
    return 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))

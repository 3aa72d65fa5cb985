"""The translation catalogues as the tests read them: where they are, the languages that have
one, a small PO reader (no dependency) and the placeholders a translation must keep."""

import ast
import re
from dataclasses import dataclass, field
from pathlib import Path

import pytest
from django.conf import settings

REPO = Path(__file__).resolve().parents[1]
LOCALE = REPO / "locale"
#: The languages with a catalogue: every language offered but English, the language of the code.
LANGUAGES = [code for code, _name in settings.LANGUAGES if code != "en"]


@dataclass
class Entry:
    """One PO message: context, id, plural id, the translations, flags, and its line."""

    line: int
    msgid: str = ""
    msgctxt: str | None = None
    msgid_plural: str | None = None
    msgstr: dict[int, str] = field(default_factory=dict)
    flags: set[str] = field(default_factory=set)

    @property
    def key(self) -> tuple[str | None, str, str | None]:
        return self.msgctxt, self.msgid, self.msgid_plural


def read_po(path: Path) -> list[Entry]:
    """The entries of a PO file (obsolete "#~" entries left out), header included."""
    entries: list[Entry] = []
    entry: Entry | None = None
    target: tuple[str, int | None] | None = None
    keywords = ("msgctxt", "msgid_plural", "msgid", "msgstr")
    for number, raw in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
        line = raw.strip()
        if not line or line.startswith("#~"):
            continue
        if line.startswith("#"):
            if entry is not None and target is not None and target[0] == "msgstr":
                entry = None  # a comment starts the next entry
            if line.startswith("#,"):
                entry = entry or _new(entries, number)
                entry.flags.update(flag.strip() for flag in line[2:].split(","))
            continue
        if line.startswith('"'):
            assert entry is not None and target is not None, f"{path}:{number}: stray string"
            _append(entry, target, ast.literal_eval(line))
            continue
        keyword, _space, rest = line.partition(" ")
        name, _bracket, index = keyword.partition("[")
        assert name in keywords, f"{path}:{number}: unknown keyword {keyword!r}"
        if name in ("msgctxt", "msgid") and (entry is None or entry.msgstr):
            entry = _new(entries, number)
        assert entry is not None
        target = (name, int(index.rstrip("]")) if index else None)
        if name == "msgstr":
            entry.msgstr[target[1] or 0] = ""
        else:
            setattr(entry, name, "")
        _append(entry, target, ast.literal_eval(rest))
    return entries


def _new(entries: list[Entry], number: int) -> Entry:
    entries.append(Entry(number))
    return entries[-1]


def _append(entry: Entry, target: tuple[str, int | None], text: str) -> None:
    name, index = target
    if name == "msgstr":
        entry.msgstr[index or 0] += text
    else:
        setattr(entry, name, getattr(entry, name) + text)


def catalogue(language: str) -> Path:
    """The .po of an offered language; a language offered without one is a failure."""
    path = LOCALE / language / "LC_MESSAGES" / "django.po"
    if not path.exists():
        pytest.fail(
            f"{language!r} is offered (settings.LANGUAGES) but {path.relative_to(REPO)} is "
            f"missing: run `make messages` and translate it"
        )
    return path


#: A python-format placeholder (%(name)s, %s, %d, %%), a brace-format one ({0}, {name}) or an
#: HTML tag: what a translation must keep.
PLACEHOLDER = re.compile(
    r"%\([^)]+\)[#0\- +]*\d*(?:\.\d+)?[diouxXeEfFgGcrsa]"
    r"|%[#0\- +]*\d*(?:\.\d+)?[diouxXeEfFgGcrsa%]|\{[^{}]*\}|<[^<>]+>"
)

"""The French catalogue is complete, compiled, and used by the pages.

- every message of locale/fr/LC_MESSAGES/*.po is translated and none is fuzzy (a small PO
  reader, no dependency);
- every message the code marks for translation is in the catalogue (makemessages run on a
  copy of the sources; skipped without GNU gettext);
- the committed .mo holds exactly what the .po says (compiled here by a tiny msgfmt), so a
  machine without gettext still gets French;
- a page asked for in French (Accept-Language) is in French, dates included.

To update the catalogue after changing strings: `make messages`, translate the new entries
(no empty msgstr, no "#, fuzzy"), then `make messages` again to compile.
"""

import ast
import datetime
import shutil
import struct
from dataclasses import dataclass, field
from pathlib import Path

import pytest
from django.conf import settings
from django.core.cache import cache
from django.core.management import call_command
from django.test import override_settings

from tests.factories import UserFactory, event_with_players
from tournaments.models import Game, GameResult
from tournaments.services import results, rounds

REPO = Path(__file__).resolve().parents[1]
LOCALE = REPO / "locale"
CATALOGUES = sorted((LOCALE / "fr" / "LC_MESSAGES").glob("*.po"))
#: What makemessages leaves out (the same list as `make messages`).
IGNORED = (".venv", ".peers", "tests", "benchmarks", "staticfiles", "media")
#: Files makemessages reads (gettext domain "django"; "djangojs" would read .js).
SOURCES = (".py", ".html", ".txt")


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


def compile_po(entries: list[Entry]) -> dict[bytes, bytes]:
    """What msgfmt writes for these entries: key (context EOT id, NUL plural) -> translations
    joined by NUL; fuzzy entries and untranslated ones are left out, the header kept (less
    its POT-Creation-Date, which msgfmt drops: see _without_creation_date)."""
    compiled = {}
    for entry in entries:
        if "fuzzy" in entry.flags and entry.msgid:
            continue
        if entry.msgid and not all(entry.msgstr.values()):
            continue
        key = entry.msgid if entry.msgid_plural is None else f"{entry.msgid}\0{entry.msgid_plural}"
        if entry.msgctxt is not None:
            key = f"{entry.msgctxt}\x04{key}"
        value = "\0".join(entry.msgstr[index] for index in sorted(entry.msgstr))
        compiled[key.encode()] = value.encode()
    return _without_creation_date(compiled)


def _without_creation_date(catalogue: dict[bytes, bytes]) -> dict[bytes, bytes]:
    """The header without its POT-Creation-Date line (GNU msgfmt 0.19.8 and later drop it
    from the .mo, older ones keep it)."""
    lines = catalogue.get(b"", b"").splitlines(keepends=True)
    header = b"".join(line for line in lines if not line.startswith(b"POT-Creation-Date:"))
    return {**catalogue, b"": header} if b"" in catalogue else catalogue


def read_mo(path: Path) -> dict[bytes, bytes]:
    """The (original -> translation) table of a GNU .mo file."""
    data = path.read_bytes()
    magic = struct.unpack("<I", data[:4])[0]
    order = "<" if magic == 0x950412DE else ">"
    _revision, count, originals, translations = struct.unpack(order + "4I", data[4:20])

    def string(table: int, index: int) -> bytes:
        start = table + 8 * index
        length, offset = struct.unpack(order + "2I", data[start : start + 8])
        return data[offset : offset + length]

    return _without_creation_date(
        {string(originals, i): string(translations, i) for i in range(count)}
    )


def _where(path: Path, entry: Entry) -> str:
    return f"{path.relative_to(REPO)}:{entry.line} {entry.msgid!r}"


def test_the_french_catalogue_exists():
    assert [path.name for path in CATALOGUES] == ["django.po"]
    assert [str(path) for path in settings.LOCALE_PATHS] == [str(LOCALE)]


@pytest.mark.parametrize("path", CATALOGUES, ids=lambda path: path.name)
def test_every_message_is_translated_and_none_is_fuzzy(path):
    entries = read_po(path)
    header = [entry for entry in entries if not entry.msgid and entry.msgctxt is None]
    assert len(header) == 1 and "Language: fr" in header[0].msgstr[0]
    messages = [entry for entry in entries if entry not in header]
    assert len(messages) > 500
    fuzzy = [_where(path, entry) for entry in entries if "fuzzy" in entry.flags]
    assert not fuzzy, f"fuzzy messages: {fuzzy}"
    empty = [_where(path, entry) for entry in messages if not all(entry.msgstr.values())]
    assert not empty, f"untranslated messages: {empty}"
    plurals = [entry for entry in messages if entry.msgid_plural is not None]
    wrong = [_where(path, entry) for entry in plurals if sorted(entry.msgstr) != [0, 1]]
    assert not wrong, f"French has two plural forms: {wrong}"


def test_the_po_reader_sees_empty_and_fuzzy_entries(tmp_path):
    """The checks above can fail: the reader finds both faults in a small catalogue."""
    po = tmp_path / "django.po"
    po.write_text(
        'msgid ""\nmsgstr ""\n"Language: fr\\n"\n\n'
        '#: a.py\n#, fuzzy, python-format\nmsgid "Round %(n)s"\nmsgstr "Ronde %(n)s"\n\n'
        'msgctxt "menu"\nmsgid "Open"\nmsgstr ""\n\n'
        'msgid "one game"\nmsgid_plural "%(n)s games"\nmsgstr[0] "une partie"\n'
        'msgstr[1] ""\n"%(n)s parties"\n',
        encoding="utf-8",
    )
    header, fuzzy, empty, plural = read_po(po)
    assert header.msgstr == {0: "Language: fr\n"}
    assert fuzzy.flags == {"fuzzy", "python-format"} and fuzzy.msgstr == {0: "Ronde %(n)s"}
    assert empty.key == ("menu", "Open", None) and empty.msgstr == {0: ""}
    assert plural.msgstr == {0: "une partie", 1: "%(n)s parties"}
    assert compile_po([header, fuzzy, empty, plural]) == {
        b"": b"Language: fr\n",
        b"one game\0%(n)s games": b"une partie\0%(n)s parties",
    }


@pytest.mark.parametrize("path", CATALOGUES, ids=lambda path: path.name)
def test_the_compiled_catalogue_matches_the_po(path):
    mo = path.with_suffix(".mo")
    assert mo.exists(), f"{mo.relative_to(REPO)} is missing: run `make messages`"
    assert read_mo(mo) == compile_po(read_po(path)), (
        f"{mo.relative_to(REPO)} is older than its .po: run `make messages`"
    )


def _copy_sources(destination: Path) -> None:
    """The files makemessages reads, without the ignored folders and the catalogue."""
    for source in REPO.rglob("*"):
        relative = source.relative_to(REPO)
        top = relative.parts[0]
        if top in IGNORED or top == "locale" or any(p.startswith(".") for p in relative.parts):
            continue
        if source.is_file() and source.suffix in SOURCES:
            target = destination / relative
            target.parent.mkdir(parents=True, exist_ok=True)
            shutil.copyfile(source, target)


def test_every_message_of_the_code_is_in_the_catalogue(tmp_path, monkeypatch):
    if not (shutil.which("xgettext") and shutil.which("msguniq") and shutil.which("msgmerge")):
        pytest.skip("GNU gettext (xgettext, msguniq, msgmerge) is not installed")
    copy = tmp_path / "src"
    _copy_sources(copy)
    (copy / "locale").mkdir()
    monkeypatch.chdir(copy)
    with override_settings(LOCALE_PATHS=[copy / "locale"]):
        call_command("makemessages", locale=["fr"], ignore_patterns=list(IGNORED), verbosity=0)
    extracted = read_po(copy / "locale" / "fr" / "LC_MESSAGES" / "django.po")
    assert len(extracted) > 500, "makemessages found almost nothing: is the copy complete?"
    catalogue = {entry.key for entry in read_po(LOCALE / "fr" / "LC_MESSAGES" / "django.po")}
    missing = [entry.key for entry in extracted if entry.msgid and entry.key not in catalogue]
    assert not missing, (
        f"messages missing from locale/fr/LC_MESSAGES/django.po: {missing}; run `make "
        "messages` and translate them"
    )


@pytest.fixture
def played(db):
    """A Swiss of 5 players starting 1 July 2026, round 1 played and completed (player 5,
    the lowest rated, has the bye)."""
    cache.clear()
    organizer = UserFactory(username="organizer")
    event = event_with_players(organizer, players=5, tiebreaks=["TSOL", "SB"])
    round_ = rounds.round_publish(round=rounds.round_pair(event=event, user=organizer), user=None)
    for game in Game.objects.filter(pairing__round=round_):
        results.result_record(game=game, result=GameResult.WHITE_WIN, user=organizer)
    rounds.round_complete(round=round_, user=organizer)
    yield event
    cache.clear()


def _page(client, url: str, language: str) -> str:
    response = client.get(url, HTTP_ACCEPT_LANGUAGE=language)
    assert response.status_code == 200, (url, response.status_code)
    assert response["Content-Language"] == language
    return response.content.decode()


def test_pages_follow_the_browser_language(client, played):
    assert played.start_date == datetime.date(2026, 7, 1)
    french = _page(client, "/events/", "fr")
    assert '<html lang="fr">' in french
    assert "Tournois" in french and "À venir" in french and "Langue" in french
    english = _page(client, "/events/", "en")
    assert "Events" in english and "Tournois" not in english

    home = _page(client, f"/events/{played.slug}/", "fr")
    assert "1 juillet 2026" in home  # the French DATE_FORMAT, month in French
    assert "Solkoff tronqué (FMJD)" in home
    assert "Une victoire rapporte 2 points, une nulle 1 point, une défaite 0 point." in home
    assert "July 1, 2026" in _page(client, f"/events/{played.slug}/", "en")

    standings = _page(client, f"/events/{played.slug}/standings/", "fr")
    assert "Classement après la ronde 1" in standings
    assert "Solkoff tronqué (FMJD)" in standings and "Truncated Solkoff" not in standings
    # The standings are cached per event state, not per language: labels stay lazy.
    again = _page(client, f"/events/{played.slug}/standings/", "en")
    assert "Standings after round 1" in again and "Truncated Solkoff (FMJD)" in again


def test_tiebreak_notes_are_translated(client, played):
    """Player 5 had the pairing-allocated bye of round 1: a dummy opponent, with its note."""
    page = _page(client, f"/events/{played.slug}/standings/5/", "fr")
    assert "Départages de" in page and "Solkoff tronqué (FMJD)" in page
    assert "adversaire virtuel crédité des points du joueur lui-même (C.07 16.4)" in page
    english = _page(client, f"/events/{played.slug}/standings/5/", "en")
    assert "unplayed: dummy opponent with the player" in english


def test_the_language_switch_sets_french(client, played):
    response = client.post("/i18n/setlang/", {"language": "fr", "next": "/events/"})
    assert response.status_code == 302
    assert "Tournois" in client.get("/events/").content.decode()


def test_service_refusals_are_translated(played):
    from django.utils import translation

    from tournaments.services.errors import RoundStateError

    round_ = played.rounds.get(number=1)
    with translation.override("fr"), pytest.raises(RoundStateError) as refused:
        rounds.round_publish(round=round_, user=None)
    assert "seule une ronde en brouillon peut être publiée" in str(refused.value)
    assert "ronde 1" in str(refused.value)


def test_documents_are_written_in_the_event_s_language(played, settings, tmp_path):
    """A PDF is one file for every reader: the event's language, not the requester's nor
    the site's."""
    from django.utils import translation
    from pypdf import PdfReader

    from tournaments.documents.models import Document, DocumentKind, DocumentStatus
    from tournaments.documents.services import document_build

    settings.MEDIA_ROOT = tmp_path
    # Completing round 1 already asked for the standings (its job waits for a commit).
    document, _created = Document.objects.get_or_create(
        event=played, kind=DocumentKind.STANDINGS, round=None
    )

    def build(event: str, requester: str) -> str:
        settings.LANGUAGE_CODE = requester
        type(played).objects.filter(pk=played.pk).update(language=event)
        Document.objects.filter(pk=document.pk).update(status=DocumentStatus.QUEUED, forced=True)
        with translation.override(requester):
            built = document_build(document_id=document.pk)
        assert built.status == DocumentStatus.DONE, built.error
        with built.file.open("rb") as pdf:
            return PdfReader(pdf).pages[0].extract_text()

    english = build("en", "fr")
    assert "Standings" in english and "Classement" not in english
    french = build("fr", "en")
    assert "Classement" in french and "Standings" not in french
    assert "Solkoff tronqué (FMJD)" in french

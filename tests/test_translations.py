"""Every language offered (settings.LANGUAGES but English) has a complete catalogue, compiled,
used by the pages and the documents.

- every offered language has locale/<language>/LC_MESSAGES/django.po (and no catalogue lies
  there for a language that is not offered);
- every message is translated, none is fuzzy, and each plural message has as many forms as
  the catalogue's Plural-Forms header says (a small PO reader, no dependency);
- every translation keeps the placeholders of its message (%(name)s, %s, {0}, HTML tags);
- every message the code marks for translation is in each catalogue (makemessages run on a
  copy of the sources; skipped without GNU gettext);
- the committed .mo holds exactly what the .po says (compiled here by a tiny msgfmt), so a
  machine without gettext still gets every language;
- a page follows the browser's language (Accept-Language), dates included, unless a person
  picked one with the language picker, which offers every language and sticks.

To update the catalogues after changing strings: `make messages`, translate the new entries
(no empty msgstr, no "#, fuzzy"), then `make messages` again to compile.
"""

import datetime
import re
import shutil
import struct
from pathlib import Path

import pytest
from django.conf import settings
from django.core.cache import cache
from django.core.management import call_command
from django.test import override_settings
from django.utils import translation
from django.utils.translation import gettext

from tests.catalogues import LANGUAGES, LOCALE, PLACEHOLDER, REPO, Entry, catalogue, read_po
from tests.factories import UserFactory, event_with_players
from tournaments.models import Game, GameResult
from tournaments.services import results, rounds

#: What makemessages leaves out (the same list as `make messages`).
IGNORED = (".venv", ".peers", "tests", "benchmarks", "staticfiles", "media")
#: Files makemessages reads (gettext domain "django"; "djangojs" would read .js).
SOURCES = (".py", ".html", ".txt")


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


def plural_count(header: Entry) -> int:
    """nplurals of the catalogue's Plural-Forms header."""
    found = re.search(r"^Plural-Forms:.*\bnplurals\s*=\s*(\d+)", header.msgstr[0], re.M)
    assert found, "the catalogue's header has no Plural-Forms: nplurals=N"
    return int(found.group(1))


def placeholder_faults(entry: Entry) -> list[str]:
    """The translations of an entry that lose, add or change a placeholder of its message: a
    singular keeps those of msgid, each plural form those of msgid_plural."""
    if entry.msgid_plural is None:
        wanted = sorted(PLACEHOLDER.findall(entry.msgid))
        return [] if sorted(PLACEHOLDER.findall(entry.msgstr[0])) == wanted else [entry.msgstr[0]]
    wanted_set = set(PLACEHOLDER.findall(entry.msgid_plural))
    return [form for form in entry.msgstr.values() if set(PLACEHOLDER.findall(form)) != wanted_set]


def test_every_catalogue_is_of_a_language_offered():
    assert LANGUAGES, "settings.LANGUAGES offers no language but English"
    assert [str(path) for path in settings.LOCALE_PATHS] == [str(LOCALE)]
    offered = {code for code, _name in settings.LANGUAGES}
    present = {path.name for path in LOCALE.iterdir() if path.is_dir()}
    assert present <= offered, f"catalogues of languages not offered: {present - offered}"


@pytest.mark.parametrize("language", LANGUAGES)
def test_the_language_has_one_catalogue(language):
    path = catalogue(language)
    # Beside it, a language may hold djangojs.po: the admin's script strings its Django
    # catalogue lacks (Dutch), every one translated.
    found = sorted(found.name for found in path.parent.glob("*.po"))
    assert found in (["django.po"], ["django.po", "djangojs.po"])
    script = path.parent / "djangojs.po"
    if script.exists():
        entries = [entry for entry in read_po(script) if entry.msgid]
        assert entries and all(all(entry.msgstr.values()) for entry in entries), script


@pytest.mark.parametrize("language", LANGUAGES)
def test_every_message_is_translated_and_none_is_fuzzy(language):
    path = catalogue(language)
    entries = read_po(path)
    header = [entry for entry in entries if not entry.msgid and entry.msgctxt is None]
    assert len(header) == 1 and f"Language: {language}\n" in header[0].msgstr[0]
    messages = [entry for entry in entries if entry not in header]
    assert len(messages) > 500
    fuzzy = [_where(path, entry) for entry in entries if "fuzzy" in entry.flags]
    assert not fuzzy, f"fuzzy messages: {fuzzy}"
    empty = [_where(path, entry) for entry in messages if not all(entry.msgstr.values())]
    assert not empty, f"untranslated messages: {empty}"
    forms = plural_count(header[0])
    plurals = [entry for entry in messages if entry.msgid_plural is not None]
    wrong = [_where(path, entry) for entry in plurals if sorted(entry.msgstr) != list(range(forms))]
    assert not wrong, f"{language} has {forms} plural forms (Plural-Forms): {wrong}"
    singular = [entry for entry in messages if entry.msgid_plural is None]
    wrong = [_where(path, entry) for entry in singular if sorted(entry.msgstr) != [0]]
    assert not wrong, f"singular messages with plural forms: {wrong}"


def test_a_language_offered_without_a_catalogue_fails():
    with pytest.raises(pytest.fail.Exception, match=r"'xx' is offered .* is missing"):
        catalogue("xx")


@pytest.mark.parametrize("language", LANGUAGES)
def test_every_translation_keeps_the_placeholders(language):
    path = catalogue(language)
    faults = [
        f"{_where(path, entry)} -> {faults}"
        for entry in read_po(path)
        if entry.msgid and (faults := placeholder_faults(entry))
    ]
    assert not faults, f"translations that lose or change a placeholder: {faults}"


def test_the_placeholder_check_finds_a_lost_or_changed_placeholder():
    """The check above can fail: each fault of a small catalogue is found, and only those."""
    good = Entry(1, msgid="Round %(n)s of <b>{0}</b>", msgstr={0: "<b>{0}</b> : ronde %(n)s"})
    lost = Entry(2, msgid="Round %(n)s", msgstr={0: "Ronde"})
    renamed = Entry(3, msgid="Round %(n)s", msgstr={0: "Ronde %(number)s"})
    tag = Entry(4, msgid="<em>%s</em>", msgstr={0: "<i>%s</i>"})
    plural = Entry(
        5, msgid="one game", msgid_plural="%(n)d games", msgstr={0: "%(n)d партия", 1: "партии"}
    )
    assert placeholder_faults(good) == []
    assert placeholder_faults(lost) == ["Ronde"]
    assert placeholder_faults(renamed) == ["Ronde %(number)s"]
    assert placeholder_faults(tag) == ["<i>%s</i>"]
    assert placeholder_faults(plural) == ["партии"]
    header = Entry(0, msgstr={0: "Language: ru\nPlural-Forms: nplurals=3; plural=(n%10==1);\n"})
    assert plural_count(header) == 3


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


@pytest.mark.parametrize("language", LANGUAGES)
def test_the_compiled_catalogue_matches_the_po(language):
    path = catalogue(language)
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


@pytest.fixture(scope="module")
def extracted(tmp_path_factory) -> set[tuple[str | None, str, str | None]]:
    """The messages makemessages finds in a copy of the sources."""
    if not (shutil.which("xgettext") and shutil.which("msguniq") and shutil.which("msgmerge")):
        pytest.skip("GNU gettext (xgettext, msguniq, msgmerge) is not installed")
    copy = tmp_path_factory.mktemp("src")
    _copy_sources(copy)
    (copy / "locale").mkdir()
    with pytest.MonkeyPatch.context() as patch, override_settings(LOCALE_PATHS=[copy / "locale"]):
        patch.chdir(copy)
        call_command("makemessages", locale=["xx"], ignore_patterns=list(IGNORED), verbosity=0)
    entries = read_po(copy / "locale" / "xx" / "LC_MESSAGES" / "django.po")
    assert len(entries) > 500, "makemessages found almost nothing: is the copy complete?"
    return {entry.key for entry in entries if entry.msgid}


@pytest.mark.parametrize("language", LANGUAGES)
def test_every_message_of_the_code_is_in_the_catalogue(language, extracted):
    path = catalogue(language)
    keys = {entry.key for entry in read_po(path)}
    missing = sorted(extracted - keys, key=str)
    assert not missing, (
        f"messages missing from {path.relative_to(REPO)}: {missing}; run `make messages` and "
        "translate them"
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
    """Player 5 had the pairing-allocated bye of round 1: a dummy opponent (capped by a draw
    in the one round counted, C.07 16.4.2), with its note."""
    page = _page(client, f"/events/{played.slug}/standings/5/", "fr")
    assert "Départages de" in page and "Solkoff tronqué (FMJD)" in page
    assert "une nulle à chaque ronde, moins que les points du joueur (C.07 16.4.2)" in page
    english = _page(client, f"/events/{played.slug}/standings/5/", "en")
    assert "unplayed: dummy opponent with a draw in every round" in english


def test_pages_follow_the_browser_language_in_dutch(client, played):
    dutch = _page(client, "/events/", "nl")
    assert '<html lang="nl">' in dutch
    assert "Toernooien" in dutch and "Binnenkort" in dutch and "Taal" in dutch
    home = _page(client, f"/events/{played.slug}/", "nl")
    assert "1 juli 2026" in home  # the Dutch DATE_FORMAT, month in Dutch
    assert "Gekorte weerstandspunten (FMJD)" in home
    assert "Een winst levert 2 punten op, een remise 1 punt, een verlies 0 punten." in home
    standings = _page(client, f"/events/{played.slug}/standings/", "nl")
    assert "Stand na ronde 1" in standings and "Truncated Solkoff" not in standings


def test_the_language_switch_sets_french(client, played):
    response = client.post("/i18n/setlang/", {"language": "fr", "next": "/events/"})
    assert response.status_code == 302
    assert "Tournois" in client.get("/events/").content.decode()


def test_the_picker_offers_every_language(client, played):
    page = _page(client, "/events/", "en")
    offered = re.findall(r'<option value="([a-z-]+)" lang="\1"', page)
    assert offered == [code for code, _name in settings.LANGUAGES]


@pytest.mark.parametrize("language", LANGUAGES)
def test_a_chosen_language_sticks_over_the_browser(client, played, language):
    """A person's choice is kept (the language cookie) and wins over Accept-Language."""
    response = client.post("/i18n/setlang/", {"language": language, "next": "/events/"})
    assert response.status_code == 302 and response.cookies[settings.LANGUAGE_COOKIE_NAME]
    for browser in ("en", "fr" if language != "fr" else "nl"):
        page = client.get(f"/events/{played.slug}/standings/", HTTP_ACCEPT_LANGUAGE=browser)
        assert page["Content-Language"] == language
        with translation.override(language):
            title = gettext("Standings after round %(after_round)s") % {"after_round": 1}
        assert title in page.content.decode()


def test_documents_can_be_written_in_every_language():
    from tournaments.models import Event

    assert Event._meta.get_field("language").choices == list(settings.LANGUAGES)


def test_service_refusals_are_translated(played):
    from tournaments.services.errors import RoundStateError

    round_ = played.rounds.get(number=1)
    with translation.override("fr"), pytest.raises(RoundStateError) as refused:
        rounds.round_publish(round=round_, user=None)
    assert "seule une ronde en brouillon peut être publiée" in str(refused.value)
    assert "ronde 1" in str(refused.value)


def test_documents_are_written_in_the_event_s_language(played, settings, tmp_path):
    """A PDF is one file for every reader: the event's language, not the requester's nor
    the site's."""
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
    for language in LANGUAGES:
        text = build(language, "en")
        with translation.override(language):
            tiebreak = gettext("Truncated Solkoff (FMJD)")
        assert tiebreak in text and "Standings" not in text, (language, text)

"""Importing an event's archive (`archive_import`): each file of an opened archive
(games.archive.check) turned into rows, in one transaction; the preview
(games.archive.preview) is the same import rolled back.

Every fault is an ArchiveError naming the archive, the file inside it and the field. Players
are matched with those here as games.archive.matching says. User accounts do not travel: the
importing user organizes the imported event and signs its rulings; draws, records and
disputes keep no user. The event is imported as a draft. Each record is verified again
here (games.services.verification): the findings are the replay's, and the preview names
the records whose findings differ from the archive's. A team competition's teams.json is
loaded by games.archive.load_teams.
"""

from django.contrib.auth.models import AbstractBaseUser
from django.core.files.base import ContentFile
from django.core.files.storage import default_storage
from django.db import models, transaction
from django.utils.translation import gettext as _

from games import archive as fmt
from games.archive.check import Archive
from games.archive.load_teams import teams_load
from games.archive.matching import PlayerLookup
from games.archive.rows import ImportReport, RowLoader
from games.archive.write import (
    CARD_FIELDS,
    EVENT_FIELDS,
    PLAYER_FIELDS,
    REGISTRATION_FIELDS,
    RULING_FIELDS,
)
from games.models import Dispute, GameRecord, Ruling
from games.services.errors import ArchiveError
from games.services.verification import record_verify
from tournaments.documents.models import Document, DocumentStatus
from tournaments.imports.services import Progress
from tournaments.live import states_forgotten_once
from tournaments.models import (
    BallotCard,
    BallotDeck,
    BallotDraw,
    ByeRequest,
    Event,
    Game,
    Pairing,
    Player,
    ProhibitedPairing,
    Registration,
    Round,
)


def archive_import(
    *, archive: Archive, user: AbstractBaseUser, slug: str, progress: Progress | None = None
) -> ImportReport:
    """Import ``archive`` as a draft event ``slug`` organized by ``user``, in one
    transaction: on any fault nothing is written (documents' files included). ``progress``
    as for archive_preview."""
    if Event.objects.filter(slug=slug).exists():
        raise ArchiveError(
            _("%(name)s: the slug %(slug)s is taken here: choose another.")
            % {"name": archive.name, "slug": slug}
        )
    stored: list[str] = []
    try:
        with transaction.atomic():
            return archive_rows_load(
                archive,
                user=user,
                slug=slug,
                store_files=True,
                stored=stored,
                progress=progress,
            )
    except BaseException:
        for name in stored:
            default_storage.delete(name)
        raise


def archive_rows_load(
    archive: Archive,
    *,
    user: AbstractBaseUser,
    slug: str,
    store_files: bool,
    stored: list[str] | None = None,
    progress: Progress | None = None,
) -> ImportReport:
    with states_forgotten_once():
        return _import_rows(
            archive,
            user=user,
            slug=slug,
            store_files=store_files,
            stored=stored,
            progress=progress or (lambda done, total: None),
        )


def _import_rows(
    archive: Archive,
    *,
    user: AbstractBaseUser,
    slug: str,
    store_files: bool,
    stored: list[str] | None,
    progress: Progress,
) -> ImportReport:
    loader = _Loader(archive, user)
    report = loader.report
    event = report.event = loader.event(slug)
    report.add(_("events"))
    report.people = loader.people()
    progress(1, IMPORT_STEPS)
    players = loader.players()
    progress(2, IMPORT_STEPS)
    registrations = loader.registrations(event, players)
    progress(3, IMPORT_STEPS)
    rounds, pairings, games = loader.rounds(event, registrations)
    progress(4, IMPORT_STEPS)
    teams_load(loader, event, players, registrations, rounds, pairings)
    progress(5, IMPORT_STEPS)
    loader.ballots(event, rounds, pairings)
    progress(6, IMPORT_STEPS)
    loader.records(games)
    progress(7, IMPORT_STEPS)
    loader.disputes(games)
    progress(8, IMPORT_STEPS)
    loader.documents(event, rounds, store_files=store_files, stored=stored)
    progress(IMPORT_STEPS, IMPORT_STEPS)
    return report


#: The steps of an import told to its progress: the event, the players, the registrations,
#: the rounds and games, the teams, the ballots, the records, the disputes, the documents.
IMPORT_STEPS = 9


class _Loader(RowLoader):
    """Turns each file of the archive into rows (teams.json: games.archive.load_teams)."""

    def __init__(self, archive: Archive, user: AbstractBaseUser) -> None:
        super().__init__(archive, user)
        self._decks: dict[str, BallotDeck] | None = None

    def event(self, slug: str) -> Event:
        row = self.archive.json[fmt.EVENT]
        if not isinstance(row, dict):
            raise self.error(_("expected an object"), fmt.EVENT)
        event = Event(**self.fields(Event, row, EVENT_FIELDS, fmt.EVENT, "event"))
        event.slug = slug
        event.published = False
        if row.get("ballot_deck") is not None:
            deck = self.text(row, "ballot_deck", fmt.EVENT, "event")
            event.ballot_deck = self.deck(deck, fmt.EVENT, "event.ballot_deck")
        self.save(event, fmt.EVENT, "event")
        event.organizers.set([self.user])
        return event

    def people(self) -> dict[str, list[str]]:
        """The user names the archive gives, by role: their accounts do not travel."""
        row = self.archive.json[fmt.EVENT]
        names = {_("organizers"): row.get("organizers"), _("arbiters"): row.get("arbiters")}
        return {
            role: [str(name) for name in people]
            for role, people in names.items()
            if isinstance(people, list) and people
        }

    def players(self) -> dict[int, Player]:
        file = fmt.PLAYERS
        found: dict[int, Player] = {}
        taken: dict[int, str] = {}
        created: list[tuple[models.Model, str]] = []
        rows = self.rows(file, self.archive.json[file])
        lookup = PlayerLookup.of(rows)
        for position, row in enumerate(rows):
            where = f"[{position}]"
            (number,) = self.key(row, ("id",), file, where)
            if number in found:
                raise self.error(
                    _("id %(id)s repeats an earlier player") % {"id": number}, file, where
                )
            values = self.fields(
                Player, row, PLAYER_FIELDS + fmt.PRIVATE_PLAYER_FIELDS, file, where
            )
            player = Player(**values)
            match = lookup.match(player)
            if match.existing is not None:
                if match.existing.pk in taken:
                    raise self.error(
                        _("matched by %(key)s with %(player)s, already matched with %(other)s")
                        % {
                            "key": match.matched_by,
                            "player": match.existing,
                            "other": taken[match.existing.pk],
                        },
                        file,
                        where,
                    )
                taken[match.existing.pk] = match.name
                player = match.existing
            else:
                created.append((player, where))
                self.report.add(_("players"))
            self.report.players.append(match)
            found[number] = player
        self.save_many(created, file)
        return found

    def registrations(self, event: Event, players: dict[int, Player]) -> dict[int, Registration]:
        file = fmt.REGISTRATIONS
        content = self.archive.json[file]
        if not isinstance(content, dict):
            raise self.error(_("expected an object"), file)
        found: dict[int, Registration] = {}
        entries: list[tuple[Registration, str]] = []
        rows = self.rows(file, content.get("registrations"), "registrations")
        for position, row in enumerate(rows):
            where = f"registrations[{position}]"
            (player,) = self.key(row, ("player",), file, where)
            if player not in players:
                raise self.error(
                    _("player %(id)s is not in %(players)s")
                    % {"id": player, "players": fmt.PLAYERS},
                    file,
                    f"{where}.player",
                )
            values = self.fields(Registration, row, REGISTRATION_FIELDS, file, where)
            registration = Registration(event=event, player=players[player], **values)
            entries.append((registration, where))
            self.report.add(_("registrations"))
            found[registration.pairing_number] = registration
        self.save_many(entries, file)
        for (registration, where), row in zip(entries, rows, strict=True):
            byes = row.get("bye_requests") or []
            if not isinstance(byes, list):
                raise self.error(
                    _("expected a list of round numbers"), file, f"{where}.bye_requests"
                )
            for number in byes:
                bye = ByeRequest(registration=registration, round_number=number)
                self.save(bye, file, f"{where}.bye_requests")
                self.report.add(_("half-point bye requests"))
        prohibited_rows = self.rows(
            file, content.get("prohibited_pairings") or [], "prohibited_pairings"
        )
        for position, row in enumerate(prohibited_rows):
            where = f"prohibited_pairings[{position}]"
            first, second = self.key(row, ("first", "second"), file, where)
            prohibited = ProhibitedPairing(
                event=event,
                first=self.registration(found, first, file, f"{where}.first"),
                second=self.registration(found, second, file, f"{where}.second"),
                reason=row.get("reason", ""),
                note=row.get("note", ""),
            )
            self.save(prohibited, file, where)
            self.report.add(_("prohibited pairings"))
        return found

    def rounds(self, event: Event, registrations: dict[int, Registration]):
        file = fmt.ROUNDS
        rounds: dict[int, Round] = {}
        pairings: dict[tuple[int, int], Pairing] = {}
        games: dict[tuple[int, int, int], Game] = {}
        for position, row in enumerate(self.rows(file, self.archive.json[file])):
            where = f"[{position}]"
            round_ = Round(
                event=event,
                **self.fields(Round, row, ("number", "status", "published_at"), file, where),
            )
            self.save(round_, file, where)
            self.report.add(_("rounds"))
            rounds[round_.number] = round_
            for board_position, board in enumerate(
                self.rows(file, row.get("pairings") or [], f"{where}.pairings")
            ):
                at = f"{where}.pairings[{board_position}]"
                black = board.get("black")
                pairing = Pairing(
                    round=round_,
                    white=self.registration(registrations, board.get("white"), file, f"{at}.white"),
                    black=(
                        None
                        if black is None
                        else self.registration(registrations, black, file, f"{at}.black")
                    ),
                    **self.fields(Pairing, board, ("board", "bye_kind", "manual"), file, at),
                )
                self.save(pairing, file, at)
                self.report.add(_("pairings") if black is not None else _("byes"))
                pairings[(round_.number, pairing.board)] = pairing
                for game_position, game_row in enumerate(
                    self.rows(file, board.get("games") or [], f"{at}.games")
                ):
                    spot = f"{at}.games[{game_position}]"
                    game = Game(
                        pairing=pairing,
                        white=self.registration(
                            registrations, game_row.get("white"), file, f"{spot}.white"
                        ),
                        black=self.registration(
                            registrations, game_row.get("black"), file, f"{spot}.black"
                        ),
                        **self.fields(Game, game_row, ("index", "result", "version"), file, spot),
                    )
                    self.save(game, file, spot)
                    self.report.add(_("games"))
                    games[(round_.number, pairing.board, game.index)] = game
        return rounds, pairings, games

    def deck(self, slug: str, file: str, where: str) -> BallotDeck:
        decks = self.decks()
        if slug not in decks:
            raise self.error(
                _("deck %(slug)r is not in %(ballots)s") % {"slug": slug, "ballots": fmt.BALLOTS},
                file,
                where,
            )
        return decks[slug]

    def decks(self) -> dict[str, BallotDeck]:
        """The archive's decks, found here by slug (a published deck must be here; a custom
        deck here must hold the same cards) or created from their cards."""
        if self._decks is not None:
            return self._decks
        file = fmt.BALLOTS
        content = self.archive.json[file]
        if not isinstance(content, dict):
            raise self.error(_("expected an object"), file)
        self._decks = {}
        for position, row in enumerate(self.rows(file, content.get("decks") or [], "decks")):
            where = f"decks[{position}]"
            slug = self.text(row, "slug", file, where)
            here = BallotDeck.objects.filter(slug=slug).first()
            cards = self.rows(file, row.get("cards") or [], f"{where}.cards")
            if here is None and row.get("builtin"):
                raise self.error(
                    _("the published deck %(slug)r is not on this instance") % {"slug": slug},
                    file,
                    where,
                )
            if here is None:
                here = BallotDeck(
                    **self.fields(
                        BallotDeck, row, ("slug", "name", "variant", "source"), file, where
                    )
                )
                self.save(here, file, where)
                for card_position, card in enumerate(cards):
                    spot = f"{where}.cards[{card_position}]"
                    self.save(
                        BallotCard(
                            deck=here, **self.fields(BallotCard, card, CARD_FIELDS, file, spot)
                        ),
                        file,
                        spot,
                    )
                self.report.decks_created.append(here.name)
            elif not here.builtin:
                mine = {(str(c.number), c.code, c.fen) for c in here.cards.all()}
                theirs = {
                    (str(c.get("number")), str(c.get("code")), str(c.get("fen"))) for c in cards
                }
                if mine != theirs:
                    raise self.error(
                        _("a custom deck %(slug)r is here with other cards: rename one of them")
                        % {"slug": slug},
                        file,
                        where,
                    )
            self._decks[slug] = here
        return self._decks

    def ballots(self, event: Event, rounds: dict[int, Round], pairings: dict) -> None:
        file = fmt.BALLOTS
        decks = self.decks()
        for position, row in enumerate(
            self.rows(file, self.archive.json[file].get("draws") or [], "draws")
        ):
            where = f"draws[{position}]"
            number, round_ = self.round(rounds, row, file, where)
            (board,) = self.key(row, ("board",), file, where, optional=True)
            pairing = None
            if board is not None:
                pairing = pairings.get((number, board))
                if pairing is None:
                    raise self.error(
                        _("no board %(board)s in round %(number)s")
                        % {"board": board, "number": number},
                        file,
                        f"{where}.board",
                    )
            deck = decks.get(self.text(row, "deck", file, where))
            (card_number,) = self.key(row, ("card",), file, where)
            code = self.text(row, "code", file, where)
            card = deck.cards.filter(number=card_number, code=code).first() if deck else None
            if card is None:
                raise self.error(
                    _("no card %(number)r (%(code)r) in deck %(deck)r")
                    % {"number": card_number, "code": code, "deck": row["deck"]},
                    file,
                    f"{where}.card",
                )
            draw = BallotDraw(
                event=event,
                round=round_,
                pairing=pairing,
                card=card,
                **self.fields(
                    BallotDraw,
                    row,
                    ("sequence", "seed", "drawn_at", "voided_at", "void_reason"),
                    file,
                    where,
                ),
            )
            self.save(draw, file, where)
            self.report.add(_("ballot draws"))

    def game(self, games: dict, row: dict, file: str, where: str) -> Game:
        key = self.key(row, ("round", "board", "index"), file, where)
        if key not in games:
            raise self.error(
                _("no game %(index)s on board %(board)s of round %(round)s in %(rounds)s")
                % {"round": key[0], "board": key[1], "index": key[2], "rounds": fmt.ROUNDS},
                file,
                where,
            )
        return games[key]

    def contents(self, row: dict, file: str, where: str) -> bytes:
        """The bytes of the archive's file that ``row`` names in its ``file``."""
        path = self.text(row, "file", file, where)
        if path not in self.archive.files:
            raise self.error(
                _("no file %(path)r in the archive") % {"path": path}, file, f"{where}.file"
            )
        return self.archive.files[path]

    def records(self, games: dict) -> None:
        file = fmt.RECORDS
        for position, row in enumerate(self.rows(file, self.archive.json[file])):
            where = f"[{position}]"
            game = self.game(games, row, file, where)
            pdn = self.contents(row, file, where)
            try:
                text = pdn.decode("utf-8")
            except UnicodeDecodeError as exc:
                raise self.error(
                    _("not UTF-8 at byte %(at)s") % {"at": exc.start}, row["file"]
                ) from None
            record = GameRecord(
                game=game,
                pdn=text,
                **self.fields(GameRecord, row, ("source", "revision", "entered_at"), file, where),
            )
            self.save(record, file, where)
            self.report.add(_("game records"))
            # The findings are the arbiter's replay of the record here (the draws are in
            # already), not the archive's word; the preview names the records where the two
            # differ.
            found = row.get("verification")
            verification = record_verify(record_id=record.pk, revision=record.revision)
            self.report.add(_("verification findings"))
            if not isinstance(found, dict) or (found.get("verdict"), found.get("flags")) != (
                verification.verdict,
                verification.flags,
            ):
                self.report.differing.append(
                    _("round %(round)s, board %(board)s, game %(index)s")
                    % {"round": row["round"], "board": row["board"], "index": row["index"]}
                )

    def disputes(self, games: dict) -> None:
        file = fmt.DISPUTES
        for position, row in enumerate(self.rows(file, self.archive.json[file])):
            where = f"[{position}]"
            dispute = Dispute(
                game=self.game(games, row, file, where),
                **self.fields(
                    Dispute, row, ("claim", "ply", "statement", "status", "opened_at"), file, where
                ),
            )
            self.save(dispute, file, where)
            self.report.add(_("disputes"))
            found = row.get("ruling")
            if found is not None:
                if not isinstance(found, dict):
                    raise self.error(_("expected an object"), file, f"{where}.ruling")
                ruling = Ruling(
                    dispute=dispute,
                    arbiter=self.user,
                    **self.fields(Ruling, found, RULING_FIELDS, file, f"{where}.ruling"),
                )
                self.save(ruling, file, f"{where}.ruling")
                self.report.add(_("rulings"))

    def documents(
        self, event: Event, rounds: dict, *, store_files: bool, stored: list[str] | None
    ) -> None:
        file = fmt.DOCUMENTS
        for position, row in enumerate(self.rows(file, self.archive.json[file])):
            where = f"[{position}]"
            number, round_ = self.round(rounds, row, file, where, optional=True)
            pdf = self.contents(row, file, where)
            if not pdf.startswith(b"%PDF-"):
                raise self.error(_("not a PDF file"), row["file"])
            document = Document(
                event=event,
                round=round_,
                status=DocumentStatus.DONE,
                progress=100,
                **self.fields(
                    Document, row, ("kind", "pages", "fingerprint", "generated_at"), file, where
                ),
            )
            if store_files:
                stem = f"{document.kind}-round-{number}" if number else document.kind
                document.file.name = default_storage.save(
                    f"documents/{event.slug}/{stem}.pdf", ContentFile(pdf)
                )
                if stored is not None:
                    stored.append(document.file.name)
            self.save(document, file, where, exclude=() if store_files else ("file",))
            self.report.add(_("documents"))

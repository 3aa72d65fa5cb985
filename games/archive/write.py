"""Writing an event's archive: every row of the event as JSON, the game records as PDN, the
generated PDFs, and a manifest with the format's version and a SHA-256 per file.

Only reads: the archive is built in memory and returned as bytes. A player's private fields
(games.archive.PRIVATE_PLAYER_FIELDS) are written only when the user may read them
(tournaments.access.player_access); users are named by their user name, which the reader
shows and never matches.
"""

import hashlib
import io
import json
import zipfile
from typing import Any

from django.contrib.auth.models import AbstractBaseUser
from django.core.serializers.json import DjangoJSONEncoder
from django.db.models import Model
from django.utils import timezone

from games import archive as fmt
from games.models import Dispute, GameRecord
from tournaments.access import player_access
from tournaments.documents.models import Document
from tournaments.models import (
    SCORING_FIELDS,
    BallotCard,
    BallotDeck,
    BallotDraw,
    Event,
    Game,
    LineupEntry,
    Pairing,
    Player,
    Registration,
    Team,
    TeamAdjustment,
    TeamBoard,
    TeamCompetition,
    TeamMatch,
    TeamMember,
)

#: The event's own settings, as its form has them (the deck is named by its slug).
EVENT_FIELDS = (
    "name",
    "slug",
    "variant",
    "start_date",
    "end_date",
    "venue",
    "chief_arbiter",
    "system",
    "swap_last_two",
    "swiss_ordering",
    "number_of_rounds",
    "games_per_pairing",
    *SCORING_FIELDS.values(),
    "ranking",
    "tiebreaks",
    "first_colour",
    "ballot_policy",
    "published",
    "language",
    "withdrawal_rule",
    "swiss_rules",
    "rating_policy",
    "rating_list_date",
    "rating_k",
    "rating_groups",
    "team_score_members",
    "never_pair_team_mates",
)
PLAYER_FIELDS = (
    "first_name",
    "last_name",
    "federation",
    "fmjd_id",
    "national_id",
    "rating",
    "title",
    "club",
)
REGISTRATION_FIELDS = (
    "pairing_number",
    "rating",
    "joined_round",
    "missed_rounds_half_point",
    "withdrawn_from_round",
    "rating_source",
    "team_label",
)
CARD_FIELDS = (
    "number",
    "code",
    "name",
    "notation",
    "moves",
    "start_fen",
    "fen",
    "barred",
    "brazilian",
    "group",
    "correction",
)
VERIFICATION_FIELDS = (
    "revision",
    "status",
    "verdict",
    "result_check",
    "opening_followed",
    "flags",
    "flagged",
    "report",
    "verified_at",
)
#: A team competition's settings, as its admin form has them.
TEAM_COMPETITION_FIELDS = (
    "boards",
    "match_win",
    "match_draw",
    "match_loss",
    "bye_match_points",
    "bye_board_points",
    "primary",
    "tiebreaks",
    "rating_tolerance",
    "rating_cap",
    "colour_model",
)
TEAM_FIELDS = ("number", "name", "club", "federation")
TEAM_MEMBER_FIELDS = ("order", "reserve")
TEAM_ADJUSTMENT_FIELDS = ("match_points", "board_points", "reason")
TEAM_MATCH_FIELDS = ("number", "return_match")
TEAM_BOARD_FIELDS = ("number", "a_is_white")
RULING_FIELDS = (
    "decision",
    "reason",
    "result_before",
    "result_after",
    "replay_from_ply",
    "replay_fen",
    "ruled_at",
)


def values(row: Model, names: tuple[str, ...]) -> dict[str, Any]:
    """``row``'s fields ``names`` as the JSON of the archive holds them (through
    DjangoJSONEncoder: dates and times in ISO 8601, decimals as strings)."""
    return {name: row._meta.get_field(name).value_from_object(row) for name in names}


def username(user: AbstractBaseUser | None) -> str | None:
    return user.get_username() if user is not None else None


def event_archive(*, event: Event, user: AbstractBaseUser) -> bytes:
    """The archive of ``event`` as ``user`` may read it: a zip file's bytes (a team
    competition's teams, rosters, team matches and lineups in teams.json)."""
    files: dict[str, bytes] = {}
    registrations = list(
        Registration.objects.filter(event=event)
        .select_related("player")
        .prefetch_related("bye_requests")
        .order_by("pairing_number")
    )
    players = [registration.player for registration in registrations]
    competition = TeamCompetition.objects.filter(event=event).first()
    teams = list(
        Team.objects.filter(event=event).select_related("captain").order_by("number")
        if competition is not None
        else []
    )
    # A captain who plays for no registration travels as a player of players.json too.
    for team in teams:
        if team.captain is not None and team.captain not in players:
            players.append(team.captain)
    player_ids = {player.pk: number for number, player in enumerate(players, 1)}
    files[fmt.EVENT] = _json(_event(event))
    files[fmt.PLAYERS] = _json([_player(index, p, user) for index, p in enumerate(players, 1)])
    files[fmt.REGISTRATIONS] = _json(_registrations(event, registrations))
    files[fmt.ROUNDS] = _json(_rounds(event))
    files[fmt.BALLOTS] = _json(_ballots(event))
    records, pdn_files = _records(event)
    files[fmt.RECORDS] = _json(records)
    files.update(pdn_files)
    files[fmt.DISPUTES] = _json(_disputes(event))
    documents, pdf_files = _documents(event)
    files[fmt.DOCUMENTS] = _json(documents)
    if competition is not None:
        files[fmt.TEAMS] = _json(_teams(event, competition, teams, player_ids))
    files.update(pdf_files)
    manifest = {
        "format": fmt.FORMAT,
        "version": fmt.VERSION,
        "event": event.slug,
        "written_at": timezone.now(),
        "written_by": username(user),
        "files": {
            name: {"sha256": hashlib.sha256(data).hexdigest(), "size": len(data)}
            for name, data in sorted(files.items())
        },
    }
    buffer = io.BytesIO()
    with zipfile.ZipFile(buffer, "w", compression=zipfile.ZIP_DEFLATED) as archive:
        archive.writestr(fmt.MANIFEST, _json(manifest))
        for name, data in sorted(files.items()):
            archive.writestr(name, data)
    return buffer.getvalue()


def archive_filename(event: Event) -> str:
    return f"{event.slug}-archive.zip"


def _json(value: object) -> bytes:
    return json.dumps(value, cls=DjangoJSONEncoder, ensure_ascii=False, indent=1).encode()


def _event(event: Event) -> dict[str, Any]:
    return {
        **values(event, EVENT_FIELDS),
        "ballot_deck": event.ballot_deck.slug if event.ballot_deck_id else None,
        "organizers": sorted(username(u) for u in event.organizers.all()),
        "arbiters": sorted(username(u) for u in event.arbiters.all()),
    }


def _player(number: int, player: Player, user: AbstractBaseUser) -> dict[str, Any]:
    row = {"id": number, **values(player, PLAYER_FIELDS)}
    if player_access(user, player).see_private:
        row.update(values(player, fmt.PRIVATE_PLAYER_FIELDS))
    return row


def _registrations(event: Event, registrations: list[Registration]) -> dict[str, Any]:
    return {
        "registrations": [
            {
                "player": number,
                **values(registration, REGISTRATION_FIELDS),
                "bye_requests": sorted(b.round_number for b in registration.bye_requests.all()),
            }
            for number, registration in enumerate(registrations, 1)
        ],
        "prohibited_pairings": [
            {
                "first": prohibited.first.pairing_number,
                "second": prohibited.second.pairing_number,
                "reason": prohibited.reason,
                "note": prohibited.note,
            }
            for prohibited in event.prohibited_pairings.select_related("first", "second")
        ],
    }


def _number(registration: Registration | None) -> int | None:
    return registration.pairing_number if registration is not None else None


def _rounds(event: Event) -> list[dict[str, Any]]:
    pairings = (
        Pairing.objects.filter(round__event=event)
        .select_related("white", "black")
        .prefetch_related("games__white", "games__black")
        .order_by("board")
    )
    by_round: dict[int, list[Pairing]] = {}
    for pairing in pairings:
        by_round.setdefault(pairing.round_id, []).append(pairing)
    return [
        {
            "number": round_.number,
            "status": round_.status,
            "published_at": round_.published_at,
            "pairings": [
                {
                    "board": pairing.board,
                    "white": pairing.white.pairing_number,
                    "black": _number(pairing.black),
                    "bye_kind": pairing.bye_kind,
                    "manual": pairing.manual,
                    "games": [
                        {
                            "index": game.index,
                            "white": game.white.pairing_number,
                            "black": game.black.pairing_number,
                            "result": game.result,
                            "version": game.version,
                        }
                        for game in sorted(pairing.games.all(), key=lambda g: g.index)
                    ],
                }
                for pairing in by_round.get(round_.pk, [])
            ],
        }
        for round_ in event.rounds.order_by("number")
    ]


def _teams(
    event: Event, competition: TeamCompetition, teams: list[Team], player_ids: dict[int, int]
) -> dict[str, Any]:
    """The team competition: its settings, its teams (captain: an ``id`` of players.json)
    with their roster (pairing numbers) and adjustments, and its team matches, each with its
    boards (a pairing of rounds.json by its board number) and the lineups set for it."""
    members: dict[int, list[dict[str, Any]]] = {}
    for member in (
        TeamMember.objects.filter(team__event=event)
        .select_related("registration")
        .order_by("team__number", "reserve", "order")
    ):
        members.setdefault(member.team_id, []).append(
            {"player": member.registration.pairing_number, **values(member, TEAM_MEMBER_FIELDS)}
        )
    adjustments: dict[int, list[dict[str, Any]]] = {}
    for adjustment in TeamAdjustment.objects.filter(team__event=event).order_by("pk"):
        adjustments.setdefault(adjustment.team_id, []).append(
            values(adjustment, TEAM_ADJUSTMENT_FIELDS)
        )
    boards: dict[int, list[dict[str, Any]]] = {}
    for board in (
        TeamBoard.objects.filter(match__round__event=event)
        .select_related("pairing")
        .order_by("number")
    ):
        boards.setdefault(board.match_id, []).append(
            {**values(board, TEAM_BOARD_FIELDS), "pairing": board.pairing.board}
        )
    lineups: dict[int, list[dict[str, Any]]] = {}
    for entry in (
        LineupEntry.objects.filter(match__round__event=event)
        .select_related("team", "member__registration")
        .order_by("team__number", "board")
    ):
        lineups.setdefault(entry.match_id, []).append(
            {
                "team": entry.team.number,
                "board": entry.board,
                "player": entry.member.registration.pairing_number,
            }
        )
    matches = (
        TeamMatch.objects.filter(round__event=event)
        .select_related("round", "team_a", "team_b")
        .order_by("round__number", "number")
    )
    return {
        "competition": values(competition, TEAM_COMPETITION_FIELDS),
        "teams": [
            {
                **values(team, TEAM_FIELDS),
                "captain": player_ids.get(team.captain_id) if team.captain_id else None,
                "members": members.get(team.pk, []),
                "adjustments": adjustments.get(team.pk, []),
            }
            for team in teams
        ],
        "matches": [
            {
                "round": match.round.number,
                **values(match, TEAM_MATCH_FIELDS),
                "team_a": match.team_a.number,
                "team_b": match.team_b.number if match.team_b is not None else None,
                "boards": boards.get(match.pk, []),
                "lineup": lineups.get(match.pk, []),
            }
            for match in matches
        ],
    }


def _ballots(event: Event) -> dict[str, Any]:
    draws = list(
        BallotDraw.objects.filter(event=event)
        .select_related("round", "pairing", "card__deck", "drawn_by", "voided_by")
        .order_by("sequence")
    )
    decks = {draw.card.deck for draw in draws}
    if event.ballot_deck_id:
        decks.add(event.ballot_deck)
    return {
        "decks": [_deck(deck) for deck in sorted(decks, key=lambda d: d.slug)],
        "draws": [
            {
                "sequence": draw.sequence,
                "round": draw.round.number,
                "board": draw.pairing.board if draw.pairing_id else None,
                "deck": draw.card.deck.slug,
                "card": draw.card.number,
                "code": draw.card.code,
                "seed": draw.seed,
                "drawn_by": username(draw.drawn_by),
                "drawn_at": draw.drawn_at,
                "voided_by": username(draw.voided_by),
                "voided_at": draw.voided_at,
                "void_reason": draw.void_reason,
            }
            for draw in draws
        ],
    }


def _deck(deck: BallotDeck) -> dict[str, Any]:
    """A published deck is named only (every instance loads it); a custom deck travels with
    its cards."""
    row: dict[str, Any] = {
        "slug": deck.slug,
        "name": deck.name,
        "variant": deck.variant,
        "source": deck.source,
        "builtin": deck.builtin,
    }
    if not deck.builtin:
        cards = BallotCard.objects.filter(deck=deck).order_by("number")
        row["cards"] = [values(card, CARD_FIELDS) for card in cards]
    return row


def _game_key(game: Game) -> dict[str, int]:
    return {"round": game.pairing.round.number, "board": game.pairing.board, "index": game.index}


def _records(event: Event) -> tuple[list[dict[str, Any]], dict[str, bytes]]:
    records = (
        GameRecord.objects.filter(game__pairing__round__event=event)
        .select_related("game__pairing__round", "entered_by", "verification")
        .order_by("game__pairing__round__number", "game__pairing__board", "game__index")
    )
    rows, files = [], {}
    for record in records:
        key = _game_key(record.game)
        path = fmt.record_path(key["round"], key["board"], key["index"])
        files[path] = record.pdn.encode()
        verification = getattr(record, "verification", None)
        rows.append(
            {
                **key,
                "file": path,
                "source": record.source,
                "revision": record.revision,
                "entered_by": username(record.entered_by),
                "entered_at": record.entered_at,
                "verification": (
                    values(verification, VERIFICATION_FIELDS) if verification else None
                ),
            }
        )
    return rows, files


def _disputes(event: Event) -> list[dict[str, Any]]:
    disputes = (
        Dispute.objects.filter(game__pairing__round__event=event)
        .select_related("game__pairing__round", "opened_by", "ruling__arbiter")
        .order_by("opened_at", "pk")
    )
    rows = []
    for dispute in disputes:
        ruling = getattr(dispute, "ruling", None)
        rows.append(
            {
                **_game_key(dispute.game),
                "claim": dispute.claim,
                "ply": dispute.ply,
                "statement": dispute.statement,
                "status": dispute.status,
                "opened_by": username(dispute.opened_by),
                "opened_at": dispute.opened_at,
                "ruling": (
                    {**values(ruling, RULING_FIELDS), "arbiter": username(ruling.arbiter)}
                    if ruling
                    else None
                ),
            }
        )
    return rows


def _documents(event: Event) -> tuple[list[dict[str, Any]], dict[str, bytes]]:
    """The documents whose file is in storage (a row without its file has nothing to keep)."""
    rows, files = [], {}
    for document in Document.objects.filter(event=event).select_related("round"):
        if not document.has_file:
            continue
        path = f"documents/{document.file_stem}.pdf"
        with document.file.open("rb") as handle:
            files[path] = handle.read()
        rows.append(
            {
                "kind": document.kind,
                "round": document.round.number if document.round_id else None,
                "file": path,
                "pages": document.pages,
                "fingerprint": document.fingerprint,
                "generated_at": document.generated_at,
            }
        )
    return rows, files

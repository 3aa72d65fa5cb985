"""Reads for the printed documents: the event's rows turned into the plain values the layouts
of tournaments.documents.pdf draw, and the fingerprint of those values.

The crosstable and standings are complete to the last *completed* round (every result of it
is final); the round documents show one round as it is paired; the rating report counts every
final result of the published rounds, as its admin page and the API do.
"""

import hashlib
from collections.abc import Callable
from dataclasses import dataclass

from arbiter import Colour, find_variant
from tournaments.documents.models import Document, DocumentKind
from tournaments.documents.pdf import (
    Board,
    BoardLine,
    EventHeader,
    MatchLine,
    RatingReportSheet,
    RoundSheet,
    SheetPlayer,
    TeamLine,
    TeamRankingSheet,
    TeamSheet,
    render_crosstable,
    render_pairing_sheet,
    render_rating_report,
    render_score_sheets,
    render_standings,
    render_team_crosstable,
    render_team_matches,
    render_team_ranking,
    render_team_standings,
)
from tournaments.models import BYE_KIND_LABELS, Event, GameResult, Round, RoundStatus
from tournaments.ratings.selectors import rating_report_get
from tournaments.scoring.crosstable import Crosstable
from tournaments.scoring.notation import result_score
from tournaments.scoring.standings import place_text
from tournaments.selectors.events import event_total_rounds
from tournaments.selectors.lists import PublicPlayer, pairing_list
from tournaments.selectors.public import crosstable_get
from tournaments.selectors.state import tournament_state
from tournaments.selectors.team_ranking import team_ranking_get
from tournaments.teams.models import TeamAdjustment
from tournaments.teams.selectors import team_competition, team_matches, team_standings_get
from tournaments.values import ByeKind

#: Changes whenever a layout changes what it draws from the same data, so that the files
#: drawn before are drawn again.
LAYOUT_VERSION = 2

Renderer = Callable[..., bytes]


@dataclass(frozen=True)
class DocumentData:
    """What one document of ``kind`` is drawn from, and the function that draws it."""

    kind: str
    header: EventHeader
    content: Crosstable | RoundSheet | RatingReportSheet | TeamSheet | TeamRankingSheet
    render: Renderer

    @property
    def fingerprint(self) -> str:
        """SHA-256 of the values drawn (their reprs are exact: dataclasses, Decimals, dates)
        and of the layout: equal fingerprints draw equal documents."""
        text = repr((LAYOUT_VERSION, str(self.kind), self.header, self.content))
        return hashlib.sha256(text.encode()).hexdigest()


def event_header(event: Event) -> EventHeader:
    return EventHeader(
        name=event.name,
        variant=event.get_variant_display(),
        system=event.get_system_display(),
        pairing_rules=event.swiss_rules_text(),
        venue=event.venue,
        start_date=event.start_date,
        end_date=event.end_date,
        chief_arbiter=event.chief_arbiter,
        language=event.language,
    )


def completed_round(event: Event) -> int:
    """Number of the event's last completed round (0 before any)."""
    last = (
        event.rounds.filter(status=RoundStatus.COMPLETED)
        .order_by("-number")
        .values_list("number", flat=True)
        .first()
    )
    return last or 0


def round_sheet(round: Round) -> RoundSheet:
    """The boards of ``round`` with the players' scores before it and the ballot cards
    (pairing_list gives each board its card)."""
    event = round.event
    state = tournament_state(event, up_to_round=round.number - 1)
    scores = {c.number: c.score() for c in state.competitors}

    def player(public: PublicPlayer) -> SheetPlayer:
        return SheetPlayer(
            number=public.number,
            name=public.name,
            rating=public.rating,
            title=public.title,
            federation=public.federation,
            score=scores.get(public.number, 0),
        )

    boards = tuple(
        Board(
            board=line.board,
            white=player(line.white),
            black=None if line.black is None else player(line.black),
            bye=BYE_KIND_LABELS[ByeKind(line.bye_kind)] if line.bye_kind else "",
            results=tuple(
                result_score(r, event.variant) for r in line.results if r != GameResult.PENDING
            ),
            card=line.card,
        )
        for line in pairing_list(round)
    )
    return RoundSheet(
        round=round.number,
        total_rounds=state.total_rounds,
        boards=boards,
        games=event.games_per_pairing,
        black_first=find_variant(event.variant).first_player == Colour.BLACK,
        variant=event.variant,
        draft=round.status == RoundStatus.DRAFT,
    )


def team_sheet(event: Event) -> TeamSheet:
    """The team standings and every published team match of ``event``, as the team PDFs
    draw them (the same selectors as the public team pages)."""
    competition = team_competition(event)
    matches = team_matches(event)
    finished = [m.round for m in matches if m.finished]
    return TeamSheet(
        after_round=max(finished, default=0),
        total_rounds=event_total_rounds(event, players=0, teams=event.teams.count()),
        tiebreaks=tuple(competition.tiebreaks or ["BP"]),
        lines=tuple(
            TeamLine(
                rank=place_text(s.row.rank, s.row.shared_rank),
                team=s.name,
                match_points=s.row.match_points,
                board_points=s.row.board_points,
                adjustment=s.row.adjustment,
                tiebreaks=tuple(s.row.tiebreaks.values()),
            )
            for s in team_standings_get(event, matches=matches)
        ),
        adjustments=tuple(
            (a.team.name, a.match_points, a.reason)
            for a in TeamAdjustment.objects.filter(team__event=event)
            .select_related("team")
            .order_by("team__number", "pk")
        ),
        matches=tuple(
            MatchLine(
                round=m.round,
                team_a=m.team_a,
                team_b=m.team_b,
                board_points_a=m.board_points_a,
                board_points_b=m.board_points_b,
                no_show=m.no_show,
                boards=tuple(
                    BoardLine(
                        b.number,
                        b.player_a,
                        b.player_b,
                        b.a_is_white,
                        b.points_a,
                        b.points_b,
                        b.forfeit,
                    )
                    for b in m.boards
                ),
                finished=m.finished,
            )
            for m in matches
        ),
    )


def team_ranking_sheet(event: Event) -> TeamRankingSheet:
    """The team ranking after the last completed round, as the public page shows it."""
    after = completed_round(event)
    return TeamRankingSheet(
        after_round=after,
        total_rounds=event_total_rounds(event, players=event.registrations.count()),
        counted=event.team_score_members,
        rows=tuple(team_ranking_get(event, after_round=after)),
    )


#: How each document of a team competition is drawn, all from the same TeamSheet.
TEAM_RENDERERS: dict[DocumentKind, Renderer] = {
    DocumentKind.TEAM_STANDINGS: render_team_standings,
    DocumentKind.TEAM_MATCHES: render_team_matches,
    DocumentKind.TEAM_CROSSTABLE: render_team_crosstable,
}


def document_data(document: Document) -> DocumentData:
    """The values ``document`` is drawn from, read now."""
    event = document.event
    header = event_header(event)
    if document.kind in TEAM_RENDERERS:
        return DocumentData(
            document.kind, header, team_sheet(event), TEAM_RENDERERS[DocumentKind(document.kind)]
        )
    if document.kind == DocumentKind.TEAM_RANKING:
        return DocumentData(document.kind, header, team_ranking_sheet(event), render_team_ranking)
    if document.kind in (DocumentKind.CROSSTABLE, DocumentKind.STANDINGS):
        table = crosstable_get(event, after_round=completed_round(event))
        render = render_crosstable if document.kind == DocumentKind.CROSSTABLE else render_standings
        return DocumentData(document.kind, header, table, render)
    if document.kind == DocumentKind.RATING_REPORT:
        report = RatingReportSheet(tuple(rating_report_get(event)), event.rating_k)
        return DocumentData(document.kind, header, report, render_rating_report)
    render = (
        render_pairing_sheet if document.kind == DocumentKind.PAIRING_SHEET else render_score_sheets
    )
    return DocumentData(document.kind, header, round_sheet(document.round), render)


def document_get(event: Event, kind: str, round: Round | None = None) -> Document | None:
    """The row of ``event``'s document ``kind`` (for ``round``), if it was ever requested."""
    return Document.objects.filter(event=event, kind=kind, round=round).first()

"""Reads of the player accounts: a player's own page (/me/)."""

from dataclasses import dataclass

from django.contrib.auth.models import AbstractBaseUser
from django.db.models import Exists, OuterRef, Q

from games.models import ResultReport
from tournaments.models import Game, GameResult, Player, Registration, RoundStatus
from tournaments.selectors.public import PUBLIC_STATUSES


@dataclass(frozen=True)
class MyGame:
    """One of the player's games in a published round: his colour, his opponent, whether he
    is still to report its result."""

    game: Game
    white: bool
    opponent: Player
    to_report: bool


@dataclass(frozen=True)
class MyPage:
    """What /me/ shows: the player linked to the account, his events, his games (newest
    first), those whose result he is to report, and whether he gets the rounds' mails."""

    player: Player | None
    registrations: list[Registration]
    games: list[MyGame]
    round_mail: bool

    @property
    def to_report(self) -> list[MyGame]:
        return [game for game in self.games if game.to_report]


def my_page(user: AbstractBaseUser) -> MyPage:
    player = Player.objects.filter(user_id=user.pk).select_related("mail_choice").first()
    if player is None:
        return MyPage(None, [], [], False)
    registrations = list(
        Registration.objects.filter(player=player, event__published=True)
        .select_related("event")
        .order_by("-event__start_date", "event__name")
    )
    reported = ResultReport.objects.filter(game=OuterRef("pk"), user_id=user.pk)
    games = (
        Game.objects.filter(
            Q(white__player=player) | Q(black__player=player),
            pairing__round__status__in=PUBLIC_STATUSES,
            pairing__round__event__published=True,
        )
        .select_related("pairing__round__event", "white__player", "black__player")
        .annotate(reported=Exists(reported))
        .order_by("-pairing__round__event__start_date", "-pairing__round__number", "index")
    )
    rows = []
    for game in games:
        white = game.white.player_id == player.pk
        rows.append(
            MyGame(
                game=game,
                white=white,
                opponent=game.black.player if white else game.white.player,
                to_report=game.pairing.round.status == RoundStatus.PUBLISHED
                and game.result == GameResult.PENDING
                and not game.reported,
            )
        )
    choice = getattr(player, "mail_choice", None)
    return MyPage(player, registrations, rows, choice is None or choice.round_mail)

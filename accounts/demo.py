"""The demo's player account (`manage.py load_demo` runs it through games.demo.DEMO_STEPS):
a player of a published round whose game is still pending gets the login `demo-player`,
with the demo organizer's password, and so a result to report on /me/."""

from django.contrib.auth import get_user_model
from django.db import transaction

from tournaments.models import Game, GameResult, Player, RoundStatus
from tournaments.services.history import recorded_by

PLAYER_USERNAME = "demo-player"


@transaction.atomic
def player_demo(*, password: str) -> list[str]:
    """Link (or keep) the demo player's account; the lines load_demo prints about it."""
    user, _created = get_user_model().objects.get_or_create(username=PLAYER_USERNAME)
    user.set_password(password)
    user.save()
    player = Player.objects.filter(user=user).first()
    if player is None:
        game = (
            Game.objects.filter(
                pairing__round__status=RoundStatus.PUBLISHED,
                pairing__round__event__published=True,
                result=GameResult.PENDING,
                white__player__user__isnull=True,
            )
            .select_related("white__player")
            .order_by("pairing__round__event__name", "pairing__board", "index")
            .first()
        )
        if game is None:
            return []
        player = game.white.player
        player.user = user
        recorded_by(player, None).save(update_fields=["user"])
    return [
        f"Player login (same password): {PLAYER_USERNAME}, {player}; "
        "his page /me/ lists the result he is to report"
    ]

"""The player directory in other pages: ``{% directory_url event number as url %}`` is the
address of the event's player ``number`` across events ("" when the event is a draft)."""

from django import template
from django.urls import reverse

from tournaments.models import Event
from tournaments.selectors.players import player_page_id

register = template.Library()


@register.simple_tag
def directory_url(event: Event, number: int) -> str:
    player_id = player_page_id(event, number)
    return "" if player_id is None else reverse("players:detail", args=[player_id])

"""What other apps add to the pages of tournaments (tournaments.hooks): ``{% load hooks %}``.

``{% game_page event.slug game.id as url %}`` the address of a game's page ("" when none);
``board.games|game_pages:event.slug`` the addresses of a list of games' pages;
``{% round_panels round %}`` what a round's page shows above its pairings;
``{% event_panels event %}`` what the event's page shows under its facts;
``{% event_page_links event as links %}``, ``{% event_admin_links event as links %}`` and
``{% event_list_admin_links as links %}`` the links (tournaments.hooks.Link) of the event's
public page, its admin page and the admin list of events.
"""

from django import template
from django.utils.safestring import SafeString, mark_safe

from tournaments import hooks
from tournaments.hooks import Link
from tournaments.models import Event, Round

register = template.Library()


@register.simple_tag
def game_page(slug: str, game_id: int) -> str:
    return hooks.game_page(slug, game_id)


@register.filter
def game_pages(game_ids: list[int], slug: str) -> list[str]:
    return [hooks.game_page(slug, game_id) for game_id in game_ids]


@register.simple_tag
def round_panels(round: Round) -> SafeString:
    # each panel returns HTML it has escaped (tournaments.hooks.ROUND_PANELS)
    return mark_safe("".join(panel(round) for panel in hooks.ROUND_PANELS))


@register.simple_tag
def event_panels(event: Event) -> SafeString:
    # each panel returns HTML it has escaped (tournaments.hooks.EVENT_PANELS)
    return mark_safe("".join(panel(event) for panel in hooks.EVENT_PANELS))


@register.simple_tag
def event_menu(event: Event, section: str) -> list[hooks.MenuEntry]:
    """The menu entries a room shows in place of the event's individual tables, or []
    (tournaments.hooks.EVENT_MENU)."""
    return hooks.answer(hooks.EVENT_MENU, event, section) or []


@register.simple_tag
def event_page_links(event: Event) -> list[Link]:
    return _links(link(event) for link in hooks.EVENT_PAGE_LINKS)


@register.simple_tag
def event_admin_links(event: Event) -> list[Link]:
    return _links(link(event) for link in hooks.EVENT_ADMIN_LINKS)


@register.simple_tag
def event_list_admin_links() -> list[Link]:
    return _links(link() for link in hooks.EVENT_LIST_ADMIN_LINKS)


def _links(links) -> list[Link]:
    return [link for link in links if link is not None]

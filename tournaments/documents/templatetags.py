"""`{% documents_panel event %}` / `{% documents_panel event round %}`: the admin panel of an
event's (or a round's) printed documents, with their status, progress bar, download link,
error and the button that generates them; `{% documents_panel event kind="ratingreport" %}`
shows one of them."""

from django import template
from django.urls import reverse
from django.utils.translation import gettext_lazy

from tournaments.documents.models import ROUND_KINDS, TEAM_KINDS, TEAM_RANKING_KINDS, DocumentKind
from tournaments.documents.services import published_kinds
from tournaments.models import Event, Round
from tournaments.teams.models import TeamCompetition

register = template.Library()


@register.inclusion_tag("tournaments/documents/admin_panel.html", takes_context=True)
def documents_panel(
    context: template.Context, event: Event, round: Round | None = None, kind: str = ""
) -> dict:
    # A team competition's documents are offered for team competitions only, the team
    # ranking for an individual event that ranks teams only.
    teams = TeamCompetition.objects.filter(event=event).exists()
    kinds = [
        k
        for k in DocumentKind
        if (k in ROUND_KINDS) == (round is not None)
        and (not kind or k == kind)
        and (teams or k not in TEAM_KINDS)
        and (event.team_score_members or k not in TEAM_RANKING_KINDS)
    ]
    rows = {d.kind: d for d in event.documents.filter(round=round, kind__in=kinds)}
    request = context.get("request")
    return {
        "event": event,
        "round": round,
        "rows": [(kind, rows.get(kind)) for kind in kinds],
        "next": request.get_full_path() if request else "",
        "csrf_token": context.get("csrf_token"),
        "can_request": bool(request and request.user.has_perm("tournaments.change_document")),
    }


#: The label of each published document's link on the event page.
_LINK_LABELS = {
    DocumentKind.CROSSTABLE: gettext_lazy("Crosstable (PDF)"),
    DocumentKind.STANDINGS: gettext_lazy("Standings (PDF)"),
    DocumentKind.TEAM_STANDINGS: gettext_lazy("Team standings (PDF)"),
    DocumentKind.TEAM_MATCHES: gettext_lazy("Team match sheets (PDF)"),
    DocumentKind.TEAM_CROSSTABLE: gettext_lazy("Team crosstable (PDF)"),
}


@register.simple_tag
def published_documents(event: Event) -> list[tuple[str, str, str]]:
    """(kind, link label, address) of each document the event's public page offers
    (tournaments.documents.services.published_kinds)."""
    return [
        (kind.value, str(_LINK_LABELS[kind]), reverse(f"documents:{kind.value}", args=[event.slug]))
        for kind in published_kinds(event)
    ]

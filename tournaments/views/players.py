"""The public player directory: /players/ (a search by name or id) and /players/<id>/ (a
player across his published events), thin views over tournaments.selectors.players."""

from django.core.paginator import Paginator
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import render
from django.utils.translation import gettext as _
from django.views.decorators.http import require_safe

from tournaments.selectors.players import player_record, player_search
from tournaments.site.inputs import search_text

#: Players listed on one page of the directory.
PAGE_SIZE = 50


@require_safe
def player_directory(request: HttpRequest) -> HttpResponse:
    query = search_text(request.GET.get("q"))
    page = Paginator(player_search(query), PAGE_SIZE).get_page(request.GET.get("page"))
    return render(
        request,
        "public/players/directory.html",
        {"query": query, "page": page, "section": "directory"},
    )


@require_safe
def player_page(request: HttpRequest, player_id: int) -> HttpResponse:
    record = player_record(player_id)
    if record is None:
        raise Http404(_("No player %(id)s in the directory.") % {"id": player_id})
    return render(
        request, "public/players/detail.html", {"profile": record, "section": "directory"}
    )

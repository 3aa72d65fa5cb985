"""Rendering and guarding of the admin's own pages (import, standings, round review...)."""

from __future__ import annotations

from collections.abc import Callable, Iterable
from typing import TypeVar, cast

from django.contrib import admin, messages
from django.contrib.auth.models import AbstractBaseUser
from django.core.exceptions import PermissionDenied
from django.db.models import Model
from django.http import Http404, HttpRequest, HttpResponse, HttpResponseRedirect
from django.template.response import TemplateResponse
from django.urls import reverse
from django.utils.translation import gettext as _
from django.utils.translation import ngettext

from tournaments.models import Event, Player
from tournaments.services.errors import TournamentError
from tournaments.services.registrations import registration_add


def render_page(
    model_admin: admin.ModelAdmin,
    request: HttpRequest,
    template: str,
    *,
    title: str,
    obj: Model | None = None,
    **context,
) -> HttpResponse:
    """An admin page with the site's header, breadcrumbs data and the model's options."""
    return TemplateResponse(
        request,
        template,
        {
            **model_admin.admin_site.each_context(request),
            "opts": model_admin.model._meta,
            "title": title,
            "original": obj,
            **context,
        },
    )


_M = TypeVar("_M", bound=Model)


def staff_user(request: HttpRequest) -> AbstractBaseUser:
    """The user of an admin page, as the services take them: ``AdminSite.admin_view`` lets
    in active staff members only, never the anonymous user the request's type allows."""
    return cast(AbstractBaseUser, request.user)


def object_or_404(
    model_admin: admin.ModelAdmin[_M], request: HttpRequest, object_id: str, *, change: bool
) -> _M:
    """The object if the user may see it (404 otherwise) and, with `change`, change it (403)."""
    obj = model_admin.get_object(request, object_id)
    if obj is None or not model_admin.has_view_permission(request, obj):
        raise Http404(
            _("No %(model)s with id %(id)r.")
            % {"model": model_admin.model._meta.verbose_name, "id": object_id}
        )
    if change and not model_admin.has_change_permission(request, obj):
        raise PermissionDenied
    return obj


def report_refusal(request: HttpRequest, error: TournamentError) -> None:
    """Show a service's refusal as an admin error message (its text names the rule)."""
    messages.error(request, str(error))


def attempt(request: HttpRequest, act: Callable[[], object], success: str) -> bool:
    """Run a service call: its refusal as an error message, else ``success``; True if done."""
    try:
        act()
    except TournamentError as exc:
        report_refusal(request, exc)
        return False
    messages.success(request, success)
    return True


def register_players(request: HttpRequest, event: Event, players: Iterable[Player]) -> HttpResponse:
    """Register ``players`` in ``event`` one by one through the service (a refusal is shown
    and the others go on), say how many were registered, and go back to the event's page."""
    registered = 0
    for player in players:
        try:
            registration_add(event=event, player=player, user=staff_user(request))
        except TournamentError as exc:
            report_refusal(request, exc)
        else:
            registered += 1
    messages.success(
        request,
        ngettext(
            "%(count)d player registered in %(event)s.",
            "%(count)d players registered in %(event)s.",
            registered,
        )
        % {"count": registered, "event": event},
    )
    return HttpResponseRedirect(reverse("admin:tournaments_event_change", args=(event.pk,)))


def delete_through(request: HttpRequest, formset, delete: Callable[[Model], None]) -> None:
    """Delete the inline rows ticked for deletion through the service ``delete``, which may
    refuse (the refusal is shown, the other rows go on). The formset's lists of saved rows,
    which the admin's change message reads, then hold only those deletions."""
    formset.new_objects, formset.changed_objects, formset.deleted_objects = [], [], []
    for inline_form in formset.deleted_forms:
        if inline_form.instance.pk is None:
            continue
        try:
            delete(inline_form.instance)
        except TournamentError as exc:
            report_refusal(request, exc)
        else:
            formset.deleted_objects.append(inline_form.instance)

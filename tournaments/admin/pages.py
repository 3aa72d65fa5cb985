"""Rendering and guarding of the admin's own pages (import, standings, round review...)."""

from django.contrib import admin, messages
from django.core.exceptions import PermissionDenied
from django.db.models import Model
from django.http import Http404, HttpRequest, HttpResponse
from django.template.response import TemplateResponse
from django.utils.translation import gettext as _

from tournaments.services.errors import TournamentError


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


def object_or_404(
    model_admin: admin.ModelAdmin, request: HttpRequest, object_id: str, *, change: bool
) -> Model:
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

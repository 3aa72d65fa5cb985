"""The TRF pages of the event admin: an event's export, and the import of an event from a
file (upload, preview, confirmation). They are views of the event admin, which routes them
(``EventAdmin.get_urls``) and passes itself as ``model_admin`` for its permissions."""

import base64
from collections.abc import Callable

from django.contrib import admin, messages
from django.core.exceptions import PermissionDenied
from django.http import HttpRequest, HttpResponse, HttpResponseRedirect
from django.urls import reverse
from django.utils.translation import gettext as _

from tournaments.admin.pages import object_or_404, render_page, report_refusal, staff_user
from tournaments.services.errors import ImportFormatError, TournamentError
from tournaments.trf.export import event_trf
from tournaments.trf.forms import TrfImportConfirmForm, TrfImportForm
from tournaments.trf.imports import (
    TrfImportPlan,
    TrfImportSettings,
    trf_import_apply,
    trf_import_plan,
    trf_preview,
)


def trf_export_view(
    model_admin: admin.ModelAdmin, request: HttpRequest, object_id: str
) -> HttpResponse:
    """The event's official record as a TRF-2026 file (tournaments.trf.export.event_trf), as
    pairing programs and rating officers read it."""
    event = object_or_404(model_admin, request, object_id, change=False)
    response = HttpResponse(event_trf(event), content_type="text/plain; charset=utf-8")
    response["Content-Disposition"] = f'attachment; filename="{event.slug}.trf"'
    return response


def trf_import_view(model_admin: admin.ModelAdmin, request: HttpRequest) -> HttpResponse:
    """Upload a TRF file and see the event it describes (players, rounds, results, every
    refused line); the event is created only when the organizer confirms that preview."""
    if not (
        model_admin.has_add_permission(request) and request.user.has_perm("tournaments.add_player")
    ):
        raise PermissionDenied
    plan = None
    upload = TrfImportForm()
    if request.method == "POST" and "confirm" in request.POST:
        confirm = TrfImportConfirmForm(request.POST)
        if confirm.is_valid():
            plan = _trf_plan(
                confirm.cleaned_data["content"],
                confirm,
                lambda message: messages.error(request, message),
            )
        else:
            for error in confirm.errors.values():
                messages.error(request, " ".join(error))
        if plan is not None:
            try:
                event = trf_import_apply(plan, user=staff_user(request))
            except TournamentError as exc:
                report_refusal(request, exc)
            else:
                messages.success(
                    request,
                    _("%(event)s is imported as a draft: check it, then publish it.")
                    % {"event": event},
                )
                return HttpResponseRedirect(
                    reverse("admin:tournaments_event_change", args=(event.pk,))
                )
    elif request.method == "POST":
        upload = TrfImportForm(request.POST, request.FILES)
        if upload.is_valid():
            plan = _trf_plan(
                upload.cleaned_data["file"],
                upload,
                lambda message: upload.add_error(None, message),
            )
    confirm = None
    if plan is not None:
        confirm = TrfImportConfirmForm(
            initial={
                "content": base64.b64encode(plan.data).decode("ascii"),
                "variant": plan.settings.variant,
                "games_per_pairing": plan.settings.games_per_pairing,
                "ranking": plan.settings.ranking,
            }
        )
    return render_page(
        model_admin,
        request,
        "tournaments/admin/event_trf_import.html",
        title=_("Import an event from a TRF file"),
        form=upload,
        plan=plan,
        confirm=confirm,
        **(trf_preview(plan) if plan is not None else {}),
    )


def _trf_plan(data: bytes, settings_form, report: Callable[[str], None]) -> TrfImportPlan | None:
    """The import's plan of ``data`` with the settings of ``settings_form``; a file that cannot
    be read is told to ``report`` and gives None."""
    settings = TrfImportSettings(
        variant=settings_form.cleaned_data["variant"],
        games_per_pairing=settings_form.cleaned_data["games_per_pairing"],
        ranking=settings_form.cleaned_data["ranking"],
    )
    try:
        return trf_import_plan(data, settings=settings)
    except ImportFormatError as exc:
        report(str(exc))
        return None

"""Registrations: entry (late entry included), withdrawal and half-point bye requests."""

from django.contrib import admin, messages
from django.http import HttpRequest, HttpResponse, HttpResponseRedirect
from django.urls import path, reverse
from django.utils.translation import gettext as _
from django.views.decorators.http import require_POST

from tournaments.admin.history import AuditedAdmin
from tournaments.admin.pages import (
    delete_through,
    object_or_404,
    render_page,
    report_refusal,
    staff_user,
)
from tournaments.admin.scoping import ScopedAdmin
from tournaments.forms import ByeRequestForm, RegistrationAddForm, WithdrawForm
from tournaments.models import ByeRequest, Registration
from tournaments.names import name_contains
from tournaments.selectors.withdrawals import WithdrawalPreview, withdrawal_preview
from tournaments.services.errors import TournamentError
from tournaments.services.registrations import (
    bye_request_add,
    bye_request_delete,
    registration_add,
    registration_removal_refusal,
    registration_withdraw,
    registration_withdraw_check,
)
from tournaments.site.inputs import whole_number


class ByeRequestInline(admin.TabularInline):
    """Granted half-point byes (added with the button at the top of the page; cancelled with
    the delete box, through bye_request_delete, while their round is not paired)."""

    model = ByeRequest
    fields = ("round_number",)
    readonly_fields = fields
    extra = 0

    def has_add_permission(self, request: HttpRequest, obj=None) -> bool:
        return False


@admin.register(Registration)
class RegistrationAdmin(ScopedAdmin, AuditedAdmin):
    list_display = (
        "pairing_number",
        "player",
        "event",
        "rating",
        "joined_round",
        "withdrawn_from_round",
    )
    list_display_links = ("pairing_number", "player")
    list_filter = (("event", admin.RelatedOnlyFieldListFilter),)
    list_select_related = ("player", "event")
    search_fields = ("player__last_name", "player__first_name", "player__fmjd_id")

    def get_search_results(self, request: HttpRequest, queryset, search_term: str):
        """The admin's search, and names found without their exact accents ("lefevre")."""
        found, duplicates = super().get_search_results(request, queryset, search_term)
        if search_term.strip():
            names = name_contains(search_term.strip(), "player__last_name", "player__first_name")
            found = found | queryset.filter(names)
        return found, duplicates

    autocomplete_fields = ("player",)
    inlines = (ByeRequestInline,)
    change_form_template = "admin/tournaments/registration/change_form.html"

    def get_form(self, request: HttpRequest, obj=None, change: bool = False, **kwargs):
        if obj is None:
            kwargs["form"] = RegistrationAddForm
        return super().get_form(request, obj, change=change, **kwargs)

    def get_readonly_fields(self, request: HttpRequest, obj=None):
        """Once entered, a registration changes only through withdrawal and bye requests."""
        if obj is None:
            return ()
        return (
            "event",
            "player",
            "pairing_number",
            "rating",
            "team_label",
            "joined_round",
            "missed_rounds_half_point",
            "withdrawn_from_round",
            "contact_given",
        )

    def get_fields(self, request: HttpRequest, obj=None):
        if obj is None:
            return ("event", "player", "rating", "joined_round", "missed_rounds_half_point")
        return self.get_readonly_fields(request, obj)

    def get_changeform_initial_data(self, request: HttpRequest) -> dict:
        return {"event": whole_number(request.GET.get("event"))}

    def get_inline_instances(self, request: HttpRequest, obj=None):
        return super().get_inline_instances(request, obj) if obj is not None else []

    def save_form(self, request: HttpRequest, form, change: bool) -> Registration:
        """A new entry is made by registration_add (then saved already); an entry is never
        changed through its form (all its fields are read-only)."""
        if change:
            return form.instance
        data = form.cleaned_data
        return registration_add(
            event=data["event"],
            player=data["player"],
            user=staff_user(request),
            rating=data["rating"],
            joined_round=data["joined_round"],
            missed_rounds_half_point=data["missed_rounds_half_point"],
        )

    def save_model(self, request: HttpRequest, obj: Registration, form, change: bool) -> None:
        """save_form did the write."""

    def save_related(self, request: HttpRequest, form, formsets, change: bool) -> None:
        """A registration has no many-to-many field; its inline only cancels bye requests
        (bye_request_delete, which may refuse: the refusal is shown, the others go on)."""
        for formset in formsets:
            delete_through(
                request,
                formset,
                lambda bye: bye_request_delete(bye_request=bye, user=staff_user(request)),
            )

    def add_view(self, request: HttpRequest, form_url: str = "", extra_context=None):
        """The service may refuse the entry (already registered, round already paired): the
        add form is shown again with its reason."""
        try:
            return super().add_view(request, form_url, extra_context)
        except TournamentError as exc:
            report_refusal(request, exc)
            return HttpResponseRedirect(request.get_full_path())

    def get_urls(self):
        view = self.admin_site.admin_view
        return [
            path(
                "<path:object_id>/withdraw/",
                view(require_POST(self.withdraw_view)),
                name="tournaments_registration_withdraw",
            ),
            path(
                "<path:object_id>/bye/",
                view(require_POST(self.bye_view)),
                name="tournaments_registration_bye",
            ),
            *super().get_urls(),
        ]

    def delete_view(self, request: HttpRequest, object_id: str, extra_context=None):
        """A registration on a board is not removed: the page says what to do instead (not
        the admin's "no permission to delete pairings")."""
        registration = object_or_404(self, request, object_id, change=False)
        refusal = registration_removal_refusal(registration)
        if refusal is not None:
            report_refusal(request, refusal)
            return HttpResponseRedirect(
                reverse("admin:tournaments_registration_change", args=(registration.pk,))
            )
        return super().delete_view(request, object_id, extra_context)

    def changeform_view(self, request, object_id=None, form_url="", extra_context=None):
        extra_context = {**(extra_context or {}), "withdraw_form": WithdrawForm()}
        extra_context["bye_form"] = ByeRequestForm()
        return super().changeform_view(request, object_id, form_url, extra_context)

    def withdraw_view(self, request: HttpRequest, object_id: str) -> HttpResponse:
        """Withdraw in two steps: a preview of what changes (forfeits, games annulled or
        standing, under the event's rule), then the confirmed withdrawal."""
        if "confirmed" not in request.POST:
            registration = object_or_404(self, request, object_id, change=True)
            form = WithdrawForm(request.POST)
            if not form.is_valid():
                messages.error(request, _("Give the first round the player no longer plays."))
                return self._back_to(registration)
            number = form.cleaned_data["from_round"]
            try:
                registration_withdraw_check(registration=registration, from_round=number)
            except TournamentError as exc:
                report_refusal(request, exc)
                return self._back_to(registration)
            preview = withdrawal_preview(registration, from_round=number)
            return render_page(
                self,
                request,
                "tournaments/admin/round_confirm.html",
                title=_("Withdraw %(player)s") % {"player": registration},
                obj=registration,
                question=_("Withdraw %(player)s from round %(round)d on?")
                % {"player": registration, "round": number},
                items=withdrawal_consequences(preview),
                target=request.path,
                hidden=[("from_round", number)],
                action=_("Withdraw"),
                cancel_url=reverse(
                    "admin:tournaments_registration_change", args=(registration.pk,)
                ),
            )
        return self._registration_action(
            request,
            object_id,
            form_class=WithdrawForm,
            field="from_round",
            service=lambda registration, number: registration_withdraw(
                registration=registration, from_round=number, user=staff_user(request)
            ),
            success=_("%(player)s withdrawn from round %(round)d on."),
            invalid=_("Give the first round the player no longer plays."),
        )

    def bye_view(self, request: HttpRequest, object_id: str) -> HttpResponse:
        return self._registration_action(
            request,
            object_id,
            form_class=ByeRequestForm,
            field="round_number",
            service=lambda registration, number: bye_request_add(
                registration=registration, round_number=number, user=staff_user(request)
            ),
            success=_("Half-point bye granted to %(player)s in round %(round)d."),
            invalid=_("Give the round of the half-point bye."),
        )

    def _registration_action(
        self, request, object_id, *, form_class, field, service, success, invalid
    ) -> HttpResponse:
        """A button on the registration page: read the round from the form, call the service,
        report its refusal or its success, and come back to the page."""
        registration = object_or_404(self, request, object_id, change=True)
        form = form_class(request.POST)
        if not form.is_valid():
            messages.error(request, invalid)
            return self._back_to(registration)
        number = form.cleaned_data[field]
        try:
            service(registration, number)
        except TournamentError as exc:
            report_refusal(request, exc)
        else:
            messages.success(request, success % {"player": registration, "round": number})
        return self._back_to(registration)

    def _back_to(self, registration: Registration) -> HttpResponse:
        return HttpResponseRedirect(
            reverse("admin:tournaments_registration_change", args=(registration.pk,))
        )


def withdrawal_consequences(preview: WithdrawalPreview) -> list[str]:
    """The preview as the sentences the organizer reads before confirming."""
    if not preview.round_robin:
        return [
            _(
                "Not paired from round %(round)d on; the results so far stand "
                "(FIDE Tournament Rules, C.06 V.5)."
            )
            % {"round": preview.from_round}
        ]
    rounds = ", ".join(str(n) for n in preview.forfeit_rounds)
    items = [
        _("Rule of the event: %(rule)s") % {"rule": _(preview.rule)},
        _("Games played so far: %(played)d of %(scheduled)d.")
        % {"played": preview.played, "scheduled": preview.scheduled},
    ]
    if rounds:
        items.append(
            _("Games of rounds %(rounds)s: forfeits, won by the opponents.") % {"rounds": rounds}
        )
    if preview.annulled:
        items.append(
            _(
                "All the player's games are annulled for the standings: neither the "
                "player's points nor the points scored against the player count (the "
                "results stay in the crosstable)."
            )
        )
    else:
        items.append(_("The player's results stand and count in the standings."))
    return items

"""Players: search and filters, CSV import, registration of the selected players in an event."""

from io import StringIO

from django.contrib import admin, messages
from django.core.exceptions import PermissionDenied
from django.http import HttpRequest, HttpResponse, HttpResponseRedirect
from django.urls import path, reverse
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

from tournaments.admin.history import AuditedAdmin
from tournaments.admin.pages import render_page
from tournaments.admin.scoping import organized_events
from tournaments.forms import PlayersCsvImportForm, RegisterPlayersForm
from tournaments.models import Player
from tournaments.services.errors import ImportFormatError, TournamentError
from tournaments.services.players import CSV_COLUMNS, player_create, players_import_csv
from tournaments.services.registrations import registration_add


@admin.register(Player)
class PlayerAdmin(AuditedAdmin):
    list_display = ("last_name", "first_name", "federation", "title", "rating", "club", "fmjd_id")
    list_filter = ("federation", "title", "club")
    search_fields = ("last_name", "first_name", "fmjd_id", "national_id", "club")
    actions = ("register_in_event",)
    change_list_template = "admin/tournaments/player/change_list.html"
    #: Contact details and birth date appear only on the player's own form.
    fieldsets = (
        (None, {"fields": ("last_name", "first_name", "federation", "title", "rating", "club")}),
        (gettext_lazy("Identifiers"), {"fields": ("fmjd_id", "national_id", "user")}),
        (gettext_lazy("Contact (private)"), {"fields": ("email", "phone", "birth_date")}),
    )

    def get_urls(self):
        return [
            path(
                "import/",
                self.admin_site.admin_view(self.import_view),
                name="tournaments_player_import",
            ),
            *super().get_urls(),
        ]

    def save_form(self, request: HttpRequest, form, change: bool) -> Player:
        """A new player is created by player_create (then saved already)."""
        if change:
            return super().save_form(request, form, change)
        return player_create(user=request.user, **form.cleaned_data)

    def save_model(self, request: HttpRequest, obj: Player, form, change: bool) -> None:
        if change:
            super().save_model(request, obj, form, change)

    def save_related(self, request: HttpRequest, form, formsets, change: bool) -> None:
        if change:
            super().save_related(request, form, formsets, change)

    def import_view(self, request: HttpRequest) -> HttpResponse:
        """Upload a CSV file; report the players created and updated and each line refused."""
        if not (self.has_add_permission(request) and self.has_change_permission(request)):
            raise PermissionDenied
        report = None
        form = PlayersCsvImportForm(request.POST or None, request.FILES or None)
        if request.method == "POST" and form.is_valid():
            try:
                report = players_import_csv(StringIO(form.cleaned_data["file"]), user=request.user)
            except ImportFormatError as exc:
                form.add_error("file", str(exc))
        return render_page(
            self,
            request,
            "tournaments/admin/player_import.html",
            title=_("Import players from a CSV file"),
            form=form,
            report=report,
            columns=CSV_COLUMNS,
        )

    @admin.action(description=gettext_lazy("Register the selected players in an event"))
    def register_in_event(self, request: HttpRequest, queryset) -> HttpResponse | None:
        """Intermediate page: choose the event, then each player is entered by the service."""
        events = organized_events(request)
        form = RegisterPlayersForm(request.POST if "apply" in request.POST else None, events=events)
        if form.is_valid():
            event = form.cleaned_data["event"]
            registered = 0
            for player in queryset:
                try:
                    registration_add(event=event, player=player, user=request.user)
                except TournamentError as exc:
                    messages.error(request, str(exc))
                else:
                    registered += 1
            messages.success(
                request,
                _("%(count)d player(s) registered in %(event)s.")
                % {"count": registered, "event": event},
            )
            return HttpResponseRedirect(reverse("admin:tournaments_event_change", args=(event.pk,)))
        return render_page(
            self,
            request,
            "tournaments/admin/player_register.html",
            title=_("Register players in an event"),
            form=form,
            players=queryset,
            action_checkbox_name=admin.helpers.ACTION_CHECKBOX_NAME,
        )

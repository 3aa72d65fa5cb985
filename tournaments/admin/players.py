"""Players: search and filters, CSV import, registration of the selected players in an event,
the possible duplicates and their merge (a preview, then the merge once confirmed).

A player belongs to the events they are registered in (tournaments.access.player_access):
the player is changed only by whoever manages all of them; everyone else sees the public
fields, read-only, with a message naming the events that stand in the way. The contact
details, birth date and login account are shown only to those tournaments.access.sees_private
lets read them, and no list filters, searches or sorts on them (tournaments.admin.privacy).
"""

from django import forms
from django.contrib import admin, messages
from django.contrib.admin.utils import unquote
from django.core.exceptions import PermissionDenied
from django.http import Http404, HttpRequest, HttpResponse, HttpResponseRedirect, JsonResponse
from django.urls import path, reverse
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

from tournaments import hooks
from tournaments.access import (
    PRIVATE_FIELDS,
    PlayerAccess,
    changeable_players,
    linkable_accounts,
    may_merge_players,
    player_access,
    player_refusal,
    private_refusal,
)
from tournaments.admin.history import AuditedAdmin
from tournaments.admin.hooked_actions import with_hooked_actions
from tournaments.admin.import_jobs import (
    import_job_confirmed,
    import_job_context,
    import_job_for,
    import_job_imported,
    import_job_paths,
    import_job_status,
)
from tournaments.admin.pages import register_players, render_page, staff_user
from tournaments.admin.scoping import organized_events
from tournaments.forms import PlayersCsvImportForm, RegisterPlayersForm
from tournaments.imports.models import ImportJob
from tournaments.imports.services import import_job_start
from tournaments.models import Player
from tournaments.names import name_contains, person_order
from tournaments.selectors.duplicates import (
    duplicate_pairs,
    merge_moves,
    player_events,
)
from tournaments.services.errors import PlayerMergeError
from tournaments.services.players import player_create
from tournaments.services.players_import import (
    CREATE,
    CSV_COLUMNS,
    PLAYERS_IMPORT,
    REFUSED,
    UNCHANGED,
    UPDATE,
    import_summary_of,
)
from tournaments.services.players_merge import merge_refusal, merged_fields, players_merge


@admin.register(Player)
class PlayerAdmin(AuditedAdmin):
    list_display = ("last_name", "first_name", "federation", "title", "rating", "club", "fmjd_id")
    list_filter = ("federation", "title", "club")
    search_fields = ("last_name", "first_name", "fmjd_id", "national_id", "club")
    ordering = person_order()
    actions = ("register_in_event",)
    change_list_template = "admin/tournaments/player/change_list.html"
    #: Contact details and birth date appear only on the player's own form.
    fieldsets = (
        (None, {"fields": ("last_name", "first_name", "federation", "title", "rating", "club")}),
        (gettext_lazy("Identifiers"), {"fields": ("fmjd_id", "national_id", "user")}),
        (gettext_lazy("Contact (private)"), {"fields": ("email", "phone", "birth_date")}),
    )

    def access(self, request: HttpRequest, obj: Player | None) -> PlayerAccess | None:
        """The user's rights on `obj` (memoised for the request), None for a new player."""
        if obj is None or obj.pk is None:
            return None
        answers = request.__dict__.setdefault("_player_access", {})
        if obj.pk not in answers:
            answers[obj.pk] = player_access(request.user, obj)
        return answers[obj.pk]

    def get_form(
        self, request: HttpRequest, obj: Player | None = None, change: bool = False, **kwargs
    ):
        """The login account offered are those a player may be linked to
        (tournaments.access.linkable_accounts): no official's, none linked elsewhere."""
        form = super().get_form(request, obj, change=change, **kwargs)
        account = form.base_fields.get("user")
        if isinstance(account, forms.ModelChoiceField):
            account.queryset = linkable_accounts(obj)
        return form

    def get_actions(self, request: HttpRequest):
        """The list's actions, with those other apps add (tournaments.hooks)."""
        actions = super().get_actions(request)
        return with_hooked_actions(self, actions, hooks.PLAYER_ADMIN_ACTIONS)

    def get_fieldsets(self, request: HttpRequest, obj: Player | None = None):
        rights = self.access(request, obj)
        if rights is None or rights.see_private:
            return super().get_fieldsets(request, obj)
        public = []
        for name, options in super().get_fieldsets(request, obj):
            fields = [f for f in options["fields"] if f not in PRIVATE_FIELDS]
            if fields:
                public.append((name, {**options, "fields": fields}))
        return public

    def has_change_permission(self, request: HttpRequest, obj: Player | None = None) -> bool:
        rights = self.access(request, obj)
        return super().has_change_permission(request, obj) and (rights is None or rights.change)

    def get_search_results(self, request: HttpRequest, queryset, search_term: str):
        """The admin's search, and names found without their exact accents ("lefevre")."""
        found, duplicates = super().get_search_results(request, queryset, search_term)
        if search_term.strip():
            found = found | queryset.filter(
                name_contains(search_term.strip(), "last_name", "first_name", "club")
            )
        return found, duplicates

    def has_delete_permission(self, request: HttpRequest, obj: Player | None = None) -> bool:
        rights = self.access(request, obj)
        return super().has_delete_permission(request, obj) and (rights is None or rights.change)

    def change_view(self, request: HttpRequest, object_id: str, form_url="", extra_context=None):
        """A player the user may not change opens read-only, saying why."""
        obj = self.get_object(request, unquote(object_id))
        rights = self.access(request, obj)
        if rights is not None and not rights.change and request.method == "GET":
            messages.warning(request, player_refusal(obj, rights))
        return super().change_view(request, object_id, form_url, extra_context)

    def history_view(self, request: HttpRequest, object_id: str, extra_context=None):
        self._require_private(request, object_id)
        return super().history_view(request, object_id, extra_context)

    def history_form_view(
        self, request: HttpRequest, object_id: str, version_id: str, extra_context=None
    ):
        self._require_private(request, object_id)
        return super().history_form_view(request, object_id, version_id, extra_context)

    def _require_private(self, request: HttpRequest, object_id: str) -> None:
        """Past versions hold the private fields: only for those who may read them."""
        player = self.get_object(request, unquote(object_id))
        rights = self.access(request, player)
        if player is not None and rights is not None and not rights.see_private:
            raise PermissionDenied(private_refusal(player))

    def get_urls(self):
        return [
            path(
                "import/",
                self.admin_site.admin_view(self.import_view),
                name="tournaments_player_import",
            ),
            *import_job_paths(
                self.admin_site.admin_view,
                name="tournaments_player_import_job",
                page=self.import_job_view,
                status=self.import_job_status_view,
            ),
            path(
                "duplicates/",
                self.admin_site.admin_view(self.duplicates_view),
                name="tournaments_player_duplicates",
            ),
            path(
                "merge/<int:keep>/<int:remove>/",
                self.admin_site.admin_view(self.merge_view),
                name="tournaments_player_merge",
            ),
            *super().get_urls(),
        ]

    def save_form(self, request: HttpRequest, form, change: bool) -> Player:
        """A new player is created by player_create (then saved already)."""
        if change:
            return super().save_form(request, form, change)
        return player_create(form.cleaned_data, user=staff_user(request))

    def save_model(self, request: HttpRequest, obj: Player, form, change: bool) -> None:
        if change:
            super().save_model(request, obj, form, change)

    def save_related(self, request: HttpRequest, form, formsets, change: bool) -> None:
        if change:
            super().save_related(request, form, formsets, change)

    def may_import(self, request: HttpRequest) -> bool:
        """The permissions to add and change players (which players a line may change, and
        whose private fields it may give, the preview decides: tournaments.access)."""
        return self.has_add_permission(request) and self.has_change_permission(request)

    def import_view(self, request: HttpRequest) -> HttpResponse:
        """Upload a CSV file: it is stored and its preview (per line, what would be created,
        changed old → new, or refused) runs as a job (tournaments.imports); the answer is at
        once the job's page. The players are written only when the organizer confirms."""
        if not self.may_import(request):
            raise PermissionDenied
        upload = PlayersCsvImportForm()
        if request.method == "POST":
            upload = PlayersCsvImportForm(request.POST, request.FILES)
            if upload.is_valid():
                file = request.FILES.get("file")
                job = import_job_start(
                    kind=PLAYERS_IMPORT,
                    data=upload.cleaned_data["file"],
                    file_name=str(getattr(file, "name", "")),
                    parameters={},
                    user=staff_user(request),
                )
                return HttpResponseRedirect(
                    reverse("admin:tournaments_player_import_job", args=(job.pk,))
                )
        return self._import_render(request, upload)

    def _import_render(self, request: HttpRequest, upload, **context) -> HttpResponse:
        plan = context.get("plan") or {}
        counts = plan.get("counts", {})
        return render_page(
            self,
            request,
            "tournaments/admin/player_import.html",
            title=_("Import players from a CSV file"),
            form=upload,
            upload_url=reverse("admin:tournaments_player_import"),
            columns=CSV_COLUMNS,
            plan_created=counts.get(CREATE, 0),
            plan_updated=counts.get(UPDATE, 0),
            plan_unchanged=counts.get(UNCHANGED, 0),
            plan_refused=counts.get(REFUSED, 0),
            **context,
        )

    def _import_job(self, request: HttpRequest, job_id: int) -> ImportJob:
        return import_job_for(
            request, kind=PLAYERS_IMPORT, job_id=job_id, allowed=self.may_import(request)
        )

    def import_job_view(self, request: HttpRequest, job_id: int) -> HttpResponse:
        """The job's progress; once previewed, the preview and its confirmation (which
        queues the import itself); once imported, the players' list."""
        job = self._import_job(request, job_id)
        if request.method == "POST" and "confirm" in request.POST:
            return import_job_confirmed(request, job)
        if import_job_imported(job):
            messages.success(request, import_summary_of(**job.result))
            return HttpResponseRedirect(reverse("admin:tournaments_player_changelist"))
        context = import_job_context(
            request, job, status_name="admin:tournaments_player_import_job_status"
        )
        return self._import_render(request, PlayersCsvImportForm(), **context)

    def import_job_status_view(self, request: HttpRequest, job_id: int) -> JsonResponse:
        """The job's state for its page's progress bar."""
        return import_job_status(self._import_job(request, job_id))

    def duplicates_view(self, request: HttpRequest) -> HttpResponse:
        """The pairs of players proposed for merging, among those the user may change."""
        if not (self.has_change_permission(request) and self.has_delete_permission(request)):
            raise PermissionDenied
        return render_page(
            self,
            request,
            "tournaments/admin/player_duplicates.html",
            title=_("Possible duplicates"),
            pairs=duplicate_pairs(changeable_players(request.user)),
        )

    def merge_view(self, request: HttpRequest, keep: int, remove: int) -> HttpResponse:
        """The preview of a merge (both players' fields, what moves, or why it is refused),
        and the merge once the organizer confirms it."""
        players = Player.objects.in_bulk([keep, remove])
        if keep not in players or remove not in players:
            raise Http404(_("No such player."))
        kept, removed = players[keep], players[remove]
        for player in (kept, removed):
            rights = player_access(request.user, player)
            if not rights.change:
                raise PermissionDenied(player_refusal(player, rights))
        if not may_merge_players(request.user, kept, removed):
            raise PermissionDenied
        if request.method == "POST" and "confirm" in request.POST:
            try:
                players_merge(keep=kept, remove=removed, user=staff_user(request))
            except PlayerMergeError as exc:
                messages.error(request, str(exc))
            else:
                messages.success(
                    request,
                    _("%(remove)s was merged into %(keep)s.") % {"remove": removed, "keep": kept},
                )
                return HttpResponseRedirect(
                    reverse("admin:tournaments_player_change", args=[kept.pk])
                )
        private = all(player_access(request.user, p).see_private for p in (kept, removed))
        filled = merged_fields(kept, removed)
        rows = [
            (
                field.verbose_name,
                _shown(kept, field.attname),
                _shown(removed, field.attname),
                field.attname in filled,
            )
            for field in Player._meta.concrete_fields
            if field.name not in {"id", "search_name"}
            and (private or field.name not in PRIVATE_FIELDS)
        ]
        return render_page(
            self,
            request,
            "tournaments/admin/player_merge.html",
            title=_("Merge two players"),
            keep=kept,
            remove=removed,
            rows=rows,
            private=private,
            moves=merge_moves(removed),
            keep_events=player_events(kept),
            remove_events=player_events(removed),
            refusal=merge_refusal(kept, removed),
        )

    @admin.action(description=gettext_lazy("Register the selected players in an event"))
    def register_in_event(self, request: HttpRequest, queryset) -> HttpResponse | None:
        """Intermediate page: choose the event, then each player is entered by the service."""
        events = organized_events(request)
        form = RegisterPlayersForm(request.POST if "apply" in request.POST else None, events=events)
        if form.is_valid():
            return register_players(request, form.cleaned_data["event"], queryset)
        return render_page(
            self,
            request,
            "tournaments/admin/player_register.html",
            title=_("Register players in an event"),
            form=form,
            players=queryset,
            action_checkbox_name=admin.helpers.ACTION_CHECKBOX_NAME,
        )


def _shown(player: Player, attname: str) -> str:
    """A field of `player` as the merge preview shows it: "" for an empty one."""
    value = getattr(player, attname)
    if attname == "user_id":
        return str(player.user) if player.user_id else ""
    if value in (None, "", 0) and attname != "rating":
        return ""
    return str(value)

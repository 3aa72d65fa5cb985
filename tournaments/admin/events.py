"""Events: settings, registrations and prohibited pairings, pairing the next round, standings."""

from functools import partial
from typing import ClassVar

from django.conf import settings
from django.contrib import admin, messages
from django.contrib.auth import get_user_model
from django.db.models import Count, Prefetch, Q
from django.http import HttpRequest, HttpResponse, HttpResponseRedirect
from django.urls import path, reverse
from django.utils import translation
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy
from django.views.decorators.http import require_POST

from config.celery import app as celery_app
from tournaments import hooks
from tournaments.admin.history import AuditedAdmin
from tournaments.admin.hooked_actions import with_hooked_actions
from tournaments.admin.pages import (
    delete_through,
    object_or_404,
    register_players,
    render_page,
    report_refusal,
    staff_user,
)
from tournaments.admin.scoping import EventScopedMixin, ScopedAdmin
from tournaments.forms import (
    EventForm,
    EventRegisterForm,
    PairingNumbersForm,
    ProhibitedPairingForm,
    StandingsRoundForm,
)
from tournaments.models import (
    SCORING_FIELDS,
    ByeRequest,
    Event,
    Player,
    ProhibitedPairing,
    Registration,
    RoundStatus,
    RoundTime,
    TeamCompetition,
)
from tournaments.names import name_contains, person_order
from tournaments.ratings.admin import rating_report_csv, rating_report_view, rating_report_xlsx
from tournaments.scoring.matches import MATCH_POINTS_RULE
from tournaments.scoring.rating_groups import group_standings
from tournaments.selectors.standings import standings_get
from tournaments.services.errors import TournamentError
from tournaments.services.events import (
    FIXED_ONCE_PAIRED,
    event_create,
    event_publish,
    event_unpublish,
    event_update,
)
from tournaments.services.pairing_numbers import pairing_numbers_draw, pairing_numbers_fix
from tournaments.services.registrations import (
    prohibited_pairing_add,
    prohibited_pairing_delete,
    team_labels_set,
)
from tournaments.services.rounds import round_pair, round_pair_queue
from tournaments.services.schedule import round_time_set
from tournaments.trf.admin import trf_export_view, trf_import_view
from tournaments.values import ScoringSystem


class RegistrationInline(EventScopedMixin, admin.TabularInline):
    """The event's players, read-only here but for their team label (written through
    team_labels_set); each links to its registration page (withdrawal, half-point bye
    requests)."""

    model = Registration
    fields = (
        "pairing_number",
        "player",
        "rating",
        "team_label",
        "joined_round",
        "missed_rounds_half_point",
        "withdrawn_from_round",
        "bye_rounds",
    )
    readonly_fields = tuple(name for name in fields if name != "team_label")

    def get_readonly_fields(self, request: HttpRequest, obj=None):
        """Team labels are written for an event that ranks teams or keeps team mates apart
        (an ordinary event's form stays as small as it was), and are fixed once round 1 is
        paired in an event that never pairs team mates (team_labels_set). The stored settings
        decide, not the form's: an invalid form has set its own on ``obj`` by the time the
        inline is drawn, and the inline must be drawn as it was built."""
        stored = None
        if obj is not None:
            stored = (
                Event.objects.filter(pk=obj.pk)
                .values_list("team_score_members", "never_pair_team_mates")
                .first()
            )
        if stored is None or not any(stored):
            return self.fields
        if stored[1] and obj.rounds.exists():
            return self.fields
        return self.readonly_fields

    show_change_link = True
    can_delete = False
    extra = 0
    verbose_name_plural = gettext_lazy("registrations (add players from the player list)")

    def get_queryset(self, request: HttpRequest):
        byes = Prefetch("bye_requests", queryset=ByeRequest.objects.order_by("round_number"))
        return super().get_queryset(request).select_related("player").prefetch_related(byes)

    def has_add_permission(self, request: HttpRequest, obj=None) -> bool:
        return False

    @admin.display(description=gettext_lazy("half-point byes in rounds"))
    def bye_rounds(self, registration: Registration) -> str:
        return ", ".join(str(bye.round_number) for bye in registration.bye_requests.all())


class ProhibitedPairingInline(EventScopedMixin, admin.TabularInline):
    """Players who must not meet; entered and lifted through prohibited_pairing_add and
    prohibited_pairing_delete (before round 1)."""

    model = ProhibitedPairing
    form = ProhibitedPairingForm
    fk_name = "event"
    extra = 0
    fields = ("first", "second", "reason", "note")

    def get_readonly_fields(self, request: HttpRequest, obj=None):
        return self.fields if obj is not None and obj.rounds.exists() else ()

    def has_add_permission(self, request: HttpRequest, obj=None) -> bool:
        return (
            obj is not None and not obj.rounds.exists() and super().has_add_permission(request, obj)
        )

    def has_delete_permission(self, request: HttpRequest, obj=None) -> bool:
        return (
            obj is not None
            and not obj.rounds.exists()
            and super().has_delete_permission(request, obj)
        )

    def get_queryset(self, request: HttpRequest):
        return super().get_queryset(request).select_related("first__player", "second__player")

    def get_formset(self, request: HttpRequest, obj=None, **kwargs):
        formset = super().get_formset(request, obj, **kwargs)
        if obj is not None:
            players = obj.registrations.select_related("player").order_by("pairing_number")
            for name in ("first", "second"):
                if name in formset.form.base_fields:  # absent when shown read-only
                    formset.form.base_fields[name].queryset = players
        return formset


class RoundTimeInline(EventScopedMixin, admin.TabularInline):
    """When each round starts (the schedule), written through round_time_set: a changed time
    raises the round's calendar sequence."""

    model = RoundTime
    fk_name = "event"
    extra = 1
    fields = ("number", "starts_at")


#: Players listed at once on an event's registration page (a search narrows the list).
REGISTER_LIST_LIMIT = 200


@admin.register(Event)
class EventAdmin(ScopedAdmin, AuditedAdmin):
    event_path = ""
    form = EventForm
    list_display = (
        "name",
        "published",
        "system",
        "variant",
        "start_date",
        "end_date",
        "venue",
        "rounds_count",
    )
    list_filter = ("published", "system", "variant", "start_date")
    search_fields = ("name", "slug", "venue")
    prepopulated_fields: ClassVar[dict[str, tuple[str, ...]]] = {"slug": ("name",)}
    date_hierarchy = "start_date"
    filter_horizontal = ("organizers", "arbiters")
    inlines = (RegistrationInline, ProhibitedPairingInline, RoundTimeInline)
    change_form_template = "admin/tournaments/event/change_form.html"
    fieldsets = (
        (
            None,
            {
                "fields": (
                    "name",
                    "slug",
                    "published",
                    "variant",
                    ("start_date", "end_date"),
                    "venue",
                    "chief_arbiter",
                    "language",
                    "organizers",
                    "arbiters",
                )
            },
        ),
        (
            gettext_lazy("Pairing system"),
            {
                "fields": (
                    "system",
                    "number_of_rounds",
                    "swiss_ordering",
                    "swiss_rules",
                    "swap_last_two",
                    "games_per_pairing",
                    "first_colour",
                )
            },
        ),
        (gettext_lazy("Scoring"), {"fields": tuple(SCORING_FIELDS.values())}),
        (
            gettext_lazy("Ranking"),
            {
                "fields": ("ranking", "tiebreaks", "withdrawal_rule"),
                "description": gettext_lazy(MATCH_POINTS_RULE),
            },
        ),
        (
            gettext_lazy("Team ranking"),
            {"fields": ("team_score_members", "never_pair_team_mates")},
        ),
        (gettext_lazy("Opening ballot"), {"fields": ("ballot_deck", "ballot_policy")}),
        (
            gettext_lazy("Ratings"),
            {"fields": ("rating_policy", "rating_list_date", "rating_k", "rating_groups")},
        ),
    )

    def get_queryset(self, request: HttpRequest):
        return super().get_queryset(request).annotate(rounds_total=Count("rounds"))

    @admin.display(description=gettext_lazy("rounds paired"), ordering="rounds_total")
    def rounds_count(self, event: Event) -> int:
        return event.rounds_total

    def formfield_for_manytomany(self, db_field, request: HttpRequest, **kwargs):
        if db_field.name == "organizers":
            kwargs["queryset"] = get_user_model().objects.filter(is_staff=True)
            kwargs["required"] = False
            kwargs["help_text"] = _("Staff users who manage the event; its creator is added.")
        if db_field.name == "arbiters":
            kwargs["queryset"] = get_user_model().objects.filter(is_active=True)
            kwargs["required"] = False
            kwargs["help_text"] = _("Users who arbitrate the event (draws, disputes).")
        return super().formfield_for_manytomany(db_field, request, **kwargs)

    def get_actions(self, request: HttpRequest):
        """The list's actions, with those the rooms add (tournaments.hooks)."""
        actions = super().get_actions(request)
        return with_hooked_actions(self, actions, hooks.EVENT_ADMIN_ACTIONS)

    def get_changeform_initial_data(self, request: HttpRequest) -> dict:
        """A new event's documents are proposed in the organizer's language (the admin's)."""
        initial = super().get_changeform_initial_data(request)
        language = translation.get_language()
        if language in dict(settings.LANGUAGES):
            initial.setdefault("language", language)
        return initial

    def get_inline_instances(self, request: HttpRequest, obj=None):
        """A new event's page offers its rounds' times only (its players are registered
        once it exists)."""
        inlines = super().get_inline_instances(request, obj)
        if obj is None:
            return [inline for inline in inlines if isinstance(inline, RoundTimeInline)]
        return inlines

    def save_form(self, request: HttpRequest, form, change: bool) -> Event:
        """A new event is created by event_create (then saved already, organizers set)."""
        if change:
            return super().save_form(request, form, change)
        data = dict(form.cleaned_data)
        scoring = ScoringSystem(
            **{attribute: data.pop(name) for attribute, name in SCORING_FIELDS.items()}
        )
        arbiters = data.pop("arbiters", [])
        event = event_create(
            user=staff_user(request), scoring=scoring, organizers=data.pop("organizers"), **data
        )
        event.arbiters.set(arbiters)
        # The rounds' times typed on the same page are the created event's (save_related).
        form.instance = event
        return event

    def get_readonly_fields(self, request: HttpRequest, obj=None):
        """Published or not is changed by the Publish and Unpublish buttons only; once a
        round exists the settings event_update refuses to change are shown only."""
        if obj is not None and obj.rounds.exists():
            return ("published", *FIXED_ONCE_PAIRED)
        return ("published",)

    def save_model(self, request: HttpRequest, obj: Event, form, change: bool) -> None:
        """A change goes through event_update (fields the form changed, organizers apart)."""
        if change:
            many = {field.name for field in Event._meta.many_to_many}
            changes = {n: form.cleaned_data[n] for n in form.changed_data if n not in many}
            event_update(event=obj, user=staff_user(request), **changes)

    def changeform_view(self, request, object_id=None, form_url="", extra_context=None):
        """A change refused by event_update (a round paired meanwhile) is an error message."""
        try:
            return super().changeform_view(request, object_id, form_url, extra_context)
        except TournamentError as exc:
            report_refusal(request, exc)
            return HttpResponseRedirect(request.get_full_path())

    def save_related(self, request: HttpRequest, form, formsets, change: bool) -> None:
        """On creation event_create already set the organizers (the creator among them)."""
        if change:
            form.save_m2m()
        for formset in formsets:
            self.save_formset(request, form, formset, change)

    def save_formset(self, request: HttpRequest, form, formset, change: bool) -> None:
        if formset.model is Registration:
            self._save_team_labels(request, form.instance, formset)
            return
        if formset.model is RoundTime:
            self._save_round_times(request, form.instance, formset)
            return
        if formset.model is not ProhibitedPairing:
            super().save_formset(request, form, formset, change)
            return
        delete_through(
            request,
            formset,
            lambda prohibited: prohibited_pairing_delete(
                prohibited=prohibited, user=staff_user(request)
            ),
        )
        for inline_form in formset.extra_forms:
            if not inline_form.has_changed() or inline_form in formset.deleted_forms:
                continue
            data = inline_form.cleaned_data
            try:
                prohibited = prohibited_pairing_add(
                    first=data["first"],
                    second=data["second"],
                    reason=data["reason"],
                    note=data["note"],
                    user=staff_user(request),
                )
            except TournamentError as exc:
                report_refusal(request, exc)
            else:
                formset.new_objects.append(prohibited)

    def _save_round_times(self, request: HttpRequest, event: Event, formset) -> None:
        """The rounds' times through round_time_set (a deleted row: the round has no time)."""
        formset.new_objects, formset.changed_objects, formset.deleted_objects = [], [], []
        for inline_form in formset.forms:
            if not inline_form.has_changed() and inline_form not in formset.deleted_forms:
                continue
            data = inline_form.cleaned_data
            if not data:
                continue
            deleted = inline_form in formset.deleted_forms
            try:
                if deleted and inline_form.instance.pk is not None:
                    round_time_set(
                        event=event,
                        number=inline_form.instance.number,
                        starts_at=None,
                        user=staff_user(request),
                    )
                    formset.deleted_objects.append(inline_form.instance)
                elif not deleted:
                    if inline_form.instance.pk is not None and "number" in inline_form.changed_data:
                        round_time_set(
                            event=event,
                            number=inline_form.initial["number"],
                            starts_at=None,
                            user=staff_user(request),
                        )
                    saved = round_time_set(
                        event=event,
                        number=data["number"],
                        starts_at=data["starts_at"],
                        user=staff_user(request),
                    )
                    formset.changed_objects.append((saved, inline_form.changed_data))
            except TournamentError as exc:
                report_refusal(request, exc)

    def _save_team_labels(self, request: HttpRequest, event: Event, formset) -> None:
        """The team labels changed in the registrations' inline, through team_labels_set
        (which may refuse: the refusal is shown)."""
        formset.new_objects, formset.changed_objects, formset.deleted_objects = [], [], []
        labels = {
            inline_form.instance.pk: inline_form.cleaned_data["team_label"]
            for inline_form in formset.initial_forms
            if "team_label" in inline_form.changed_data
        }
        if not labels:
            return
        try:
            changed = team_labels_set(event=event, labels=labels, user=staff_user(request))
        except TournamentError as exc:
            report_refusal(request, exc)
        else:
            formset.changed_objects = [(r, ["team_label"]) for r in changed]

    def get_urls(self):
        view = self.admin_site.admin_view
        return [
            path(
                "<path:object_id>/pair-next-round/",
                view(require_POST(self.pair_next_round_view)),
                name="tournaments_event_pair_next_round",
            ),
            path(
                "<path:object_id>/publish/",
                view(require_POST(self.publish_view)),
                name="tournaments_event_publish",
            ),
            path(
                "<path:object_id>/unpublish/",
                view(self.unpublish_view),
                name="tournaments_event_unpublish",
            ),
            path(
                "<path:object_id>/draw-numbers/",
                view(self.pairing_numbers_view),
                name="tournaments_event_draw_numbers",
            ),
            path(
                "<path:object_id>/keep-numbers/",
                view(partial(self.pairing_numbers_view, by_hand=True)),
                name="tournaments_event_keep_numbers",
            ),
            path(
                "<path:object_id>/standings/",
                view(self.standings_view),
                name="tournaments_event_standings",
            ),
            path(
                "<path:object_id>/register/",
                view(self.register_view),
                name="tournaments_event_register",
            ),
            path(
                "import-trf/",
                view(partial(trf_import_view, self)),
                name="tournaments_event_trf_import",
            ),
            path(
                "<path:object_id>/rating-report/",
                view(partial(rating_report_view, self)),
                name="tournaments_event_rating_report",
            ),
            path(
                "<path:object_id>/rating-report.csv",
                view(partial(rating_report_csv, self)),
                name="tournaments_event_rating_report_csv",
            ),
            path(
                "<path:object_id>/rating-report.xlsx",
                view(partial(rating_report_xlsx, self)),
                name="tournaments_event_rating_report_xlsx",
            ),
            path(
                "<path:object_id>/export.trf",
                view(partial(trf_export_view, self)),
                name="tournaments_event_trf",
            ),
            *super().get_urls(),
        ]

    def publish_view(self, request: HttpRequest, object_id: str) -> HttpResponse:
        """Publish the event: listed on the public site and the API, its pages open to all."""
        event = object_or_404(self, request, object_id, change=True)
        event_publish(event=event, user=staff_user(request))
        messages.success(
            request,
            _("%(event)s is published: everyone can see its pages.") % {"event": event},
        )
        return HttpResponseRedirect(reverse("admin:tournaments_event_change", args=(event.pk,)))

    def unpublish_view(self, request: HttpRequest, object_id: str) -> HttpResponse:
        """Take the event back to a draft, after a confirmation: whoever follows its pages
        loses them."""
        event = object_or_404(self, request, object_id, change=True)
        change_page = reverse("admin:tournaments_event_change", args=(event.pk,))
        if request.method != "POST" or "confirmed" not in request.POST:
            question = _("Unpublish %(event)s?") % {"event": event}
            return render_page(
                self,
                request,
                "tournaments/admin/round_confirm.html",
                title=question,
                obj=event,
                question=question,
                items=[
                    _(
                        "Its pages will answer “not found” to everyone but its organizers and "
                        "arbiters: players and spectators following it lose them until you "
                        "publish it again."
                    )
                ],
                action=_("Unpublish"),
                target=request.path,
                cancel_url=change_page,
            )
        event_unpublish(event=event, user=staff_user(request))
        messages.success(
            request,
            _("%(event)s is a draft again: only its organizers and arbiters see it.")
            % {"event": event},
        )
        return HttpResponseRedirect(change_page)

    def pairing_numbers_view(
        self, request: HttpRequest, object_id: str, by_hand: bool = False
    ) -> HttpResponse:
        """Draw a round robin's pairing numbers by lot (pairing_numbers_draw) or keep the ones
        set by hand (pairing_numbers_fix), after a confirmation that says the whole schedule
        becomes public and, when they are already drawn, that this draws them again. By hand,
        the page is a form with each player's number, prefilled with the current ones."""
        event = object_or_404(self, request, object_id, change=True)
        change_page = reverse("admin:tournaments_event_change", args=(event.pk,))
        form = None
        if by_hand:
            registrations = event.registrations.select_related("player").order_by("pairing_number")
            data = request.POST if request.method == "POST" else None
            form = PairingNumbersForm(data, registrations=registrations)
        confirmed = request.method == "POST" and "confirmed" in request.POST
        if not confirmed or (form is not None and not form.is_valid()):
            question = (
                _("Keep the pairing numbers of %(event)s as set by hand?")
                if by_hand
                else _("Draw the pairing numbers of %(event)s by lot?")
            ) % {"event": event}
            items = [
                _(
                    "Round 1 will keep these numbers, and every round's pairings and colours "
                    "follow from them (Berger tables): the whole schedule is shown on the "
                    "event's page."
                )
            ]
            if event.pairing_number_draws.exists():
                items.append(_("The numbers are already drawn: this replaces them."))
            return render_page(
                self,
                request,
                "tournaments/admin/pairing_numbers_form.html"
                if by_hand
                else "tournaments/admin/round_confirm.html",
                title=question,
                obj=event,
                question=question,
                items=items,
                form=form,
                action=_("Keep the numbers") if by_hand else _("Draw the numbers"),
                target=request.path,
                cancel_url=change_page,
            )
        try:
            if form is not None:
                draw = pairing_numbers_fix(
                    event=event, user=staff_user(request), numbers=form.numbers(), redraw=True
                )
            else:
                draw = pairing_numbers_draw(event=event, user=staff_user(request), redraw=True)
        except TournamentError as exc:
            report_refusal(request, exc)
        else:
            message = (
                _("The pairing numbers of %(event)s are kept as set; the schedule is public.")
                if by_hand
                else _(
                    "The pairing numbers of %(event)s are drawn (seed %(seed)s); "
                    "the schedule is public."
                )
            )
            messages.success(request, message % {"event": event, "seed": draw.seed})
        return HttpResponseRedirect(change_page)

    def register_view(self, request: HttpRequest, object_id: str) -> HttpResponse:
        """Register players from the event's page: search, tick, register (each entry made by
        registration_add, which gives the pairing number or the late-entry round)."""
        event = object_or_404(self, request, object_id, change=request.method == "POST")
        query = request.GET.get("q", "").strip()
        candidates = Player.objects.exclude(registrations__event=event)
        if query:
            candidates = candidates.filter(
                name_contains(query, "last_name", "first_name", "club") | Q(fmjd_id=query)
            )
        total = candidates.count()
        ordered = candidates.order_by(*person_order())
        first = list(ordered[:REGISTER_LIST_LIMIT])
        candidates = Player.objects.filter(pk__in=[player.pk for player in first])
        form = EventRegisterForm(request.POST or None, players=candidates)
        if request.method == "POST" and form.is_valid():
            return register_players(request, event, form.cleaned_data["players"])
        return render_page(
            self,
            request,
            "tournaments/admin/event_register.html",
            title=_("Register players in %(event)s") % {"event": event},
            obj=event,
            form=form,
            query=query,
            total=total,
            limited=total > REGISTER_LIST_LIMIT,
            limit=REGISTER_LIST_LIMIT,
        )

    def pair_next_round_view(self, request: HttpRequest, object_id: str) -> HttpResponse:
        """Pair the next round as a draft: in this request, or in a Celery worker when a broker
        is configured (the round page then shows the boards once the worker is done)."""
        event = object_or_404(self, request, object_id, change=True)
        competition = TeamCompetition.objects.filter(event=event).first()
        if competition is not None:
            # A team competition's rounds are run on its team round page.
            return HttpResponseRedirect(
                reverse("admin:tournaments_teamcompetition_round", args=(competition.pk,))
            )
        queued = not celery_app.conf.task_always_eager
        pair = round_pair_queue if queued else round_pair
        try:
            round_ = pair(event=event, user=staff_user(request))
        except TournamentError as exc:
            report_refusal(request, exc)
            return HttpResponseRedirect(reverse("admin:tournaments_event_change", args=(event.pk,)))
        if queued:
            messages.info(
                request,
                _("Round %(number)d is being paired by a worker; reload this page in a moment.")
                % {"number": round_.number},
            )
        else:
            messages.success(
                request,
                _("Round %(number)d paired as a draft: review it, then publish it.")
                % {"number": round_.number},
            )
        return HttpResponseRedirect(reverse("admin:tournaments_round_change", args=(round_.pk,)))

    def standings_view(self, request: HttpRequest, object_id: str) -> HttpResponse:
        """The ranking after a chosen round with every tie-break value."""
        event = object_or_404(self, request, object_id, change=False)
        rounds = list(
            event.rounds.exclude(status=RoundStatus.DRAFT)
            .order_by("number")
            .values_list("number", flat=True)
        )
        form = StandingsRoundForm(request.GET or None, rounds=rounds)
        after = rounds[-1] if rounds else 0
        if rounds and form.is_valid():
            after = form.cleaned_data["after_round"]
        else:  # the picker shows the round displayed
            form = StandingsRoundForm(initial={"after_round": after}, rounds=rounds)
        rows = standings_get(event, after_round=after) if rounds else []
        return render_page(
            self,
            request,
            "tournaments/admin/standings.html",
            title=_("Standings of %(event)s") % {"event": event},
            obj=event,
            form=form,
            lines=[(row, [row.tiebreaks.get(code) for code in event.tiebreaks]) for row in rows],
            tiebreaks=list(event.tiebreaks),
            after_round=after,
            groups=group_standings(rows, event.rating_groups),
        )

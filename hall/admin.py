"""The hall in the admin: each event's check-in rule (its organizer's), and the check-in page
of the open round: who checked in, who is missing, each player's PIN for the hall's tablet
(a list to print), a player checked in or marked absent, and the missing ones marked absent
in one action."""

from django.contrib import admin
from django.db.models import QuerySet
from django.http import HttpRequest, HttpResponse, HttpResponseRedirect
from django.shortcuts import get_object_or_404
from django.urls import path, reverse
from django.utils.html import format_html
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy, ngettext

from hall.models import CheckInRule, CheckInStatus
from hall.selectors import check_in_list, check_in_round, kiosk_pin
from hall.services import (
    check_in_record,
    check_in_rule_delete,
    check_in_rule_save,
    missing_mark_absent,
)
from tournaments.admin.pages import attempt, object_or_404, render_page, staff_user
from tournaments.admin.scoping import ScopedAdmin
from tournaments.site.inputs import whole_number


@admin.register(CheckInRule)
class CheckInRuleAdmin(ScopedAdmin):
    list_display = ("event", "mode", "missing_absent", "round_link")
    fields = ("event", "mode", "missing_absent")

    def get_queryset(self, request: HttpRequest) -> QuerySet[CheckInRule]:
        return super().get_queryset(request).select_related("event")

    def get_changeform_initial_data(self, request: HttpRequest) -> dict[str, str | list[str]]:
        """The event named by the event page's "Check-in" link (?event=<id>)."""
        event = request.GET.get("event", "")
        return {"event": event} if whole_number(event) else {}

    def get_readonly_fields(self, request: HttpRequest, obj: CheckInRule | None = None):
        return ("event",) if obj is not None else ()

    @admin.display(description=gettext_lazy("check-in of the open round"))
    def round_link(self, rule: CheckInRule) -> str:
        return format_html(
            '<a href="{}">{}</a>',
            reverse("admin:hall_checkinrule_round", args=[rule.pk]),
            _("Who is here"),
        )

    def save_model(self, request: HttpRequest, obj: CheckInRule, form, change: bool) -> None:
        check_in_rule_save(rule=obj, user=staff_user(request))

    def delete_model(self, request: HttpRequest, obj: CheckInRule) -> None:
        check_in_rule_delete(rule=obj, user=staff_user(request))

    def delete_queryset(self, request: HttpRequest, queryset: QuerySet[CheckInRule]) -> None:
        for rule in queryset:
            check_in_rule_delete(rule=rule, user=staff_user(request))

    def get_urls(self):
        return [
            path(
                "<path:object_id>/round/",
                self.admin_site.admin_view(self.round_view),
                name="hall_checkinrule_round",
            ),
            *super().get_urls(),
        ]

    def round_view(self, request: HttpRequest, object_id: str) -> HttpResponse:
        """The open round's check-in: the players by name with their answer and PIN; a
        player checked in or marked absent, or every missing one marked absent."""
        rule = object_or_404(self, request, object_id, change=request.method == "POST")
        event = rule.event
        number = check_in_round(event)
        if request.method == "POST" and number is not None:
            user = staff_user(request)
            action = request.POST.get("action")
            if action == "missing":
                attempt(
                    request,
                    lambda: missing_mark_absent(event=event, round_number=number, user=user),
                    _("The missing players are marked absent for round %(number)s.")
                    % {"number": number},
                )
            elif action in CheckInStatus.values:
                registration = get_object_or_404(
                    event.registrations, pk=whole_number(request.POST.get("registration")) or 0
                )
                attempt(
                    request,
                    lambda: check_in_record(
                        registration=registration,
                        round_number=number,
                        status=action,
                        user=user,
                    ),
                    _("%(player)s: %(status)s for round %(number)s.")
                    % {
                        "player": registration,
                        "status": CheckInStatus(action).label,
                        "number": number,
                    },
                )
            return HttpResponseRedirect(request.path)
        lines = check_in_list(event, number) if number else []
        registrations = {r.pk: r for r in event.registrations.all()}
        missing = sum(1 for line in lines if not line.status)
        return render_page(
            self,
            request,
            "hall/admin/check_in_round.html",
            title=(
                _("Check-in of round %(number)s") % {"number": number} if number else _("Check-in")
            ),
            obj=rule,
            event=event,
            number=number,
            rows=[(line, kiosk_pin(registrations[line.registration])) for line in lines],
            missing=missing,
            missing_label=ngettext(
                "Mark the %(count)s missing player absent",
                "Mark the %(count)s missing players absent",
                missing,
            )
            % {"count": missing},
            present=sum(1 for line in lines if line.status == CheckInStatus.PRESENT),
            absent=sum(1 for line in lines if line.status == CheckInStatus.ABSENT),
        )

"""Rating lists (imported from their files with a preview, kept as imported) and an event's
rating report (admin page and CSV; its PDF is a printed document, tournaments.documents)."""

import csv
import io

from django.contrib import admin, messages
from django.core.exceptions import PermissionDenied
from django.http import FileResponse, Http404, HttpRequest, HttpResponse, HttpResponseRedirect
from django.urls import path, reverse
from django.utils.html import format_html
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

from tournaments.admin.pages import object_or_404, render_page, staff_user
from tournaments.export_text import csv_cell
from tournaments.forms import RatingListConfirmForm, RatingListUploadForm
from tournaments.models import Rating, RatingList
from tournaments.scoring.rating_report import REPORT_FIELDS, report_cells
from tournaments.selectors_ratings import rating_report_get
from tournaments.services.errors import ImportFormatError
from tournaments.services.players_import import (
    CREATE,
    REFUSED,
    UNCHANGED,
    UPDATE,
    ImportChangedError,
)
from tournaments.services.rating_lists_import import (
    LIST_FIELDS,
    PROPOSED,
    ListPlan,
    rating_list_apply,
    rating_list_plan,
)


class RatingInline(admin.TabularInline):
    model = Rating
    fields = ("player", "rating", "title", "women_rating", "women_title")
    readonly_fields = fields
    extra = 0
    can_delete = False

    def has_add_permission(self, request: HttpRequest, obj=None) -> bool:
        return False


@admin.register(RatingList)
class RatingListAdmin(admin.ModelAdmin):
    """A list is read-only once imported (a newer list is a new list); a wrong import is
    deleted whole by a superuser, after the admin's confirmation page (the events' ratings at
    start are copies, so no event changes)."""

    list_display = ("source", "published", "file_name", "players", "imported_at")
    list_filter = ("source",)
    # The stored file is offered through `download` (file_view), not as its media path.
    fields = readonly_fields = ("source", "published", "file_name", "download", "imported_at")
    inlines = (RatingInline,)
    change_list_template = "admin/tournaments/ratinglist/change_list.html"

    @admin.display(description=gettext_lazy("players"))
    def players(self, rating_list: RatingList) -> int:
        return rating_list.ratings.count()

    @admin.display(description=gettext_lazy("file"))
    def download(self, rating_list: RatingList) -> str:
        if not rating_list.file:
            return "—"
        url = reverse("admin:tournaments_ratinglist_file", args=(rating_list.pk,))
        return format_html('<a href="{}">{}</a>', url, _("Download the file as imported"))

    def file_view(self, request: HttpRequest, object_id: str) -> FileResponse:
        """The list's file as it was imported, for whoever may see the list."""
        rating_list = self.get_object(request, object_id)
        if rating_list is None or not self.has_view_permission(request, rating_list):
            raise PermissionDenied
        if not rating_list.file:
            raise Http404
        return FileResponse(
            rating_list.file.open("rb"),
            as_attachment=True,
            filename=rating_list.file_name or rating_list.file.name.rsplit("/", 1)[-1],
            content_type="text/csv",
        )

    def has_add_permission(self, request: HttpRequest) -> bool:
        """A list is added by importing its file (import_view), never typed in a form."""
        return False

    def may_import(self, request: HttpRequest) -> bool:
        """The model permission to add lists, and players (a list may create some)."""
        return request.user.has_perms(("tournaments.add_ratinglist", "tournaments.add_player"))

    def has_change_permission(self, request: HttpRequest, obj=None) -> bool:
        return False

    def has_delete_permission(self, request: HttpRequest, obj=None) -> bool:
        """Lists are shared by every event: a wrong import is deleted by a superuser."""
        return request.user.is_superuser

    def get_urls(self):
        return [
            path(
                "<path:object_id>/file/",
                self.admin_site.admin_view(self.file_view),
                name="tournaments_ratinglist_file",
            ),
            path(
                "import/",
                self.admin_site.admin_view(self.import_view),
                name="tournaments_ratinglist_import",
            ),
            *super().get_urls(),
        ]

    def import_view(self, request: HttpRequest) -> HttpResponse:
        """Upload a list and see, per line, the player created, the rating changed old -> new,
        the name match proposed, or the refusal; the list is written once confirmed."""
        if not self.may_import(request):
            raise PermissionDenied
        plan = None
        upload = RatingListUploadForm()
        file_name = ""
        confirm: RatingListConfirmForm | None
        if request.method == "POST" and "confirm" in request.POST:
            confirm = RatingListConfirmForm(request.POST)
            if confirm.is_valid():
                data = confirm.cleaned_data
                file_name = data["file_name"]
                accepted = {int(n) for n in request.POST.getlist("accept") if n.isdigit()}
                try:
                    done = rating_list_apply(
                        data["content"],
                        source=data["source"],
                        published=data["published"],
                        file_name=file_name,
                        digest=data["digest"],
                        accepted=accepted,
                        user=staff_user(request),
                    )
                except (ImportChangedError, ImportFormatError) as exc:
                    messages.error(request, str(exc))
                    plan = self._plan_or_error(request, upload, data)
                else:
                    messages.success(
                        request,
                        _("List %(list)s imported: %(count)d ratings.")
                        % {"list": done, "count": done.ratings.count()},
                    )
                    return HttpResponseRedirect(
                        reverse("admin:tournaments_ratinglist_change", args=(done.pk,))
                    )
        elif request.method == "POST":
            upload = RatingListUploadForm(request.POST, request.FILES)
            if upload.is_valid():
                file_name = request.FILES["file"].name
                plan = self._plan_or_error(
                    request,
                    upload,
                    {**upload.cleaned_data, "content": upload.cleaned_data["file"]},
                )
        confirm = None
        if plan is not None:
            confirm = RatingListConfirmForm(
                initial={
                    "content": plan.encoded,
                    "digest": plan.digest,
                    "source": plan.source,
                    "published": plan.published,
                    "file_name": file_name,
                }
            )
        return render_page(
            self,
            request,
            "tournaments/admin/rating_list_import.html",
            title=_("Import a rating list"),
            form=upload,
            plan=plan,
            confirm=confirm,
            fields=LIST_FIELDS,
            counts=_counts(plan),
        )

    @staticmethod
    def _plan_or_error(request: HttpRequest, form, data: dict) -> ListPlan | None:
        try:
            return rating_list_plan(
                data["content"],
                source=data["source"],
                published=data["published"],
                user=staff_user(request),
            )
        except ImportFormatError as exc:
            form.add_error(None, str(exc))
            return None


def _counts(plan: ListPlan | None) -> list[tuple[str, int]]:
    if plan is None:
        return []
    labels = (
        (CREATE, _("players created")),
        (UPDATE, _("ratings changed")),
        (UNCHANGED, _("ratings unchanged")),
        (PROPOSED, _("name matches to accept")),
        (REFUSED, _("lines refused")),
    )
    return [(label, plan.count(action)) for action, label in labels]


def rating_report_view(model_admin, request: HttpRequest, object_id: str) -> HttpResponse:
    """The event's rating report, with its CSV download and its PDF's documents panel."""
    event = object_or_404(model_admin, request, object_id, change=False)
    return render_page(
        model_admin,
        request,
        "tournaments/admin/rating_report.html",
        title=_("Rating report of %(event)s") % {"event": event},
        obj=event,
        rows=rating_report_get(event),
        policy=event.get_rating_policy_display(),
    )


def rating_report_csv(model_admin, request: HttpRequest, object_id: str) -> HttpResponse:
    """The report as the federation's file: FMJD id, name, games, score, expected, ..."""
    event = object_or_404(model_admin, request, object_id, change=False)
    buffer = io.StringIO()
    writer = csv.writer(buffer)
    writer.writerow(REPORT_FIELDS)
    writer.writerows(
        [csv_cell(cell) for cell in report_cells(row)] for row in rating_report_get(event)
    )
    response = HttpResponse(buffer.getvalue(), content_type="text/csv; charset=utf-8")
    response["Content-Disposition"] = f'attachment; filename="{event.slug}-rating-report.csv"'
    return response

"""Rating lists (imported from their files with a preview, kept as imported) and an event's
rating report (admin page, CSV and XLSX; its PDF is a printed document, tournaments.documents)."""

from django.contrib import admin, messages
from django.core.exceptions import PermissionDenied
from django.http import (
    FileResponse,
    Http404,
    HttpRequest,
    HttpResponse,
    HttpResponseRedirect,
    JsonResponse,
)
from django.urls import path, reverse
from django.utils.formats import get_format
from django.utils.html import format_html
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

from tournaments.admin.import_jobs import (
    import_job_confirmed,
    import_job_context,
    import_job_for,
    import_job_imported,
    import_job_paths,
    import_job_status,
)
from tournaments.admin.pages import object_or_404, render_page, staff_user
from tournaments.imports.models import ImportJob
from tournaments.imports.services import import_job_start
from tournaments.models import Event
from tournaments.ratings.forms import RatingListUploadForm
from tournaments.ratings.lists_import import LIST_FIELDS, PROPOSED, RATING_LIST_IMPORT
from tournaments.ratings.models import Rating, RatingList
from tournaments.ratings.selectors import rating_report_get
from tournaments.scoring.rating_report import REPORT_FIELDS
from tournaments.services.players_import import CREATE, REFUSED, UNCHANGED, UPDATE
from tournaments.spreadsheets import Sheet, csv_bytes, xlsx_bytes


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
            *import_job_paths(
                self.admin_site.admin_view,
                name="tournaments_ratinglist_job",
                page=self.job_view,
                status=self.job_status_view,
            ),
            path(
                "import/",
                self.admin_site.admin_view(self.import_view),
                name="tournaments_ratinglist_import",
            ),
            *super().get_urls(),
        ]

    def import_view(self, request: HttpRequest) -> HttpResponse:
        """Upload a list: the file is stored and its preview runs as a job
        (tournaments.imports); the answer is at once the job's page."""
        if not self.may_import(request):
            raise PermissionDenied
        upload = RatingListUploadForm()
        if request.method == "POST":
            upload = RatingListUploadForm(request.POST, request.FILES)
            if upload.is_valid():
                data = upload.cleaned_data
                job = import_job_start(
                    kind=RATING_LIST_IMPORT,
                    data=data["file"],
                    file_name=str(getattr(request.FILES.get("file"), "name", "")),
                    parameters={
                        "source": data["source"],
                        "published": data["published"].isoformat(),
                    },
                    user=staff_user(request),
                )
                return HttpResponseRedirect(
                    reverse("admin:tournaments_ratinglist_job", args=(job.pk,))
                )
        return self._render(request, upload)

    def _render(self, request: HttpRequest, upload, **context) -> HttpResponse:
        return render_page(
            self,
            request,
            "tournaments/admin/rating_list_import.html",
            title=_("Import a rating list"),
            form=upload,
            upload_url=reverse("admin:tournaments_ratinglist_import"),
            fields=LIST_FIELDS,
            **context,
        )

    def _job(self, request: HttpRequest, job_id: int) -> ImportJob:
        """The job for who may import lists and asked for it (import_job_for)."""
        return import_job_for(
            request, kind=RATING_LIST_IMPORT, job_id=job_id, allowed=self.may_import(request)
        )

    def job_view(self, request: HttpRequest, job_id: int) -> HttpResponse:
        """The job's progress; once previewed, the preview and its confirmation (which
        queues the import itself); once imported, the list."""
        job = self._job(request, job_id)
        if request.method == "POST" and "confirm" in request.POST:
            accepted = {int(n) for n in request.POST.getlist("accept") if n.isdigit()}
            return import_job_confirmed(request, job, accepted=sorted(accepted))
        if import_job_imported(job):
            done = RatingList.objects.filter(pk=job.result.get("rating_list")).first()
            if done is not None:
                messages.success(
                    request,
                    _("List %(list)s imported: %(count)d ratings.")
                    % {"list": done, "count": job.result["ratings"]},
                )
                return HttpResponseRedirect(
                    reverse("admin:tournaments_ratinglist_change", args=(done.pk,))
                )
        context = import_job_context(
            request, job, status_name="admin:tournaments_ratinglist_job_status"
        )
        return self._render(
            request, RatingListUploadForm(), counts=_counts(context["plan"]), **context
        )

    def job_status_view(self, request: HttpRequest, job_id: int) -> JsonResponse:
        """The job's state for its page's progress bar."""
        return import_job_status(self._job(request, job_id))


def _counts(preview: dict | None) -> list[tuple[str, int]]:
    if not preview:
        return []
    labels = (
        (CREATE, _("players created")),
        (UPDATE, _("ratings changed")),
        (UNCHANGED, _("ratings unchanged")),
        (PROPOSED, _("name matches to accept")),
        (REFUSED, _("lines refused")),
    )
    return [(label, preview["counts"][action]) for action, label in labels]


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


def _report_sheet(event: Event) -> Sheet:
    """The report as a table, one row a player in REPORT_FIELDS order (the federation's
    column names): numbers as numbers, for the CSV and the XLSX alike."""
    rows = tuple(
        tuple(getattr(row, name) for name in REPORT_FIELDS) for row in rating_report_get(event)
    )
    return Sheet(_("Rating report"), REPORT_FIELDS, rows)


def rating_report_csv(model_admin, request: HttpRequest, object_id: str) -> HttpResponse:
    """The report as the federation's file: FMJD id, name, games, score, expected, ...; a
    CSV as the site's other tables write them (UTF-8 with a BOM, the language's separators,
    tournaments.spreadsheets)."""
    event = object_or_404(model_admin, request, object_id, change=False)
    body = csv_bytes(_report_sheet(event), decimal=str(get_format("DECIMAL_SEPARATOR")))
    response = HttpResponse(body, content_type="text/csv; charset=utf-8")
    response["Content-Disposition"] = f'attachment; filename="{event.slug}-rating-report.csv"'
    return response


def rating_report_xlsx(model_admin, request: HttpRequest, object_id: str) -> HttpResponse:
    """The CSV's figures as an XLSX sheet: numbers as numbers, a name never run as a
    formula."""
    event = object_or_404(model_admin, request, object_id, change=False)
    body = xlsx_bytes(_report_sheet(event))
    response = HttpResponse(
        body, content_type="application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"
    )
    response["Content-Disposition"] = f'attachment; filename="{event.slug}-rating-report.xlsx"'
    return response

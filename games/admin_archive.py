"""The admin's pages for event archives (games.archive): an organizer downloads an event
they organize, and any staff member who may add events imports an archive after a preview.

The upload stores the archive in an import job (tournaments.imports, kind
games.archive.jobs.ARCHIVE_IMPORT) and answers at once with the job's page: its progress,
then the preview and the confirmation, which imports it as a second job. Only who uploaded
it (or a superuser) sees the job.
"""

from django.contrib import messages
from django.core.exceptions import PermissionDenied
from django.http import Http404, HttpRequest, HttpResponse, HttpResponseRedirect, JsonResponse
from django.urls import path, reverse
from django.utils.translation import gettext as _

from games.archive.jobs import ARCHIVE_IMPORT
from games.archive.write import archive_filename, event_archive
from games.forms import ArchiveConfirmForm, ArchiveUploadForm
from tournaments.access import organized_events
from tournaments.admin.import_jobs import import_job_for, import_job_imported, import_job_status
from tournaments.admin.pages import render_page, staff_user
from tournaments.imports.models import ImportJob, ImportPhase, ImportStatus
from tournaments.imports.services import (
    import_job_confirm,
    import_job_start,
)
from tournaments.models import Event


class EventArchiveAdmin:
    """Mixed into a model admin (games.admin.GameAdmin) for its site and rendering."""

    def archive_urls(self) -> list:
        view = self.admin_site.admin_view
        return [
            path(
                "archive/<int:event_id>/",
                view(self.archive_download_view),
                name="tournaments_event_archive",
            ),
            path(
                "archive/import/",
                view(self.archive_import_view),
                name="tournaments_event_archive_import",
            ),
            path(
                "archive/import/<int:job_id>/",
                view(self.archive_job_view),
                name="tournaments_event_archive_job",
            ),
            path(
                "archive/import/<int:job_id>/status/",
                view(self.archive_job_status_view),
                name="tournaments_event_archive_job_status",
            ),
        ]

    def archive_download_view(self, request: HttpRequest, event_id: int) -> HttpResponse:
        """The whole event as one zip file, for its organizers only."""
        event = organized_events(request.user).filter(pk=event_id).first()
        if event is None:
            raise Http404(_("No event with id %(id)r that you organize.") % {"id": event_id})
        response = HttpResponse(event_archive(event=event, user=request.user))
        response["Content-Type"] = "application/zip"
        response["Content-Disposition"] = f'attachment; filename="{archive_filename(event)}"'
        return response

    def archive_import_view(self, request: HttpRequest) -> HttpResponse:
        """Upload an archive: it is stored and previewed by a job; the answer is at once
        the job's page."""
        if not request.user.has_perm("tournaments.add_event"):
            raise PermissionDenied
        upload = ArchiveUploadForm()
        if request.method == "POST":
            upload = ArchiveUploadForm(request.POST, request.FILES)
            if upload.is_valid():
                file = upload.cleaned_data["file"]
                job = import_job_start(
                    kind=ARCHIVE_IMPORT,
                    data=file.read(),
                    file_name=str(file.name),
                    parameters={},
                    user=staff_user(request),
                )
                return HttpResponseRedirect(
                    reverse("admin:tournaments_event_archive_job", args=(job.pk,))
                )
        return self._archive_render(request, upload)

    def _archive_render(self, request: HttpRequest, upload, **context) -> HttpResponse:
        return render_page(
            self,
            request,
            "games/admin/archive_import.html",
            title=_("Import an event archive"),
            opts=Event._meta,
            form=upload,
            upload_url=reverse("admin:tournaments_event_archive_import"),
            **context,
        )

    def _archive_job(self, request: HttpRequest, job_id: int) -> ImportJob:
        """The job as it truly is (a lost job queued again or failed, a preview not
        confirmed in time expired: import_job_refresh), for who may add events and uploaded
        it (or a superuser); 404 for anyone else."""
        return import_job_for(
            request,
            kind=ARCHIVE_IMPORT,
            job_id=job_id,
            allowed=request.user.has_perm("tournaments.add_event"),
            missing=_("This archive is no longer waiting: upload it again."),
        )

    def archive_job_view(self, request: HttpRequest, job_id: int) -> HttpResponse:
        """The job's progress; once previewed, the preview and the slug to confirm (which
        queues the import); once imported, the event."""
        job = self._archive_job(request, job_id)
        if request.method == "POST":
            confirm = ArchiveConfirmForm(request.POST)
            expired = job.status == ImportStatus.EXPIRED  # its page says so
            if (
                confirm.is_valid()
                and not expired
                and not import_job_confirm(
                    job=job, parameters={"slug": confirm.cleaned_data["slug"]}
                )
            ):
                raise Http404(_("This archive is no longer waiting: upload it again."))
            return HttpResponseRedirect(request.path)
        if import_job_imported(job):
            event = Event.objects.filter(pk=job.result.get("event")).first()
            if event is not None:
                messages.success(
                    request,
                    _("%(event)s is imported as a draft: check it, then publish it.")
                    % {"event": event},
                )
                return HttpResponseRedirect(
                    reverse("admin:tournaments_event_change", args=(event.pk,))
                )
        previewed = job.phase == ImportPhase.PREVIEW and job.status == ImportStatus.DONE
        preview = job.result if previewed else None
        confirm: ArchiveConfirmForm | None = None
        if preview:
            confirm = ArchiveConfirmForm(initial={"slug": preview["slug"]})
        return self._archive_render(
            request,
            ArchiveUploadForm(),
            job=job,
            job_error=job.error if job.status == ImportStatus.FAILED else "",
            status_url=reverse("admin:tournaments_event_archive_job_status", args=(job.pk,)),
            preview=preview,
            confirm=confirm,
            confirm_error=job.error if preview else "",
        )

    def archive_job_status_view(self, request: HttpRequest, job_id: int) -> JsonResponse:
        """The job's state for its page's progress bar."""
        return import_job_status(self._archive_job(request, job_id))

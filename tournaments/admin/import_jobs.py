"""What the admin's pages of an import job share (tournaments.imports), for every kind of
import that previews its file as a table (a rating list, a players file): the job's two
addresses (its page, its state), the job for who may see it, its state for the progress
bar, the confirmation of its preview, and what its page shows.

A page follows its job (templates/tournaments/admin/_import_job.html) until the preview is
ready, then shows it with the preview's digest to confirm; confirming queues the apply job
and comes back to the same page, which follows that job in turn."""

from collections.abc import Callable
from typing import Any

from django.contrib import messages
from django.core.exceptions import PermissionDenied
from django.http import Http404, HttpRequest, HttpResponse, HttpResponseRedirect, JsonResponse
from django.urls import URLPattern, path, reverse

from tournaments.forms import ImportJobConfirmForm
from tournaments.imports.models import ImportJob, ImportPhase, ImportStatus
from tournaments.imports.selectors import import_job_get
from tournaments.imports.services import import_job_confirm, import_job_refresh


def import_job_paths(
    view: Callable[[Callable[..., HttpResponse]], Callable[..., HttpResponse]],
    *,
    name: str,
    page: Callable[..., HttpResponse],
    status: Callable[..., HttpResponse],
) -> list[URLPattern]:
    """The job's page ("import/<id>/", named `name`) and its state ("import/<id>/status/",
    named `name`_status), each wrapped by `view` (the admin site's admin_view)."""
    return [
        path("import/<int:job_id>/", view(page), name=name),
        path("import/<int:job_id>/status/", view(status), name=f"{name}_status"),
    ]


def import_job_for(
    request: HttpRequest, *, kind: str, job_id: int, allowed: bool, missing: str = ""
) -> ImportJob:
    """The job as it truly is (a lost job queued again or failed, a preview not confirmed
    in time expired: import_job_refresh), for who may import (`allowed`) and asked for it
    (or a superuser): 403 without the right, 404 for another person's job (saying
    `missing`)."""
    if not allowed:
        raise PermissionDenied
    job = import_job_get(user=request.user, kind=kind, job_id=job_id)
    if job is None:
        raise Http404(missing)
    return import_job_refresh(job=job)


def import_job_status(job: ImportJob) -> JsonResponse:
    """The job's state for its page's progress bar."""
    return JsonResponse(
        {"status": job.status, "phase": job.phase, "done": job.done, "total": job.total}
    )


def import_job_confirmed(
    request: HttpRequest, job: ImportJob, **parameters: Any
) -> HttpResponseRedirect:
    """The confirmation of a preview: its apply job queued with the preview's digest (the
    apply refuses a file whose preview changed since) and `parameters`; back to the job's
    page, which follows the import."""
    confirm = ImportJobConfirmForm(request.POST)
    if confirm.is_valid():
        import_job_confirm(
            job=job, parameters={"digest": confirm.cleaned_data["digest"], **parameters}
        )
    return HttpResponseRedirect(request.path)


def import_job_imported(job: ImportJob) -> bool:
    """The job has written its file."""
    return job.phase == ImportPhase.APPLY and job.status == ImportStatus.DONE


def import_job_context(request: HttpRequest, job: ImportJob, *, status_name: str) -> dict[str, Any]:
    """What the job's page shows: its progress (status_url: the view named `status_name`),
    its error, and once previewed the preview (`plan`) and the form confirming it; a
    preview made again by an apply that found it changed says why (a message)."""
    previewed = job.phase == ImportPhase.PREVIEW and job.status == ImportStatus.DONE
    preview = job.result if previewed else None
    if preview and job.error:
        messages.error(request, job.error)
    return {
        "job": job,
        "job_error": job.error if job.status == ImportStatus.FAILED else "",
        "status_url": reverse(status_name, args=(job.pk,)),
        "plan": preview,
        "confirm": ImportJobConfirmForm(initial={"digest": preview["digest"]}) if preview else None,
    }

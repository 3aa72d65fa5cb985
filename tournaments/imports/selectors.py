"""Reading import jobs: a job is seen by the person who started it, and by superusers."""

from django.contrib.auth.models import AbstractBaseUser, AnonymousUser

from tournaments.imports.models import ImportJob


def import_job_get(
    *, user: AbstractBaseUser | AnonymousUser, kind: str, job_id: int
) -> ImportJob | None:
    """The job of this kind numbered `job_id` if `user` started it or is a superuser; None
    otherwise (another person's job is not shown to exist)."""
    jobs = ImportJob.objects.filter(kind=kind)
    if not getattr(user, "is_superuser", False):
        jobs = jobs.filter(requested_by_id=user.pk)
    return jobs.filter(pk=job_id).first()

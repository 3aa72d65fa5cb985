"""System checks for configuration mistakes (stable ids tournaments.E001...)."""

from django.conf import settings
from django.core.checks import Error, Warning, register


@register()
def check_registries(app_configs, **kwargs) -> list[Error]:
    """tournaments.E001: the arbiter's variant registry must load and hold at least one variant.
    tournaments.E002: the tie-break registry must load."""
    errors: list[Error] = []
    try:
        from arbiter.variants import VARIANTS
    except ImportError as exc:
        errors.append(
            Error(
                f"The variant registry arbiter.variants cannot be imported: {exc}.",
                id="tournaments.E001",
            )
        )
    else:
        if not VARIANTS:
            errors.append(Error("arbiter.variants.VARIANTS is empty.", id="tournaments.E001"))
    try:
        from tournaments.scoring.tiebreaks import TIEBREAKS  # noqa: F401
    except ImportError as exc:
        errors.append(
            Error(
                f"The tie-break registry tournaments.scoring.tiebreaks cannot be imported: {exc}.",
                id="tournaments.E002",
            )
        )
    return errors


@register(deploy=True)
def check_celery_broker(app_configs, **kwargs) -> list[Warning]:
    """tournaments.W001: in production, tasks (pairing a large Swiss) need a real broker."""
    if getattr(settings, "CELERY_TASK_ALWAYS_EAGER", False):
        return [
            Warning(
                "CELERY_BROKER_URL is not set: tasks such as pairing a round run inside the web "
                "request.",
                hint="Set CELERY_BROKER_URL (redis://... or amqp://...) and run a worker.",
                id="tournaments.W001",
            )
        ]
    return []


#: Cache backends that each process holds alone.
_PER_PROCESS_CACHES = (
    "django.core.cache.backends.locmem.LocMemCache",
    "django.core.cache.backends.dummy.DummyCache",
)


@register()
def check_shared_cache(app_configs, **kwargs) -> list[Error]:
    """tournaments.E003: in production the failed logins are counted in a cache every server
    process shares (tournaments.site.login_limits); with a cache per process each of N workers
    allows its own count, and a restart forgets them."""
    backend = settings.CACHES["default"]["BACKEND"]
    if getattr(settings, "PRODUCTION", False) and backend in _PER_PROCESS_CACHES:
        return [
            Error(
                f"The default cache ({backend}) is not shared by the server's processes: "
                "failed logins would be counted by each process alone.",
                hint="Set DJANGO_CACHE_URL (redis://...) so that every process shares it.",
                id="tournaments.E003",
            )
        ]
    return []


@register(deploy=True)
def check_mail(app_configs, **kwargs) -> list[Warning]:
    """tournaments.W002: in production, password reset mails need an SMTP server."""
    if settings.EMAIL_BACKEND == "django.core.mail.backends.console.EmailBackend":
        return [
            Warning(
                "DJANGO_EMAIL_HOST is not set: password reset mails are printed on the console "
                "instead of being sent.",
                hint="Set DJANGO_EMAIL_HOST and its DJANGO_EMAIL_* companions (see README).",
                id="tournaments.W002",
            )
        ]
    return []

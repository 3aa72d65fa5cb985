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

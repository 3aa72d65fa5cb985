"""Django settings, read from the environment with safe defaults for a newcomer.

Environment variables:
- DJANGO_ENV=production or DEBUG=0: production mode (passes `manage.py check --deploy` without
  warnings). It requires SECRET_KEY and DJANGO_ALLOWED_HOSTS (comma-separated).
- SECRET_KEY: required in production; in development a key is generated once into the
  git-ignored file .secret_key and shared by every process.
- DATABASE_URL: any URL dj-database-url understands (postgres://... uses psycopg 3). Without it,
  the SQLite file db.sqlite3 at the repository root.
- CELERY_BROKER_URL (redis://... or amqp://...): real workers. Without it, tasks run in-process.
- CELERY_RESULT_BACKEND: defaults to the broker URL for Redis, no result backend for AMQP.
- CELERY_VISIBILITY_TIMEOUT: seconds before Redis hands an unacknowledged task (its worker
  died) to another worker (default 120). DOCUMENT_TIME_LIMIT: seconds a PDF job may run
  (default 600). DOCUMENT_CHECK_SECONDS: seconds between two checks for lost document
  jobs (default 60). DJANGO_MEDIA_ROOT: where generated files are stored (default ./media).
- IMPORT_CHECK_SECONDS: seconds between two checks of the import jobs (default 60);
  IMPORT_STALE_SECONDS: a queued import job not started, or (where the database cannot tell
  whether its worker lives) a running one not finished, this long after is lost (default
  1800); IMPORT_PREVIEW_SECONDS: how long a preview waits for its confirmation before its
  file is deleted (default 86400, a day).
- DJANGO_CSRF_TRUSTED_ORIGINS (comma-separated), DJANGO_SECURE_PROXY_SSL_HEADER=1 (trust
  X-Forwarded-Proto behind a proxy), DJANGO_HSTS_SECONDS, DJANGO_LOG_LEVEL.
- UPLOAD_MAX_BYTES: the largest upload or API body (default 2 MiB), answered 413 beyond; also
  the largest PDN file a relay source may serve.
- RELAY_ALLOW_PRIVATE_ADDRESSES=1: a relay source may be on a private or loopback address
  (default 0; the demo sets it for its own file). RELAY_FETCH_SECONDS: the longest read of
  a relay source, however its server sends (default 10); the polling runs on the Celery
  queue "relay", which needs a worker of its own (`make worker`); RELAY_STOP_SECONDS: a
  polled source stops this long after its last new move (default 3600).
- DJANGO_CACHE_URL (redis://...): the cache shared by every process; without it, one per
  process. An accelerator: while it cannot be reached each process serves from its own
  memory (tournaments.site.cache_guard).
- LOGIN_FAILURE_LIMIT (5), LOGIN_ADDRESS_FAILURE_LIMIT (50), LOGIN_ACCOUNT_FAILURE_LIMIT (20),
  LOGIN_LOCKOUT_SECONDS (900): failed logins allowed per account and address, per address and
  per account before each attempt must wait, and how long the counts last;
  LOGIN_DELAY_SECONDS (1) and LOGIN_DELAY_MAX_SECONDS (900): the first wait, doubled at each
  further failure, and the longest.
- DJANGO_TRUSTED_PROXY_COUNT: how many proxies stand in front of the server and append the
  client's address to X-Forwarded-For (default 0: the client is REMOTE_ADDR).
- DJANGO_EMAIL_HOST: the SMTP server that sends the password reset mails, with
  DJANGO_EMAIL_PORT (587), DJANGO_EMAIL_HOST_USER, DJANGO_EMAIL_HOST_PASSWORD,
  DJANGO_EMAIL_USE_TLS (1), DJANGO_EMAIL_USE_SSL (0) and DJANGO_DEFAULT_FROM_EMAIL. Without it
  mails are printed on the console (development). The same settings send the organizers'
  mail about each new online entry (entries.notify).
- DAMIER_SITE_URL: the site's address as players reach it (default http://127.0.0.1:8000),
  written into the links of the mails sent without a request (a published round's boards).
- DAMIER_INVITATION_SECONDS: how long a player's account invitation stays valid (default
  1209600, two weeks).
- ENTRY_THROTTLE_RATE ("20/hour"): anonymous online entries per address (entries.throttles).
- DJANGO_LANGUAGE_CODE: "en" (default) or another language of LANGUAGES ("fr", "nl", "ru"): the
  language of visitors whose browser asks for none of them, and the default language of an
  event's PDF documents (Event.language).
"""

import contextlib
import os
from pathlib import Path

import dj_database_url
from django.core.exceptions import ImproperlyConfigured
from django.core.management.utils import get_random_secret_key
from django.utils.translation import gettext_lazy as _

BASE_DIR = Path(__file__).resolve().parent.parent


def _env_list(name: str) -> list[str]:
    return [item.strip() for item in os.environ.get(name, "").split(",") if item.strip()]


def _env_flag(name: str, default: bool) -> bool:
    value = os.environ.get(name)
    if value is None or value == "":
        return default
    return value.strip().lower() in {"1", "true", "yes", "on"}


PRODUCTION = os.environ.get("DJANGO_ENV", "").lower() == "production" or not _env_flag(
    "DEBUG", True
)
DEBUG = not PRODUCTION


def _development_secret_key(path: Path) -> str:
    """The development key, generated once into `path` (git-ignored) and read by every
    process after: sessions and CSRF tokens then hold across the processes of a
    multi-process server and across restarts."""
    try:
        key = path.read_text().strip()
    except FileNotFoundError:
        key = ""
    if key:
        return key
    # Written whole to a file of this process, then linked into place: of two processes
    # starting together, one key wins and both read it.
    draft = path.with_name(f"{path.name}.{os.getpid()}")
    try:
        draft.write_text(get_random_secret_key())
        draft.chmod(0o600)
        with contextlib.suppress(FileExistsError):
            os.link(draft, path)
        return path.read_text().strip()
    except OSError:  # a read-only checkout: a key for this process only
        return get_random_secret_key()
    finally:
        draft.unlink(missing_ok=True)


SECRET_KEY = os.environ.get("SECRET_KEY", "")
if not SECRET_KEY:
    if PRODUCTION:
        raise ImproperlyConfigured("SECRET_KEY must be set in the environment in production mode.")
    SECRET_KEY = _development_secret_key(BASE_DIR / ".secret_key")

ALLOWED_HOSTS = _env_list("DJANGO_ALLOWED_HOSTS")
if PRODUCTION and not ALLOWED_HOSTS:
    raise ImproperlyConfigured(
        "DJANGO_ALLOWED_HOSTS must be set in production mode (comma-separated host names)."
    )
if not PRODUCTION:
    ALLOWED_HOSTS = ALLOWED_HOSTS or ["localhost", "127.0.0.1", "[::1]"]
CSRF_TRUSTED_ORIGINS = _env_list("DJANGO_CSRF_TRUSTED_ORIGINS")

INSTALLED_APPS = [
    "django.contrib.admin",
    "django.contrib.auth",
    "django.contrib.contenttypes",
    "django.contrib.sessions",
    "django.contrib.messages",
    "django.contrib.staticfiles",
    "rest_framework",
    "rest_framework.authtoken",
    "drf_spectacular",
    "drf_spectacular_sidecar",
    "simple_history",
    "tournaments",
    "games",
    "accounts",
    "hall",
    "entries",
]

MIDDLEWARE = [
    "django.middleware.security.SecurityMiddleware",
    "tournaments.site.csp.ContentSecurityPolicyMiddleware",
    "tournaments.site.upload_limits.UploadLimitMiddleware",
    "django.contrib.sessions.middleware.SessionMiddleware",
    "django.middleware.locale.LocaleMiddleware",
    "django.middleware.common.CommonMiddleware",
    "django.middleware.csrf.CsrfViewMiddleware",
    "django.contrib.auth.middleware.AuthenticationMiddleware",
    "django.contrib.messages.middleware.MessageMiddleware",
    "django.middleware.clickjacking.XFrameOptionsMiddleware",
    "simple_history.middleware.HistoryRequestMiddleware",
    # A read whose database connection dropped is run again once (tournaments.site.failures).
    "tournaments.site.failures.DatabaseFailureMiddleware",
]

ROOT_URLCONF = "config.urls"
WSGI_APPLICATION = "config.wsgi.application"

TEMPLATES = [
    {
        "BACKEND": "django.template.backends.django.DjangoTemplates",
        "DIRS": [BASE_DIR / "templates"],
        "APP_DIRS": True,
        "OPTIONS": {
            "context_processors": [
                "django.template.context_processors.request",
                "django.template.context_processors.i18n",
                "django.contrib.auth.context_processors.auth",
                "django.contrib.messages.context_processors.messages",
            ],
            # A room of tournaments that is not an app of its own names its tag library here.
            "libraries": {
                "documents": "tournaments.documents.templatetags",
                "teams": "tournaments.teams.templatetags",
            },
        },
    },
]

DATABASE_URL = os.environ.get("DATABASE_URL", "")
if DATABASE_URL:
    # A connection kept between requests is checked before its first use in a request, so
    # one the server dropped meanwhile is replaced instead of failing the request.
    DATABASES = {
        "default": dj_database_url.parse(DATABASE_URL, conn_max_age=60, conn_health_checks=True)
    }
else:
    DATABASES = {
        "default": {"ENGINE": "django.db.backends.sqlite3", "NAME": BASE_DIR / "db.sqlite3"}
    }
DEFAULT_AUTO_FIELD = "django.db.models.BigAutoField"

# The largest upload (a round's PDN, a record, a players CSV, an API body) in bytes; the
# PDN reader needs memory in proportion (tournaments.site.upload_limits).
UPLOAD_MAX_BYTES = int(os.environ.get("UPLOAD_MAX_BYTES", str(2 * 1024 * 1024)))
DATA_UPLOAD_MAX_MEMORY_SIZE = UPLOAD_MAX_BYTES + 64 * 1024

# The expectancy of the rating report (a function of the rating difference, dotted path):
# the FIDE table by default; a federation that publishes its own formula names it here.
RATING_EXPECTANCY = os.environ.get(
    "RATING_EXPECTANCY", "tournaments.scoring.rating_report.fide_expectancy"
)

# Failed logins (site, admin, API token) per account and address, per address and per
# account, within the counting window; past a limit each attempt waits a doubling delay
# (tournaments.site.login_limits).
AUTHENTICATION_BACKENDS = ["tournaments.site.login_limits.ThrottledModelBackend"]
# The site login leads where a page asked for, else a player to his own page and an arbiter
# to the dispute desk (accounts.views.landing).
LOGIN_REDIRECT_URL = "accounts:landing"
LOGIN_FAILURE_LIMIT = int(os.environ.get("LOGIN_FAILURE_LIMIT", "5"))
LOGIN_ADDRESS_FAILURE_LIMIT = int(os.environ.get("LOGIN_ADDRESS_FAILURE_LIMIT", "50"))
LOGIN_ACCOUNT_FAILURE_LIMIT = int(os.environ.get("LOGIN_ACCOUNT_FAILURE_LIMIT", "20"))
LOGIN_LOCKOUT_SECONDS = int(os.environ.get("LOGIN_LOCKOUT_SECONDS", "900"))
LOGIN_DELAY_SECONDS = int(os.environ.get("LOGIN_DELAY_SECONDS", "1"))
LOGIN_DELAY_MAX_SECONDS = int(os.environ.get("LOGIN_DELAY_MAX_SECONDS", "900"))
# Anonymous online entries per address (entries.throttles), on the API and the entry page.
ENTRY_THROTTLE_RATE = os.environ.get("ENTRY_THROTTLE_RATE", "20/hour")
# Proxies in front of the server that append the client's address to X-Forwarded-For.
TRUSTED_PROXY_COUNT = int(os.environ.get("DJANGO_TRUSTED_PROXY_COUNT", "0"))

# Mail (password resets): SMTP when a server is named, otherwise printed on the console.
EMAIL_HOST = os.environ.get("DJANGO_EMAIL_HOST", "")
EMAIL_BACKEND = (
    "django.core.mail.backends.smtp.EmailBackend"
    if EMAIL_HOST
    else "django.core.mail.backends.console.EmailBackend"
)
EMAIL_PORT = int(os.environ.get("DJANGO_EMAIL_PORT", "587"))
EMAIL_HOST_USER = os.environ.get("DJANGO_EMAIL_HOST_USER", "")
EMAIL_HOST_PASSWORD = os.environ.get("DJANGO_EMAIL_HOST_PASSWORD", "")
EMAIL_USE_SSL = _env_flag("DJANGO_EMAIL_USE_SSL", False)
EMAIL_USE_TLS = not EMAIL_USE_SSL and _env_flag("DJANGO_EMAIL_USE_TLS", True)
EMAIL_TIMEOUT = 30
DEFAULT_FROM_EMAIL = os.environ.get("DJANGO_DEFAULT_FROM_EMAIL", "damier@localhost")
SERVER_EMAIL = DEFAULT_FROM_EMAIL
SITE_URL = os.environ.get("DAMIER_SITE_URL", "http://127.0.0.1:8000").rstrip("/")
INVITATION_SECONDS = int(os.environ.get("DAMIER_INVITATION_SECONDS", str(14 * 24 * 3600)))

AUTH_PASSWORD_VALIDATORS = [
    {"NAME": "django.contrib.auth.password_validation.UserAttributeSimilarityValidator"},
    {"NAME": "django.contrib.auth.password_validation.MinimumLengthValidator"},
    {"NAME": "django.contrib.auth.password_validation.CommonPasswordValidator"},
    {"NAME": "django.contrib.auth.password_validation.NumericPasswordValidator"},
]

# Pages follow the browser's Accept-Language (LocaleMiddleware) or the language switch;
# LANGUAGE_CODE is the fallback, and the default language of an event's PDF documents.
LANGUAGE_CODE = os.environ.get("DJANGO_LANGUAGE_CODE", "en")
LANGUAGES = [("en", _("English")), ("fr", _("French")), ("nl", _("Dutch")), ("ru", _("Russian"))]
LOCALE_PATHS = [BASE_DIR / "locale"]
TIME_ZONE = "UTC"
USE_I18N = True
USE_TZ = True

STATIC_URL = "static/"
STATIC_ROOT = BASE_DIR / "staticfiles"
STATICFILES_DIRS = [BASE_DIR / "static"]
STORAGES = {
    "default": {"BACKEND": "django.core.files.storage.FileSystemStorage"},
    "staticfiles": {
        "BACKEND": (
            "whitenoise.storage.CompressedManifestStaticFilesStorage"
            if PRODUCTION
            else "django.contrib.staticfiles.storage.StaticFilesStorage"
        )
    },
}

REST_FRAMEWORK = {
    # Token first: its WWW-Authenticate header makes a missing or invalid credential a 401
    # (DRF answers 403 when the first class has no such header, as sessions have not).
    "DEFAULT_AUTHENTICATION_CLASSES": [
        "rest_framework.authentication.TokenAuthentication",
        "rest_framework.authentication.SessionAuthentication",
    ],
    "DEFAULT_PERMISSION_CLASSES": ["rest_framework.permissions.IsAuthenticatedOrReadOnly"],
    "DEFAULT_PAGINATION_CLASS": "tournaments.api.pagination.Pagination",
    "PAGE_SIZE": 100,
    "DEFAULT_SCHEMA_CLASS": "drf_spectacular.openapi.AutoSchema",
    "EXCEPTION_HANDLER": "tournaments.api.exceptions.exception_handler",
    # Each view's heading and description in the visitor's language: its title and summary
    # (the docstring stays the developers' text).
    "VIEW_NAME_FUNCTION": "tournaments.api.view_names.view_title",
    "VIEW_DESCRIPTION_FUNCTION": "tournaments.api.view_names.view_summary",
}
SPECTACULAR_SETTINGS = {
    "TITLE": "Damier API",
    "DESCRIPTION": "Draughts events: players, rounds, pairings, results, standings, games.",
    "VERSION": "1.0.0",
    "SERVE_INCLUDE_SCHEMA": False,
    "COMPONENT_SPLIT_REQUEST": True,
    # Swagger UI served from our own static files, not from a CDN.
    "SWAGGER_UI_DIST": "SIDECAR",
    "SWAGGER_UI_FAVICON_HREF": "SIDECAR",
    "REDOC_DIST": "SIDECAR",
    # The entries' status, whose field name ("status") other enums share.
    "ENUM_NAME_OVERRIDES": {
        "EntryStatusEnum": "entries.models.EntryStatus",
        # A game's results: the fields named "result" hold them, or (a player's report) a
        # part of them (games.services.reports.REPORTABLE).
        "GameResultEnum": "tournaments.models.GameResult",
    },
    "POSTPROCESSING_HOOKS": [
        "drf_spectacular.hooks.postprocess_schema_enums",
        "tournaments.api.schema.error_responses",
        "tournaments.api.conditional.document_conditional_requests",
    ],
}

# Public pages and API answers are cached per event state (tournaments.selectors.public
# event_fingerprint); a local-memory cache per process unless DJANGO_CACHE_URL names Redis,
# which is then an accelerator: while it cannot be reached each process serves from its own
# memory (tournaments.site.cache_guard).
CACHES = {
    "default": (
        {
            "BACKEND": "tournaments.site.cache_guard.GuardedRedisCache",
            "LOCATION": os.environ["DJANGO_CACHE_URL"],
        }
        if os.environ.get("DJANGO_CACHE_URL")
        else {"BACKEND": "django.core.cache.backends.locmem.LocMemCache"}
    )
}

# Celery: real workers when a broker is configured, otherwise tasks run in-process and their
# exceptions propagate to the caller.
CELERY_BROKER_URL = os.environ.get("CELERY_BROKER_URL", "")
CELERY_RESULT_BACKEND = os.environ.get("CELERY_RESULT_BACKEND") or (
    CELERY_BROKER_URL if CELERY_BROKER_URL.startswith(("redis://", "rediss://")) else None
)
CELERY_TASK_ALWAYS_EAGER = not CELERY_BROKER_URL
CELERY_TASK_EAGER_PROPAGATES = True
if not CELERY_BROKER_URL:
    CELERY_BROKER_URL = "memory://"
CELERY_TASK_ACKS_LATE = True
CELERY_TASK_REJECT_ON_WORKER_LOST = True
CELERY_WORKER_PREFETCH_MULTIPLIER = 1
CELERY_TASK_SERIALIZER = "json"
CELERY_RESULT_SERIALIZER = "json"
CELERY_ACCEPT_CONTENT = ["json"]
CELERY_BROKER_CONNECTION_RETRY_ON_STARTUP = True
CELERY_TIMEZONE = TIME_ZONE
# Redis redelivers a task whose worker died (acks_late) once this many seconds have passed
# since it was handed out. Short, so a lost job resumes within minutes; a redelivery of a
# job still running elsewhere does nothing (document jobs hold a lock while they run:
# tournaments.site.job_liveness; record verifications and pairings lock their rows and check
# what is already done).
CELERY_BROKER_TRANSPORT_OPTIONS = {
    "visibility_timeout": int(os.environ.get("CELERY_VISIBILITY_TIMEOUT", "120"))
}

# Generated documents (tournaments.documents.services): files in Django's default storage.
MEDIA_ROOT = Path(os.environ.get("DJANGO_MEDIA_ROOT", BASE_DIR / "media"))
MEDIA_URL = "media/"
DOCUMENT_TIME_LIMIT = int(os.environ.get("DOCUMENT_TIME_LIMIT", "600"))
# Seconds between two checks for lost document jobs: Celery beat with a broker, a thread
# of the server process without one (tournaments.documents.watch).
DOCUMENT_CHECK_SECONDS = int(os.environ.get("DOCUMENT_CHECK_SECONDS", "60"))
# Import jobs (tournaments.imports): the periodic check (Celery beat with a broker, a thread of
# the server process without one: tournaments.imports.watch) queues a lost job again once,
# then fails it, and deletes the uploaded files nothing will read again: a preview not
# confirmed within IMPORT_PREVIEW_SECONDS expires.
IMPORT_CHECK_SECONDS = int(os.environ.get("IMPORT_CHECK_SECONDS", "60"))
IMPORT_STALE_SECONDS = int(os.environ.get("IMPORT_STALE_SECONDS", "1800"))
IMPORT_PREVIEW_SECONDS = int(os.environ.get("IMPORT_PREVIEW_SECONDS", str(24 * 3600)))
# The live relay (games.relay): a polled source is read at most once every
# RELAY_MIN_INTERVAL seconds, backs off to RELAY_MAX_INTERVAL after failures in a row and
# stops RELAY_STOP_SECONDS after its last new move; one fetch takes at most
# RELAY_FETCH_SECONDS. RELAY_ALLOW_PRIVATE_ADDRESSES=1 lets a source be on a private or
# loopback address (the demo and the tests serve their files locally).
RELAY_MIN_INTERVAL = 2
RELAY_MAX_INTERVAL = 60
RELAY_FAILURES_BEFORE_BACKOFF = 3
RELAY_STOP_SECONDS = int(os.environ.get("RELAY_STOP_SECONDS", "3600"))
RELAY_FETCH_SECONDS = int(os.environ.get("RELAY_FETCH_SECONDS", "10"))
RELAY_ALLOW_PRIVATE_ADDRESSES = os.environ.get("RELAY_ALLOW_PRIVATE_ADDRESSES", "0") == "1"
# Where `manage.py load_demo` writes the demo relay's recorded games (games.relay.demo).
RELAY_DEMO_DIR = MEDIA_ROOT / "relay-demo"
# How often beat asks which relay sources are due (each keeps its own interval).
RELAY_TICK_SECONDS = 1
# Relay polling waits on other people's servers (each fetch up to RELAY_FETCH_SECONDS): it
# has a queue of its own, "relay", consumed by workers of its own (`make worker` starts
# both kinds), so documents, verifications and pairings never wait behind a slow source.
RELAY_QUEUE = "relay"
CELERY_TASK_ROUTES = {
    "games.tasks.relay_poll_task": {"queue": RELAY_QUEUE},
    "games.tasks.relay_poll_due_task": {"queue": RELAY_QUEUE},
}
CELERY_BEAT_SCHEDULE = {
    "documents-recover-lost": {
        "task": "tournaments.documents.tasks.documents_recover_lost_task",
        "schedule": DOCUMENT_CHECK_SECONDS,
    },
    "import-jobs-check": {
        "task": "tournaments.tasks.import_jobs_check_task",
        "schedule": IMPORT_CHECK_SECONDS,
        "options": {"expires": IMPORT_CHECK_SECONDS},
    },
    # a tick not run before the next one is dropped (expires): ticks never pile up
    "relay-poll-due": {
        "task": "games.tasks.relay_poll_due_task",
        "schedule": RELAY_TICK_SECONDS,
        "options": {"expires": RELAY_TICK_SECONDS},
    },
}

LOGGING = {
    "version": 1,
    "disable_existing_loggers": False,
    "formatters": {"plain": {"format": "{asctime} {levelname} {name}: {message}", "style": "{"}},
    "handlers": {"console": {"class": "logging.StreamHandler", "formatter": "plain"}},
    "root": {"handlers": ["console"], "level": os.environ.get("DJANGO_LOG_LEVEL", "INFO")},
}

if PRODUCTION:
    # Static files served by WhiteNoise from STATIC_ROOT (run collectstatic at deployment);
    # in development runserver serves them from the apps.
    MIDDLEWARE.insert(1, "whitenoise.middleware.WhiteNoiseMiddleware")
    SECURE_SSL_REDIRECT = True
    SECURE_HSTS_SECONDS = int(os.environ.get("DJANGO_HSTS_SECONDS", str(365 * 24 * 3600)))
    SECURE_HSTS_INCLUDE_SUBDOMAINS = True
    SECURE_HSTS_PRELOAD = True
    SESSION_COOKIE_SECURE = True
    CSRF_COOKIE_SECURE = True
    X_FRAME_OPTIONS = "DENY"
    if _env_flag("DJANGO_SECURE_PROXY_SSL_HEADER", False):
        SECURE_PROXY_SSL_HEADER = ("HTTP_X_FORWARDED_PROTO", "https")

"""Settings from the environment: development defaults and a production mode that passes
`manage.py check --deploy` without any warning."""

import os
import subprocess
import sys
from pathlib import Path

from django.conf import settings

REPO = Path(__file__).resolve().parents[2]


def run_manage(*args: str, **env: str) -> subprocess.CompletedProcess:
    base = {
        key: value
        for key, value in os.environ.items()
        if not key.startswith(("DJANGO", "DATABASE_URL", "CELERY", "SECRET_KEY", "DEBUG"))
    }
    return subprocess.run(
        [sys.executable, "manage.py", *args],
        cwd=REPO,
        env={**base, **env},
        capture_output=True,
        text=True,
        timeout=120,
    )


PRODUCTION = {
    "DJANGO_ENV": "production",
    "SECRET_KEY": "k3y-" + "x7Qp9vZ2mL5tR8wB1nC4dF6gH0jK3sA" * 2,
    "DJANGO_ALLOWED_HOSTS": "damier.example.org",
    "CELERY_BROKER_URL": "redis://127.0.0.1:6379/0",
    "DJANGO_CACHE_URL": "redis://127.0.0.1:6379/6",
    "DJANGO_EMAIL_HOST": "smtp.example.org",
}


def test_production_passes_check_deploy_without_warnings():
    result = run_manage("check", "--deploy", "--fail-level", "WARNING", **PRODUCTION)
    assert result.returncode == 0, result.stdout + result.stderr
    assert "System check identified no issues" in result.stdout


def test_debug_0_is_production_too():
    env = {**PRODUCTION, "DJANGO_ENV": "", "DEBUG": "0"}
    result = run_manage("check", "--deploy", "--fail-level", "WARNING", **env)
    assert result.returncode == 0, result.stdout + result.stderr


def test_production_requires_a_secret_key_and_hosts():
    env = {key: value for key, value in PRODUCTION.items() if key != "SECRET_KEY"}
    result = run_manage("check", **env)
    assert result.returncode != 0
    assert "SECRET_KEY must be set in the environment in production mode" in result.stderr
    env = {key: value for key, value in PRODUCTION.items() if key != "DJANGO_ALLOWED_HOSTS"}
    result = run_manage("check", **env)
    assert "DJANGO_ALLOWED_HOSTS must be set in production mode" in result.stderr


def test_production_without_broker_is_warned():
    env = {key: value for key, value in PRODUCTION.items() if key != "CELERY_BROKER_URL"}
    result = run_manage("check", "--deploy", **env)
    assert "tournaments.W001" in result.stderr + result.stdout


def test_production_without_a_shared_cache_fails():
    env = {key: value for key, value in PRODUCTION.items() if key != "DJANGO_CACHE_URL"}
    result = run_manage("check", **env)
    assert result.returncode != 0
    assert "tournaments.E003" in result.stderr + result.stdout
    assert "DJANGO_CACHE_URL" in result.stderr + result.stdout


def test_development_defaults():
    code = (
        "from django.conf import settings as s; "
        "print(s.DEBUG, s.DATABASES['default']['ENGINE'], s.DATABASES['default']['NAME'], "
        "s.CELERY_TASK_ALWAYS_EAGER, s.CELERY_TASK_EAGER_PROPAGATES, len(s.SECRET_KEY) >= 50, "
        "','.join(code for code, _ in s.LANGUAGES), s.USE_TZ)"
    )
    result = run_manage("shell", "--no-imports", "-c", code)
    assert result.returncode == 0, result.stderr
    assert result.stdout.split() == [
        "True",
        "django.db.backends.sqlite3",
        str(REPO / "db.sqlite3"),
        "True",
        "True",
        "True",
        ",".join(code for code, _name in settings.LANGUAGES),
        "True",
    ]


def test_database_url_and_broker_from_the_environment():
    code = (
        "from django.conf import settings as s; d = s.DATABASES['default']; "
        "print(d['ENGINE'], d['NAME'], d['HOST'], s.CELERY_TASK_ALWAYS_EAGER, "
        "s.CELERY_RESULT_BACKEND)"
    )
    result = run_manage(
        "shell",
        "--no-imports",
        "-c",
        code,
        DATABASE_URL="postgres://u:p@db.example.org:5432/damier",
        CELERY_BROKER_URL="amqp://guest@mq.example.org//",
    )
    assert result.returncode == 0, result.stderr
    assert result.stdout.split() == [
        "django.db.backends.postgresql",
        "damier",
        "db.example.org",
        "False",
        "None",
    ]


def test_production_serves_static_files_with_whitenoise():
    code = (
        "from django.conf import settings as s; "
        "print('whitenoise.middleware.WhiteNoiseMiddleware' in s.MIDDLEWARE, "
        "s.STORAGES['staticfiles']['BACKEND'], s.STATIC_ROOT.name, s.DEBUG, s.ALLOWED_HOSTS)"
    )
    result = run_manage("shell", "--no-imports", "-c", code, **PRODUCTION)
    assert result.returncode == 0, result.stderr
    assert result.stdout.split() == [
        "True",
        "whitenoise.storage.CompressedManifestStaticFilesStorage",
        "staticfiles",
        "False",
        "['damier.example.org']",
    ]

"""Peak memory (RSS) of each hostile file given to the imports: every file is tried in a
process of its own (a throw-away SQLite test database), which prints what the import
answered and its peak resident memory; a process that only starts Django and the database
is the baseline.

Run: .venv/bin/python -m benchmarks.hostile_files
The archives are built from a small played event's own archive: a zip bomb (one entry of
250 MB of zeros, about 250 KB packed), the same 250 MB spread over five listed entries of
50 MB, corrupt deflate data, a players.json nested 100,000 deep, an entry named ../x.
"""

import io
import json
import os
import resource
import subprocess
import sys
import tempfile
import zipfile
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
#: The hostile fixtures of the tests (tests/tournaments/fixtures/hostile/), each tried as is.
FIXTURE_CASES = {
    "trf-superscript": "superscript_rating.trf",
    "trf-superscript-opponent": "superscript_opponent.trf",
    "trf-utf16": "utf16.trf",
    "list-stray-quote": "rating_list_stray_quote.csv",
    "list-nul-id": "rating_list_nul_id.csv",
    "teams-nul-name": "teams_nul_name.csv",
}
HOSTILE = ROOT / "tests" / "tournaments" / "fixtures" / "hostile"
CASES = (
    "baseline",
    "trf-superscript",
    "trf-superscript-opponent",
    "trf-utf16",
    "trf-megabyte-name",
    "list-stray-quote",
    "list-nul-id",
    "list-10000-lines",
    "teams-nul-name",
    "archive-bomb",
    "archive-bomb-spread",
    "archive-corrupt-deflate",
    "archive-deep-json",
    "archive-dotdot",
)


def _archive(kind: str) -> bytes:
    import hashlib

    from games.archive import MANIFEST, PLAYERS
    from games.archive.write import event_archive
    from tests.factories import make_organizer, played_event

    organizer = make_organizer("organizer")
    event, _ = played_event(organizer, players=4)
    data = event_archive(event=event, user=organizer)
    source = zipfile.ZipFile(io.BytesIO(data))
    files = {info.filename: source.read(info) for info in source.infolist()}
    added: dict[str, bytes] = {}
    if kind == "archive-bomb":
        added["documents/bomb.pdf"] = bytes(250 * 2**20)
    elif kind == "archive-bomb-spread":
        added |= {f"documents/bomb-{n}.pdf": bytes(50 * 2**20) for n in range(5)}
    elif kind == "archive-deep-json":
        added[PLAYERS] = b"[" * 100_000 + b"]" * 100_000
    elif kind == "archive-dotdot":
        added["../outside.pdn"] = b"x"
    files |= added
    manifest = json.loads(files[MANIFEST])
    for path, body in added.items():
        manifest["files"][path] = {"sha256": hashlib.sha256(body).hexdigest(), "size": len(body)}
    files[MANIFEST] = json.dumps(manifest).encode()
    del added
    out = io.BytesIO()
    with zipfile.ZipFile(out, "w", zipfile.ZIP_DEFLATED) as target:
        for path, body in files.items():
            target.writestr(path, body)
    del files
    packed = out.getvalue()
    if kind == "archive-corrupt-deflate":
        info = zipfile.ZipFile(io.BytesIO(packed)).getinfo(PLAYERS)
        start = info.header_offset + 30 + len(info.filename.encode()) + len(info.extra)
        packed = packed[:start] + b"\xff" * 8 + packed[start + 8 :]
    return packed


def _file(kind: str) -> bytes:
    if kind in FIXTURE_CASES:
        return (HOSTILE / FIXTURE_CASES[kind]).read_bytes()
    small = (ROOT / "tests" / "tournaments" / "fixtures" / "small.trf").read_text()
    header = '"nr_ew","nick","last_n","first_n","country","title","rating","wtitle","wrating"\n'
    return {
        "trf-megabyte-name": lambda: small.replace(
            "012 Damier test open", "012 " + "N" * 2**20
        ).encode(),
        "list-10000-lines": lambda: (
            header
            + "".join(
                f'"{100000 + i}","","Name{i:05d}","First","NED","","{1500 + i % 900}","",""\n'
                for i in range(10_000)
            )
        ).encode(),
    }[kind]()


def _run(kind: str, path: Path) -> str:
    """Try the file ``kind`` (built at ``path``) and say what the import answered."""
    import datetime

    from tournaments.models import RatingSource
    from tournaments.ratings.lists_import import rating_list_plan
    from tournaments.trf.imports import TrfImportSettings, trf_import_plan

    if kind == "baseline":
        return "-"
    if kind.startswith("archive"):
        from games.archive.check import archive_open
        from games.archive.preview import archive_preview
        from tests.factories import make_organizer

        data = path.read_bytes()
        size = len(data)
        archive = archive_open(data, name="hostile.zip")
        user = make_organizer("importer")
        preview = archive_preview(archive=archive, user=user)
        return f"{size // 1024} KiB: preview of {preview.name}"
    data = path.read_bytes()
    if kind.startswith("teams"):
        return _teams(data)
    if kind.startswith("trf"):
        plan = trf_import_plan(data, settings=TrfImportSettings(variant="international"))
        return f"{len(plan.refusals)} refusal(s): {plan.refusals[:1]}"[:160]
    plan = rating_list_plan(data, source=RatingSource.FMJD_100, published=datetime.date(2026, 1, 1))
    return f"{plan.count('refused')} line(s) refused of {len(plan.lines)}"


def _teams(data: bytes) -> str:
    """Preview then confirm the teams file (its {last}/{first} placeholders filled with two
    players of an event of four): the lines refused and the teams written."""
    from tests.factories import UserFactory, event_with_players
    from tournaments.models import System
    from tournaments.teams.imports import team_import_apply, team_import_plan
    from tournaments.teams.models import Team, TeamCompetition

    user = UserFactory(is_superuser=True, is_staff=True)
    event = event_with_players(user, players=4, system=System.ROUND_ROBIN)
    TeamCompetition.objects.create(event=event, boards=2)
    first, second = (r.player for r in event.registrations.order_by("pk")[:2])
    text = data.decode()
    for mark, value in (
        ("{last}", first.last_name),
        ("{first}", first.first_name),
        ("{last2}", second.last_name),
        ("{first2}", second.first_name),
    ):
        text = text.replace(mark, value)
    plan = team_import_plan(event, text.encode())
    team_import_apply(event, text.encode(), digest=plan.digest, user=user)
    refused = [line for line in plan.lines if line.error]
    teams = list(Team.objects.values_list("name", flat=True))
    return f"{len(refused)} line(s) refused ({refused[0].error if refused else ''}); teams {teams}"


def child(step: str, kind: str, path: Path) -> None:
    """Build the file ``kind`` at ``path`` (``--build``, in a process of its own: building a
    bomb touches its bytes), or try it (``--try``) and print the answer and the peak RSS."""
    sys.path.insert(0, str(ROOT))
    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings")
    os.environ.pop("DATABASE_URL", None)
    import django

    django.setup()
    from benchmarks.database import throwaway_database

    with throwaway_database():
        if step == "--build":
            path.write_bytes(
                b"" if kind == "baseline" else (_archive if "archive" in kind else _file)(kind)
            )
            return
        try:
            answer = _run(kind, path)
        except Exception as exc:
            answer = f"{type(exc).__name__}: {exc}"[:200]
    peak = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss // 1024
    print(json.dumps({"case": kind, "peak_mib": peak, "answer": answer}))


def main() -> None:
    if len(sys.argv) == 4 and sys.argv[1] in ("--build", "--try"):
        child(sys.argv[1], sys.argv[2], Path(sys.argv[3]))
        return
    cases = sys.argv[1:] or CASES
    print(f"{'file':<26} {'peak RSS':>9}  answer")
    for kind in cases:
        with tempfile.TemporaryDirectory() as folder:
            path = Path(folder) / "hostile"
            for step in ("--build", "--try"):
                done = subprocess.run(
                    [sys.executable, "-m", "benchmarks.hostile_files", step, kind, str(path)],
                    cwd=ROOT,
                    capture_output=True,
                    text=True,
                    check=False,
                )
        lines = [line for line in done.stdout.splitlines() if line.startswith("{")]
        if not lines:
            print(f"{kind:<26} {'?':>9}  {done.stderr.strip().splitlines()[-1:]}")
            continue
        found = json.loads(lines[-1])
        print(f"{kind:<26} {found['peak_mib']:>5} MiB  {found['answer']}", flush=True)


if __name__ == "__main__":
    main()

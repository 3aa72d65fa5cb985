"""The layout's rules, read from the source (docs/architecture.md):

- ``arbiter`` never imports Django, nor DRF, directly or through a project module;
- ``tournaments/pairing`` likewise (``python -m tournaments.pairing`` runs without Django), and
  so does the scoring core ``tournaments/scoring``, and the relay's core
  ``games/relay/core.py`` with what it reads (``games/timeline.py``,
  ``tournaments/ballots/dealt.py``), the rating history chart's geometry and the ratings at
  start in bars;
- ``tournaments`` never imports ``games``, ``accounts`` nor ``hall``, and ``games`` never
  imports ``accounts`` (the arrows run accounts -> games -> tournaments -> arbiter and
  hall -> tournaments), and
  its code and templates never name games' relations, URL names or tag libraries (what games
  adds is registered in ``tournaments/hooks.py``); neither ``tournaments`` nor ``games``
  imports ``entries``, which fills the same hooks;
- no two files of ``arbiter``, ``tournaments``, ``games``, ``accounts``, ``hall`` and
  ``entries`` import each other, directly or around a loop, and ``tournaments/scoring`` never
  imports ``tournaments/pairing`` (the values both use are ``tournaments/values.py``);
- a room of ``tournaments`` (a package of its own for a concern with rows or files of its own:
  ``ROOMS``, the documents, ratings, team competitions and TRF) is imported by the rest of
  ``tournaments`` only in the modules that wire it in, which reaches it otherwise through the
  hooks of ``tournaments/hooks.py``;
- code cites rules in the repository (``docs/rules/``) or at their federation, never a file
  outside it, and its comments describe the code, not the project's history;
- every ``docs/rules/<file>.md §N`` a module cites exists.

Imports are read with :mod:`ast` wherever they stand (module level, in functions, under
``TYPE_CHECKING``), so a lazy import cannot hide an arrow.
"""

from __future__ import annotations

import ast
import os
import re
import subprocess
import sys
from functools import cache
from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parents[1]
#: Folders that are not the product's code.
SKIPPED = {"tests", "migrations", ".venv", ".peers", "node_modules", "__pycache__"}
FRAMEWORKS = ("django", "rest_framework")


def _python_files() -> list[Path]:
    return sorted(
        path
        for path in REPO.rglob("*.py")
        if not SKIPPED & set(path.relative_to(REPO).parts)
        and not any(part.startswith(".") for part in path.relative_to(REPO).parts)
    )


def _module_name(path: Path) -> str:
    parts = list(path.relative_to(REPO).with_suffix("").parts)
    if parts[-1] == "__init__":
        parts.pop()
    return ".".join(parts)


@cache
def _modules() -> dict[str, Path]:
    return {_module_name(path): path for path in _python_files()}


@cache
def _imports(module: str) -> frozenset[str]:
    """Every module name ``module`` imports, relative imports resolved."""
    path = _modules()[module]
    package = module if path.name == "__init__.py" else module.rpartition(".")[0]
    names = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            names |= {alias.name for alias in node.names}
        elif isinstance(node, ast.ImportFrom):
            base = node.module or ""
            if node.level:
                anchor = package.split(".")[: len(package.split(".")) - node.level + 1]
                base = ".".join([*anchor, base] if base else anchor)
            names.add(base)
            names |= {f"{base}.{alias.name}" for alias in node.names}
    return frozenset(names)


def _path_to_framework(start: str) -> list[str] | None:
    """The chain of project modules from ``start`` to an import of Django or DRF, or None."""
    modules = _modules()
    seen: set[str] = set()
    stack: list[list[str]] = [[start]]
    while stack:
        chain = stack.pop()
        module = chain[-1]
        if module in seen:
            continue
        seen.add(module)
        for name in sorted(_imports(module)):
            if name.split(".")[0] in FRAMEWORKS:
                return [*chain, name]
            # the module itself, and the packages whose __init__ runs on the way to it
            parts = name.split(".")
            for depth in range(1, len(parts) + 1):
                candidate = ".".join(parts[:depth])
                if candidate in modules and candidate not in seen:
                    stack.append([*chain, candidate])
    return None


def _modules_under(prefix: str) -> list[str]:
    return sorted(m for m in _modules() if m == prefix or m.startswith(prefix + "."))


@pytest.mark.parametrize(
    "package",
    [
        "arbiter",
        "tournaments.values",
        "tournaments.pairing",
        "tournaments.scoring",
        "tournaments.ballots.dealt",
        "tournaments.ratings.chart",
        "tournaments.rating_distribution",
        "games.timeline",
        "games.relay.core",
    ],
)
def test_pure_packages_never_reach_django(package):
    reached = {}
    for module in _modules_under(package):
        chain = _path_to_framework(module)
        if chain:
            reached[module] = " -> ".join(chain)
    assert reached == {}, f"{package} must stay free of Django: {reached}"


@pytest.fixture
def source_tree(tmp_path, monkeypatch):
    """Make the checks read a tree of files written by the test (``{"pkg/mod.py": text}``)
    instead of the repository's."""

    def write(files: dict[str, str]) -> None:
        for name, text in files.items():
            path = tmp_path / name
            path.parent.mkdir(parents=True, exist_ok=True)
            path.write_text(text)
        _modules.cache_clear()
        _imports.cache_clear()

    monkeypatch.setattr(f"{__name__}.REPO", tmp_path)
    yield write
    monkeypatch.undo()
    _modules.cache_clear()
    _imports.cache_clear()


def test_the_import_reader_sees_a_lazy_import(source_tree):
    """The check fails where it should: an import inside a function is an arrow too."""
    source_tree(
        {
            "purepkg/__init__.py": "",
            "purepkg/helper.py": "def f():\n    from django.conf import settings\n",
            "purepkg/core.py": "from . import helper\n",
        }
    )
    chain = _path_to_framework("purepkg.core")
    assert chain is not None
    assert chain[0] == "purepkg.core" and chain[-2:] == ["purepkg.helper", "django.conf"]


def _imports_of_app(module: str, app: str) -> list[str]:
    """The imports of ``module`` that name ``app`` or one of its modules."""
    return sorted(n for n in _imports(module) if n == app or n.startswith(app + "."))


@pytest.mark.parametrize(
    ("package", "forbidden"),
    [
        ("tournaments", "games"),
        # the player accounts add to tournaments and games through their hooks
        ("tournaments", "accounts"),
        ("games", "accounts"),
        # the hall's absences reach the pairing through tournaments.hooks.ROUND_ABSENTEES
        ("tournaments", "hall"),
        # the hall adds its demo step to games (games.demo.DEMO_STEPS)
        ("games", "hall"),
        # entries is newer than both: each shows it only through tournaments.hooks
        ("tournaments", "entries"),
        ("games", "entries"),
        # the values both use are tournaments.values
        ("tournaments.scoring", "tournaments.pairing"),
    ],
)
def test_a_package_never_imports_what_it_must_not(package, forbidden):
    reached = {
        module: _imports_of_app(module, forbidden)
        for module in _modules_under(package)
        if _imports_of_app(module, forbidden)
    }
    assert reached == {}, f"{package} must not import {forbidden}: {reached}"


def test_the_import_reader_sees_an_import_of_games(source_tree):
    """The check fails where it should: a lazy or relative-free import of games is found."""
    source_tree(
        {
            "tournaments/__init__.py": "",
            "tournaments/views.py": "def f():\n    from games import selectors\n",
            "tournaments/forms.py": "import games.models\n",
            "tournaments/gamesheet.py": "from tournaments import games_per_pairing\n",
        }
    )
    assert _imports_of_app("tournaments.views", "games") == ["games", "games.selectors"]
    assert _imports_of_app("tournaments.forms", "games") == ["games.models"]
    assert _imports_of_app("tournaments.gamesheet", "games") == []


#: The packages whose files are checked for import cycles.
CYCLE_ROOTS = ("arbiter", "tournaments", "games", "accounts", "hall", "entries")
#: Packages with known cycles among their own files, to be removed (none now). A cycle that
#: leaves such a package, or any cycle elsewhere, fails; so does an entry here once its
#: package has none left.
KNOWN_CYCLES_INSIDE: tuple[str, ...] = ()


def _within(module: str, package: str) -> bool:
    return module == package or module.startswith(package + ".")


def _file_graph(roots: tuple[str, ...]) -> dict[str, set[str]]:
    """For each module under ``roots``, the modules under ``roots`` Python runs when it imports
    (at module level or inside a function): for each name imported, the file that defines it
    (the module itself, else the package that holds it) and, for ``a.b.c``, the ``__init__`` of
    ``a`` and ``a.b`` that run on the way, but for the packages holding the importer, which
    have begun to run before it (their ``__init__`` counts only where a name is read from it)."""
    modules = _modules()
    graph: dict[str, set[str]] = {}
    for module in modules:
        if not any(_within(module, root) for root in roots):
            continue
        graph[module] = set()
        for name in _imports(module):
            parts = name.split(".")
            prefixes = [".".join(parts[:depth]) for depth in range(len(parts), 0, -1)]
            found = next((prefix for prefix in prefixes if prefix in modules), None)
            on_the_way = {p for p in prefixes if p in modules and not _within(module, p)}
            for target in on_the_way | ({found} if found else set()):
                if target != module and any(_within(target, root) for root in roots):
                    graph[module].add(target)
    return graph


def _cycles(graph: dict[str, set[str]]) -> list[list[str]]:
    """The groups of modules that import each other around a loop (the strongly connected
    components of more than one module, by Tarjan's algorithm, without recursion)."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    found: list[list[str]] = []
    for root in sorted(graph):
        if root in index:
            continue
        work = [(root, iter(sorted(graph[root])))]
        index[root] = low[root] = len(index)
        stack.append(root)
        on_stack.add(root)
        while work:
            node, successors = work[-1]
            step = next(successors, None)
            if step is not None:
                if step not in index:
                    index[step] = low[step] = len(index)
                    stack.append(step)
                    on_stack.add(step)
                    work.append((step, iter(sorted(graph.get(step, ())))))
                elif step in on_stack:
                    low[node] = min(low[node], index[step])
                continue
            work.pop()
            if work:
                low[work[-1][0]] = min(low[work[-1][0]], low[node])
            if low[node] == index[node]:
                group = []
                while True:
                    member = stack.pop()
                    on_stack.discard(member)
                    group.append(member)
                    if member == node:
                        break
                if len(group) > 1:
                    found.append(sorted(group))
    return found


def test_no_import_cycle_between_files():
    cycles = _cycles(_file_graph(CYCLE_ROOTS))
    known = {
        package: [c for c in cycles if all(_within(m, package) for m in c)]
        for package in KNOWN_CYCLES_INSIDE
    }
    unknown = [c for c in cycles if not any(c in listed for listed in known.values())]
    assert unknown == [], f"files that import each other: {unknown}"
    gone = [package for package, listed in known.items() if not listed]
    assert gone == [], f"no cycle left inside {gone}: remove it from KNOWN_CYCLES_INSIDE"


def test_the_cycle_check_sees_a_cycle_closed_by_a_lazy_import(source_tree):
    """The check fails where it should: an import inside a function closes a loop too, and a
    package's ``__init__`` is a file of its own."""
    source_tree(
        {
            "app/__init__.py": "",
            "app/rounds.py": "from app.tasks import pair\n",
            "app/tasks.py": "from app import documents\n",
            "app/documents.py": "def build():\n    from app import rounds\n",
            "app/alone.py": "import app.rounds\n",
        }
    )
    graph = _file_graph(("app",))
    assert graph["app.tasks"] == {"app", "app.documents"}
    assert _cycles(graph) == [["app.documents", "app.rounds", "app.tasks"]]


def test_the_cycle_check_counts_the_packages_run_on_the_way(source_tree):
    """The check fails where it should: importing ``app.admin.scoping`` runs
    ``app/admin/__init__.py`` first, which here imports a module that imports the importer;
    a package holding the importer counts only where a name is read from it."""
    source_tree(
        {
            "app/__init__.py": "",
            "app/admin/__init__.py": "from app.admin import events\n",
            "app/admin/events.py": (
                "import app.admin.scoping\nfrom app.documents.admin import act\n"
            ),
            "app/admin/scoping.py": "",
            "app/documents/__init__.py": "",
            "app/documents/admin.py": "def act():\n    from app.admin.scoping import Scoped\n",
        }
    )
    graph = _file_graph(("app",))
    assert graph["app.admin.events"] == {
        "app.admin.scoping",
        "app.documents",
        "app.documents.admin",
    }
    assert graph["app.documents.admin"] == {"app.admin", "app.admin.scoping"}
    assert _cycles(graph) == [["app.admin", "app.admin.events", "app.documents.admin"]]


#: Imports each project module named on the command line first, in a child process of its own,
#: after django.setup() without the admin's autodiscovery (which would load the admin modules
#: before) and after the other libraries they name (loaded once, for speed); prints those that
#: fail.
FIRST_IMPORTS = """
import contextlib, importlib, os, sys
from django.conf import settings
settings.INSTALLED_APPS = [
    "django.contrib.admin.apps.SimpleAdminConfig" if app == "django.contrib.admin" else app
    for app in settings.INSTALLED_APPS
]
import django
django.setup()
separator = sys.argv.index("--")
for library in sys.argv[separator + 1 :]:
    with contextlib.suppress(ImportError):
        importlib.import_module(library)
for module in sys.argv[1:separator]:
    if module in sys.modules:
        continue
    child = os.fork()
    if child == 0:
        try:
            importlib.import_module(module)
        except BaseException as error:
            print(f"{module}: {type(error).__name__}: {error}", flush=True)
            os._exit(1)
        os._exit(0)
    if os.waitpid(child, 0)[1]:
        print(f"{module}: the child process failed", flush=True)
"""


def test_every_module_can_be_imported_first():
    """Python agrees with the cycle check: no module of arbiter, tournaments and games fails
    when it is the first of them imported (``python -c "import tournaments.documents.admin"``
    after django.setup()), as one does on a partially initialized module."""
    modules = [
        module
        for module in _modules()
        if any(_within(module, root) for root in CYCLE_ROOTS) and not module.endswith("__main__")
    ]
    project = {*CYCLE_ROOTS, "config"}
    libraries = sorted(
        {n for m in modules for n in _imports(m) if n.split(".")[0] not in project and n}
    )
    environment = {**os.environ, "DJANGO_SETTINGS_MODULE": "config.settings"}
    run = subprocess.run(
        [sys.executable, "-c", FIRST_IMPORTS, *modules, "--", *libraries],
        cwd=REPO,
        env=environment,
        capture_output=True,
        text=True,
        timeout=300,
    )
    assert run.returncode == 0, run.stderr
    assert run.stdout == ""


def test_the_core_reads_live_in_the_selectors_package():
    """The core's reads are ``tournaments/selectors/``, one module per concept imported by its
    own name: no selectors module beside the package, and its ``__init__`` imports nothing."""
    assert sorted(path.name for path in (REPO / "tournaments").glob("selectors*.py")) == []
    assert _imports("tournaments.selectors") == frozenset()


#: What wires every room in: ``apps`` (its admin, tasks and hooks at start-up), the models'
#: package (Django registers a room's models through it) and the demo, which builds an event of
#: every kind. The routes of a room are joined to the others' in ``config.urls``.
WIRING = frozenset({"tournaments.apps", "tournaments.models", "tournaments.demo"})

#: The rooms of ``tournaments``: a concern with rows or files of its own, in a package of its
#: own that imports the core. The rest of ``tournaments`` imports a room only in ``WIRING`` and
#: the modules named here for it (every other arrow from the core is a hook of
#: ``tournaments/hooks.py``), and a room imports another only where it is named here too.
ROOMS: dict[str, frozenset[str]] = {
    "tournaments.documents": WIRING,
    # the event admin routes the rating report's pages (EventAdmin.get_urls); the printed
    # rating report reads it
    "tournaments.ratings": WIRING | {"tournaments.admin.events", "tournaments.documents.data"},
    # the printed team tables read the team competition (and follow its rows' changes)
    "tournaments.teams": WIRING
    | {
        "tournaments.documents.data",
        "tournaments.documents.follow",
        "tournaments.documents.services",
        "tournaments.documents.templatetags",
    },
    # the event admin routes the TRF export and import pages (EventAdmin.get_urls)
    "tournaments.trf": WIRING | {"tournaments.admin.events"},
}


def _room_breaches(room: str, wiring: frozenset[str]) -> dict[str, list[str]]:
    """The modules of ``room``'s app, outside the room and its ``wiring``, that import it."""
    app = room.split(".")[0]
    return {
        module: _imports_of_app(module, room)
        for module in _modules_under(app)
        if not _within(module, room) and module not in wiring and _imports_of_app(module, room)
    }


@pytest.mark.parametrize(("room", "wiring"), ROOMS.items(), ids=list(ROOMS))
def test_the_core_imports_a_room_only_where_it_wires_it_in(room, wiring):
    assert room in _modules(), f"{room} is not a package of its own"
    assert _room_breaches(room, wiring) == {}, f"only {sorted(wiring)} may import {room}"
    assert set(wiring) <= set(_modules()), f"{room}'s wiring names a module that is gone"


def test_the_room_check_sees_a_core_module_importing_a_room(source_tree):
    """The check fails where it should: a lazy import of the room by a module that does not wire
    it in, while the room's own imports of the core and the wiring's import of it pass."""
    source_tree(
        {
            "tournaments/__init__.py": "",
            "tournaments/models.py": "",
            "tournaments/trf/__init__.py": "",
            "tournaments/trf/export.py": "from tournaments.models import Event\n",
            "tournaments/trf/admin.py": "from . import export\n",
            "tournaments/admin/__init__.py": "",
            "tournaments/admin/events.py": "from tournaments.trf.admin import trf_view\n",
            "tournaments/views.py": "def f():\n    from tournaments import trf\n",
        }
    )
    wiring = frozenset({"tournaments.admin.events"})
    assert _room_breaches("tournaments.trf", wiring) == {"tournaments.views": ["tournaments.trf"]}


def _test_module_imports(tests: Path) -> list[str]:
    """Where a file under ``tests`` imports a test module (``test_*``) instead of a helper."""
    found = []
    for path in sorted(tests.rglob("*.py")):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            names = []
            if isinstance(node, ast.ImportFrom) and node.module:
                names = [node.module, *(f"{node.module}.{a.name}" for a in node.names)]
            elif isinstance(node, ast.Import):
                names = [alias.name for alias in node.names]
            if any(part.startswith("test_") for name in names for part in name.split(".")):
                found.append(f"{path.relative_to(tests.parent)}:{node.lineno}")
    return found


def test_tests_import_helpers_not_other_tests():
    """Shared fixtures live in conftest.py files, shared helpers in modules named after what
    they hold (tests/factories.py, tests/client.py, ...), never in a test module."""
    assert _test_module_imports(REPO / "tests") == []


def test_the_test_import_check_sees_an_import_of_a_test_module(tmp_path):
    tests = tmp_path / "tests"
    (tests / "sub").mkdir(parents=True)
    (tests / "sub" / "test_a.py").write_text("from tests.sub.test_b import helper\n")
    (tests / "sub" / "test_c.py").write_text("from tests.sub import test_b\n")
    (tests / "sub" / "test_b.py").write_text("from tests.factories import make_organizer\n")
    assert _test_module_imports(tests) == ["tests/sub/test_a.py:1", "tests/sub/test_c.py:1"]


#: A file outside the repository cited as a source, or the project's history in a comment.
OUTSIDE = re.compile(
    r"REFERENCE\.md|\.\./shared/(?:rules|seeds|notes)|/work/shared"
    r"|\bhelper [A-Z]\b|\bissue #?\d+\b|\bsession \d|\b[A-Z]'s (?:TournamentState|compute_)",
    re.IGNORECASE,
)
#: Files of the product that are read as text: code, templates, shipped data, settings.
TEXT_SUFFIXES = {".py", ".html", ".txt", ".tsv", ".toml", ".cfg"}


def _product_text_files() -> list[Path]:
    found = []
    for path in REPO.rglob("*"):
        parts = path.relative_to(REPO).parts
        product = not SKIPPED & set(parts) and not any(p.startswith(".") for p in parts)
        if product and path.is_file() and path.suffix in TEXT_SUFFIXES:
            found.append(path)
    return sorted(found)


def test_no_citation_outside_the_repository_and_no_history_in_comments():
    offending = [
        f"{path.relative_to(REPO)}:{number}: {line.strip()[:90]}"
        for path in _product_text_files()
        for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1)
        if OUTSIDE.search(line)
    ]
    assert offending == []


@pytest.mark.parametrize(
    "line",
    [
        "# see REFERENCE.md 1.6",
        '"""As C\'s TournamentState."""',
        "# (helper J) moved here",
        "# fixed in issue 5",
        "(``../shared/seeds/000_x.txt``)",
    ],
)
def test_the_citation_check_catches(line):
    assert OUTSIDE.search(line)


RULES = REPO / "docs" / "rules"
CITATION = re.compile(r"docs/rules/([a-z0-9-]+)\.md(?: §(\d+(?:\.\d+)?))?")
HEADING = re.compile(r"^#{2,4} (\d+(?:\.\d+)?)[ .]", re.MULTILINE)


@cache
def _sections(name: str) -> frozenset[str]:
    return frozenset(HEADING.findall((RULES / f"{name}.md").read_text(encoding="utf-8")))


def test_every_cited_rules_section_exists():
    broken = []
    for path in _product_text_files():
        for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
            for name, section in CITATION.findall(line):
                where = f"{path.relative_to(REPO)}:{number}"
                if not (RULES / f"{name}.md").is_file():
                    broken.append(f"{where}: no docs/rules/{name}.md")
                elif section and section not in _sections(name):
                    broken.append(f"{where}: no §{section} in docs/rules/{name}.md")
    assert broken == []


def test_every_rules_file_is_listed_in_the_index():
    index = (RULES / "README.md").read_text(encoding="utf-8")
    missing = [p.name for p in RULES.glob("*.md") if p.name != "README.md" and p.name not in index]
    assert missing == []


# tournaments never names games' tables, relations or pages: what games adds is registered at
# start-up (tournaments/hooks.py, filled by games/hooks.py).

TOURNAMENTS_TEMPLATES = ("templates/tournaments", "templates/public", "templates/admin/tournaments")
TOURNAMENTS_TEMPLATE_FILES = ("templates/base.html", "templates/403.html", "templates/404.html")
URL_TAG = re.compile(r"""{%\s*url\s+["']([\w:-]+)["']""")
LOAD_TAG = re.compile(r"{%\s*load\s+([\w\s]+?)\s*%}")
TEMPLATE_ATTRIBUTE = re.compile(r"{[{%][^}]*?\.(\w+)")


@cache
def _games_names() -> tuple[frozenset[str], frozenset[str], frozenset[str]]:
    """What games defines that tournaments must not name: the names of its relations to
    tournaments' models (``record``, ``disputes``...), its URL names (public pages, desk, API,
    the pages of its admins), and its template tag libraries."""
    from django.apps import apps
    from django.contrib import admin
    from django.urls import URLPattern

    from games import api_urls, public_urls, urls

    relations = {
        name
        for model in apps.get_app_config("games").get_models()
        for field in model._meta.get_fields()
        if field.is_relation
        and not field.auto_created
        and field.related_model is not None
        and field.related_model._meta.app_label == "tournaments"
        for name in (field.related_query_name(), field.remote_field.get_accessor_name())
        if name and name != "+"
    }
    pages = {
        f"{namespace}:{pattern.name}"
        for namespace, module in (("public", public_urls), ("desk", urls), ("api", api_urls))
        for pattern in module.urlpatterns
        if isinstance(pattern, URLPattern) and pattern.name
    }
    pages |= {
        f"admin:{pattern.name}"
        for model_admin in admin.site._registry.values()
        if type(model_admin).__module__.startswith("games")
        for pattern in model_admin.get_urls()
        if isinstance(pattern, URLPattern) and pattern.name
    }
    libraries = {path.stem for path in (REPO / "games" / "templatetags").glob("[!_]*.py")}
    return frozenset(relations), frozenset(pages), frozenset(libraries)


def _python_breaches(source: str, relations, pages) -> list[str]:
    """Where Python source names one of games' relations (a lookup, a keyword, an attribute),
    pages (a URL name), or games itself (its app label, a dotted name in it)."""
    found = []
    for node in ast.walk(ast.parse(source)):
        names: list[str] = []
        if isinstance(node, ast.Constant) and isinstance(node.value, str):
            if node.value in pages:
                found.append(f"line {node.lineno}: URL name {node.value!r}")
            elif re.fullmatch(r"games(?:\.\w+)+", node.value):
                found.append(f"line {node.lineno}: games' label {node.value!r}")
            elif re.fullmatch(r"[a-z_]+(?:__[a-z_]+)*", node.value):
                names = node.value.split("__")
        elif isinstance(node, ast.keyword) and node.arg:
            names = node.arg.split("__")
            if "app_label" in names and any(
                isinstance(value, ast.Constant) and value.value == "games"
                for value in ast.walk(node.value)
            ):
                found.append(f"line {node.lineno}: games' app label")
        elif isinstance(node, ast.Attribute):
            names = [node.attr]
        found += [f"line {node.lineno}: relation {name!r}" for name in names if name in relations]
    return found


def _template_breaches(text: str, relations, pages, libraries) -> list[str]:
    """Where a template links to one of games' pages, loads its tag libraries or follows
    one of its relations."""
    found = [f"URL name {name!r}" for name in URL_TAG.findall(text) if name in pages]
    found += [
        f"tag library {name!r}"
        for loaded in LOAD_TAG.findall(text)
        for name in loaded.split()
        if name in libraries
    ]
    found += [f"relation {n!r}" for n in TEMPLATE_ATTRIBUTE.findall(text) if n in relations]
    return found


def _games_templates() -> set[str]:
    """The templates games renders itself (named in its code), wherever they stand."""
    return {
        node.value
        for path in _python_files()
        if path.relative_to(REPO).parts[0] == "games"
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8")))
        if isinstance(node, ast.Constant)
        and isinstance(node.value, str)
        and node.value.endswith(".html")
    }


def _tournaments_templates() -> list[Path]:
    theirs = _games_templates()
    paths = [REPO / name for name in TOURNAMENTS_TEMPLATE_FILES]
    for folder in TOURNAMENTS_TEMPLATES:
        paths += sorted((REPO / folder).rglob("*.html"))
    return [
        path
        for path in paths
        if str(path.relative_to(REPO / "templates")) not in theirs and path.exists()
    ]


def test_tournaments_never_names_games_relations_or_pages():
    relations, pages, libraries = _games_names()
    assert {"record", "disputes"} <= relations and "public:game" in pages  # the check sees them
    breaches = {
        str(path.relative_to(REPO)): found
        for path in _python_files()
        if path.relative_to(REPO).parts[0] == "tournaments"
        if (found := _python_breaches(path.read_text(encoding="utf-8"), relations, pages))
    }
    breaches |= {
        str(path.relative_to(REPO)): found
        for path in _tournaments_templates()
        if (
            found := _template_breaches(
                path.read_text(encoding="utf-8"), relations, pages, libraries
            )
        )
    }
    assert breaches == {}, (
        f"tournaments names games' tables or pages (tournaments/hooks.py): {breaches}"
    )


@pytest.mark.parametrize(
    "source",
    [
        'rows = games.values_list("pk", "record__verification__status")',
        "games = Game.objects.filter(record__isnull=False)",
        "pdn = game.record.pdn",
        'url = reverse("public:game", args=[slug, pk])',
        'Permission.objects.filter(content_type__app_label__in=("tournaments", "games"))',
        'record = apps.get_model("games.GameRecord")',
    ],
)
def test_the_games_names_check_catches_python(source):
    relations, pages, _libraries = _games_names()
    assert _python_breaches(source, relations, pages)


@pytest.mark.parametrize(
    "text",
    [
        "<a href=\"{% url 'public:game' event.slug game.id %}\">game</a>",
        '<a href="{% url "admin:games_dispute_arbiters" %}">Arbiters</a>',
        "{% load i18n relay %}",
        "{% if game.record.pdn %}PDN{% endif %}",
    ],
)
def test_the_games_names_check_catches_templates(text):
    assert _template_breaches(text, *_games_names())


def test_the_games_names_check_passes_tournaments_own_names():
    relations, pages, libraries = _games_names()
    assert not _python_breaches(
        'Game.objects.filter(pairing__round__event=e).select_related("white")', relations, pages
    )
    assert not _template_breaches(
        "{% load hooks i18n %}{% url 'public:round' e.slug 1 %}", relations, pages, libraries
    )


#: Files of a package the README's layout need not name (Django's wiring, private helpers).
LAYOUT_UNNAMED = {"__init__", "apps", "migrations", "management", "__pycache__", "_bits", "_cache"}


def _layout_sections() -> dict[str, str]:
    """The README's "Layout" block, folder by folder: the folder's name -> its text."""
    readme = (REPO / "README.md").read_text(encoding="utf-8")
    block = readme.split("## Layout", 1)[1].split("```", 2)[1]
    sections: dict[str, str] = {}
    folder = ""
    for line in block.splitlines():
        if line and not line.startswith(" "):
            folder, _, line = line.partition("/")
            folder = folder.strip()
        sections[folder] = sections.get(folder, "") + " " + line
    return sections


def _unnamed(package: Path, text: str) -> list[str]:
    """The modules and folders of ``package`` that ``text`` does not name."""
    named = set(re.findall(r"\w+", text))
    children = {
        path.stem
        for path in package.iterdir()
        if (path.suffix == ".py" or path.is_dir())
        and path.stem not in LAYOUT_UNNAMED
        and not path.name.startswith(".")
    }
    return sorted(children - named)


@pytest.mark.parametrize("package", ["arbiter", "tournaments", "games", "accounts"])
def test_the_readme_layout_names_every_module(package):
    assert _unnamed(REPO / package, _layout_sections()[package]) == []


def test_the_layout_check_sees_a_module_left_out(tmp_path):
    for name in ("board.py", "replay.py", "__init__.py"):
        (tmp_path / name).write_text("")
    (tmp_path / "variants").mkdir()
    assert _unnamed(tmp_path, "board, variants/ (the variants)") == ["replay"]

"""The layout's rules, read from the source (docs/architecture.md):

- ``arbiter`` never imports Django, nor DRF, directly or through a project module;
- ``tournaments/pairing`` likewise (``python -m tournaments.pairing`` runs without Django), and
  so does the scoring core ``tournaments/scoring``;
- ``tournaments`` never imports ``games`` (the arrows run games -> tournaments -> arbiter);
- code cites rules in the repository (``docs/rules/``) or at their federation, never a file
  outside it, and its comments describe the code, not the project's history;
- every ``docs/rules/<file>.md §N`` a module cites exists.

Imports are read with :mod:`ast` wherever they stand (module level, in functions, under
``TYPE_CHECKING``), so a lazy import cannot hide an arrow.
"""

from __future__ import annotations

import ast
import re
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


@pytest.mark.parametrize("package", ["arbiter", "tournaments.pairing", "tournaments.scoring"])
def test_pure_packages_never_reach_django(package):
    reached = {}
    for module in _modules_under(package):
        chain = _path_to_framework(module)
        if chain:
            reached[module] = " -> ".join(chain)
    assert reached == {}, f"{package} must stay free of Django: {reached}"


def test_the_import_reader_sees_a_lazy_import(tmp_path, monkeypatch):
    """The check fails where it should: an import inside a function is an arrow too."""
    package = tmp_path / "purepkg"
    package.mkdir()
    (package / "__init__.py").write_text("")
    (package / "helper.py").write_text("def f():\n    from django.conf import settings\n")
    (package / "core.py").write_text("from . import helper\n")
    monkeypatch.setattr(f"{__name__}.REPO", tmp_path)
    _modules.cache_clear()
    _imports.cache_clear()
    try:
        chain = _path_to_framework("purepkg.core")
        assert chain is not None
        assert chain[0] == "purepkg.core" and chain[-2:] == ["purepkg.helper", "django.conf"]
    finally:
        monkeypatch.undo()
        _modules.cache_clear()
        _imports.cache_clear()


def _imports_of_app(module: str, app: str) -> list[str]:
    """The imports of ``module`` that name ``app`` or one of its modules."""
    return sorted(n for n in _imports(module) if n == app or n.startswith(app + "."))


def test_tournaments_never_imports_games():
    reached = {
        module: _imports_of_app(module, "games")
        for module in _modules_under("tournaments")
        if _imports_of_app(module, "games")
    }
    assert reached == {}, f"tournaments must not import games: {reached}"


def test_the_import_reader_sees_an_import_of_games(tmp_path, monkeypatch):
    """The check fails where it should: a lazy or relative-free import of games is found."""
    package = tmp_path / "tournaments"
    package.mkdir()
    (package / "__init__.py").write_text("")
    (package / "views.py").write_text("def f():\n    from games import selectors\n")
    (package / "forms.py").write_text("import games.models\n")
    (package / "gamesheet.py").write_text("from tournaments import games_per_pairing\n")
    monkeypatch.setattr(f"{__name__}.REPO", tmp_path)
    _modules.cache_clear()
    _imports.cache_clear()
    try:
        assert _imports_of_app("tournaments.views", "games") == ["games", "games.selectors"]
        assert _imports_of_app("tournaments.forms", "games") == ["games.models"]
        assert _imports_of_app("tournaments.gamesheet", "games") == []
    finally:
        monkeypatch.undo()
        _modules.cache_clear()
        _imports.cache_clear()


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

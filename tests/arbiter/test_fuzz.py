"""A fast subset of ``make fuzz`` (tests/arbiter/fuzz.py): the reader, FEN and move
parsers raise only the arbiter's own errors."""

from __future__ import annotations

from tests.arbiter.fuzz import Findings, main, run


def test_a_few_hundred_fuzzed_inputs_raise_only_the_arbiters_errors() -> None:
    findings = run(150, Findings())
    assert set(findings.inputs) == {"pdn", "fen", "move"}
    assert all(count >= 100 for count in findings.inputs.values())
    assert findings.foreign == {}


def test_a_foreign_exception_is_reported_with_its_place() -> None:
    findings = Findings()
    findings.check("pdn", lambda: int("²"), "²")
    findings.check("pdn", lambda: None, "fine")
    assert findings.inputs["pdn"] == 2
    ((place, (error, data)),) = findings.foreign.items()
    first = test_a_foreign_exception_is_reported_with_its_place.__code__.co_firstlineno
    assert place.endswith(f"test_fuzz.py:{first + 2}")
    assert error.startswith("ValueError") and data == "'²'"


def test_the_command_prints_the_counts(capsys) -> None:  # type: ignore[no-untyped-def]
    assert main(["20"]) == 0
    out = capsys.readouterr().out
    assert "pdn: 20 inputs" in out and "total: 60 inputs, 0 foreign exceptions" in out

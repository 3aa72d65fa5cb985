"""A fast subset of ``make fuzz`` (tests/arbiter/fuzz.py): the reader, FEN and move
parsers raise only the arbiter's own errors. `make test` runs an input of each kind and SAMPLE
drawn inputs per target, the `deep` test 150 drawn ones (drawn the same on every run under
the ci profile)."""

from __future__ import annotations

import pytest

from tests.arbiter.fuzz import KNOWN, VARIANT_NAMES, Findings, check_known, main, run

SAMPLE = 20


def _only_the_arbiters_errors(count: int) -> None:
    findings = run(count, Findings())
    assert set(findings.inputs) == {"pdn", "fen", "move"}
    assert all(inputs >= count * 2 // 3 for inputs in findings.inputs.values())
    assert findings.foreign == {}


@pytest.mark.deep
def test_a_few_hundred_fuzzed_inputs_raise_only_the_arbiters_errors() -> None:
    _only_the_arbiters_errors(150)


def test_each_kind_of_input_and_a_score_drawn_raise_only_the_arbiters_errors() -> None:
    """`make test`'s sample of the test above: an input of each kind that broke a reader
    before (``fuzz.KNOWN``), in every variant, and SAMPLE drawn inputs per target."""
    findings = check_known(Findings())
    assert findings.inputs.total() == len(KNOWN) * len(VARIANT_NAMES)
    assert findings.foreign == {}
    _only_the_arbiters_errors(SAMPLE)


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
    assert main(["3"]) == 0
    out = capsys.readouterr().out
    assert "pdn: 3 inputs" in out and "total: 9 inputs, 0 foreign exceptions" in out

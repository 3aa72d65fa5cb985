"""The examples in the arbiter's docstrings are part of its documentation: they must run."""

import doctest
import importlib
import pkgutil

import pytest

import arbiter

MODULES = sorted(
    info.name
    for info in pkgutil.walk_packages(arbiter.__path__, prefix="arbiter.")
    if info.name != "arbiter.__main__"
)


@pytest.mark.parametrize("name", ["arbiter", *MODULES])
def test_docstring_examples(name):
    result = doctest.testmod(importlib.import_module(name), optionflags=doctest.ELLIPSIS)
    assert result.failed == 0

"""Caches of functions of a board class (private).

``functools.cache`` and ``lru_cache`` take Hashable arguments, and mypy does not see a
variable of type ``type[Board]`` as Hashable (it reads ``object.__hash__`` off the class as
an unbound method: python/mypy#11470), although every class is. These decorators keep the
same caching, typed by the class: :func:`class_cache` one result per class, as
``functools.cache``; :func:`class_lru_cache` the results of a class and one more hashable
argument, as ``lru_cache(maxsize)``, keyed on the pair (a tuple, Hashable to mypy too).
"""

from __future__ import annotations

from collections.abc import Callable, Hashable
from functools import lru_cache, wraps
from typing import TypeVar

_C = TypeVar("_C")
_A = TypeVar("_A", bound=Hashable)
_R = TypeVar("_R")


def class_cache(function: Callable[[type[_C]], _R]) -> Callable[[type[_C]], _R]:
    """``functools.cache`` for a function of a class alone."""
    results: dict[type[_C], _R] = {}

    @wraps(function)
    def cached(cls: type[_C]) -> _R:
        if cls not in results:
            results[cls] = function(cls)
        return results[cls]

    return cached


def class_lru_cache(
    maxsize: int,
) -> Callable[[Callable[[type[_C], _A], _R]], Callable[[type[_C], _A], _R]]:
    """``functools.lru_cache(maxsize)`` for a function of a class and one other argument."""

    def decorate(function: Callable[[type[_C], _A], _R]) -> Callable[[type[_C], _A], _R]:
        @lru_cache(maxsize=maxsize)
        def by_key(key: tuple[type[_C], _A]) -> _R:
            return function(*key)

        @wraps(function)
        def cached(cls: type[_C], argument: _A) -> _R:
            return by_key((cls, argument))

        return cached

    return decorate

"""A prelude for ``python -c`` that makes ``import django`` (and DRF) fail, for the checks that
the pure cores run in an environment without Django."""

#: Makes ``import django`` (and DRF) fail in the process, as in an environment that has
#: py4swiss but not Django.
BLOCK_DJANGO = """
import importlib.abc, runpy, sys

class NoDjango(importlib.abc.MetaPathFinder):
    def find_spec(self, name, path=None, target=None):
        if name.split(".")[0] in ("django", "rest_framework"):
            raise ModuleNotFoundError(f"No module named {name!r} (blocked)", name=name)
        return None

sys.meta_path.insert(0, NoDjango())
"""

"""On a fresh clone the test processes find the test files' asserts already rewritten (tests/rewritten.py)."""

from __future__ import annotations

import types

import pytest
from _pytest.assertion import rewrite as pytests

from tests import rewritten

FILES = {
    "conftest.py": "def pytest_configure(config):\n    pass\n",
    "test_first.py": "def test_sum():\n    total = 1 + 1\n    assert total == 3\n",
    "deeper/test_second.py": "def test_name():\n    assert 'anne'.title() == 'Anna'\n",
    "deeper/helpers.py": "def shared():\n    assert False\n",  # not a test file: pytest does not rewrite it
    # folders pytest never collects from (norecursedirs): a virtualenv's and node's packages hold test files too
    ".venv/lib/site-packages/vendor/test_vendor.py": "def test_vendor():\n    assert True\n",
    "node_modules/pkg/test_pkg.py": "def test_pkg():\n    assert True\n",
}


class Run:
    """The run's configuration as pytest's controller has it, over other paths (a fresh clone's folder)."""

    def __init__(self, config, root) -> None:
        self.config, self.rootpath, self.args = config, root, [str(root)]
        self.invocation_params = types.SimpleNamespace(dir=root)

    def __getattr__(self, name):
        return getattr(self.config, name)


def kept(path):
    """The rewritten code pytest's import would find kept for `path`, or None."""
    return pytests._read_pyc(path, pytests.get_cache_dir(path) / (path.name[:-3] + pytests.PYC_TAIL))


def test_the_test_files_of_a_fresh_clone_are_rewritten_once_as_pytest_would_keep_them(tmp_path, pytestconfig):
    """Every test file and conftest.py of a fresh folder gets the rewritten code pytest's import would otherwise
    make in each test process (its failed assert says what it compared); other modules, and test files in folders
    pytest does not collect from (norecursedirs), are left to Python; a file
    changed since is rewritten again."""
    for name, source in FILES.items():
        (tmp_path / name).parent.mkdir(parents=True, exist_ok=True)
        (tmp_path / name).write_text(source)
    rewritten.Ahead(Run(pytestconfig, tmp_path)).finish()
    assert {name: kept(tmp_path / name) is not None for name in FILES} == {
        "conftest.py": True,
        "test_first.py": True,
        "deeper/test_second.py": True,
        "deeper/helpers.py": False,
        ".venv/lib/site-packages/vendor/test_vendor.py": False,
        "node_modules/pkg/test_pkg.py": False,
    }
    module: dict = {}
    exec(kept(tmp_path / "test_first.py"), module)
    with pytest.raises(AssertionError, match="assert 2 == 3"):
        module["test_sum"]()
    (tmp_path / "test_first.py").write_text(FILES["test_first.py"].replace("== 3", "== 4"))
    assert kept(tmp_path / "test_first.py") is None
    rewritten.Ahead(Run(pytestconfig, tmp_path)).finish()
    exec(kept(tmp_path / "test_first.py"), module)
    with pytest.raises(AssertionError, match="assert 2 == 4"):
        module["test_sum"]()

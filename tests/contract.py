"""What the contract tests (tests/test_contract.py, test_contract_rounds.py) share: a failure names the game's
file and what is wrong in it, not a raw ModuleNotFoundError or UndefinedError from the layer that met it."""

from __future__ import annotations

import functools
import traceback
from pathlib import Path

from scorekeeper.registry import Bundle

ROOT = Path(__file__).resolve().parent.parent


def named(test):
    """A contract test (given `bundle`) whose failure from an error in one of the game's files (a module, its
    board.html, its sample) says that file, its line and the error."""

    @functools.wraps(test)
    def run(*args, **kwargs):
        try:
            return test(*args, **kwargs)
        except AssertionError:
            raise
        except Exception as error:
            raise AssertionError(where_it_broke(kwargs["bundle"], error)) from error

    return run


def where_it_broke(bundle: Bundle, error: BaseException) -> str:
    """An error as the game's file (and line) it came from, and what it says."""
    said = f"{type(error).__name__}: {error}"
    if isinstance(error, ImportError) and (error.name or "").startswith(f"{bundle.package}."):
        return f"{shown(piece_file(bundle, error.name or ''))}: {said}"
    frames = [frame for frame in traceback.extract_tb(error.__traceback__) if own_file(bundle, Path(frame.filename))]
    if frames:
        return f"{shown(Path(frames[-1].filename))}:{frames[-1].lineno}: {said}"
    return f"{shown(bundle.folder)} (no file of the game in the traceback): {said}"


def piece_file(bundle: Bundle, module: str) -> Path:
    """The file of one of the game's modules, by its full name."""
    return bundle.folder.joinpath(*module.removeprefix(f"{bundle.package}.").split(".")).with_suffix(".py")


def own_file(bundle: Bundle, path: Path) -> bool:
    """Whether a file is the game's: in its folder, or its tests' folder (its sample)."""
    path = path.resolve()
    return path.is_relative_to(bundle.folder.resolve()) or path.is_relative_to(ROOT / "tests" / "games" / bundle.module)


def shown(path: Path) -> str:
    """A file as a contributor finds it: from the repository's root, or from its package's folder."""
    path = path.resolve()
    return str(path.relative_to(ROOT)) if path.is_relative_to(ROOT) else str(Path(*path.parts[-2:]))

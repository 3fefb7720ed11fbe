"""The templates a test process compiled, kept for the next ones (in pytest's cache folder, in the checkout): each
test process compiled every template it drew again (0.4 s of CPU each, three of them a run). What is kept is
Jinja's compiled code by template and the checksum of its source, as scorekeeper.COMPILED_TEMPLATES holds it in
memory: a template whose source changed is compiled again, and another Python or Jinja reads none of it."""

from __future__ import annotations

import contextlib
import importlib.util
import marshal
import os
import tempfile
from pathlib import Path

import jinja2
from jinja2.bccache import bc_magic

from scorekeeper import COMPILED_TEMPLATES, template_loader

FOLDER = "TEST_COMPILED_TEMPLATES"  # where the run keeps them, for the servers the tests start (tests/served.py)
# what the code was compiled for: read back by this Python and this Jinja only
STAMP = importlib.util.MAGIC_NUMBER + bc_magic + jinja2.__version__.encode()


def load(folder: Path) -> dict[str, str]:
    """Put the kept templates of `folder` in memory; the checksum of each, by key (none where nothing of this
    version is kept)."""
    with contextlib.suppress(OSError, EOFError, ValueError, TypeError):
        stamp, code = marshal.loads((folder / "code").read_bytes())
        if stamp == STAMP:
            COMPILED_TEMPLATES.code.update(code)
            return {key: checksum for key, (checksum, _) in code.items()}
    return {}


def save(folder: Path, loaded: dict[str, str]) -> None:
    """Keep the app's own templates in memory now, where this process compiled any anew (a test's own templates,
    from a temporary folder, would pile up run after run): written aside and renamed into place, so a test process
    starting at that moment reads the old file or the new one, whole."""
    own = _own_keys()
    ours = {key: kept for key, kept in COMPILED_TEMPLATES.code.items() if key in own}
    if {key: checksum for key, (checksum, _) in ours.items()} == loaded:
        return
    handle, aside = tempfile.mkstemp(dir=folder, prefix="code-")
    with os.fdopen(handle, "wb") as written:
        written.write(marshal.dumps((STAMP, ours)))
    os.replace(aside, folder / "code")


def _own_keys() -> set[str]:
    """The cache keys of the app's templates: the pages' and each game's."""
    loader, environment = template_loader(), jinja2.Environment()
    return {
        COMPILED_TEMPLATES.get_cache_key(name, loader.get_source(environment, name)[1])
        for name in loader.list_templates()
    }

"""The templates a test process compiled are kept for the next ones (tests/kept_templates.py): read back whole, by
this Python and Jinja only, and only the app's own."""

from __future__ import annotations

import marshal

from scorekeeper import COMPILED_TEMPLATES
from tests import kept_templates


def test_the_app_templates_compiled_are_kept_and_read_back_and_a_file_of_another_version_is_not(client, tmp_path):
    assert client.get("/").status_code == 200  # the home page's templates compiled (or read back) here
    COMPILED_TEMPLATES.code["a test's own"] = ("checksum", compile("1", "own", "eval"))
    try:
        kept_templates.save(tmp_path, {})
        read = kept_templates.load(tmp_path)
    finally:
        del COMPILED_TEMPLATES.code["a test's own"]
    assert read and "a test's own" not in read  # a test's own template is not kept
    assert all(COMPILED_TEMPLATES.code[key][0] == checksum for key, checksum in read.items())
    stamp, code = marshal.loads((tmp_path / "code").read_bytes())
    (tmp_path / "code").write_bytes(marshal.dumps((stamp + b"another", code)))
    assert kept_templates.load(tmp_path) == {}

"""A browser test's live server gets an app an earlier test's live server served (conftest.LiveApps), and only once
nothing of that test is being answered: a request of its browser must never meet the next test's store."""

from __future__ import annotations

from werkzeug.test import EnvironBuilder

from tests.conftest import LiveApps, Served


def test_an_app_serves_a_later_test_only_once_the_earlier_ones_answers_are_sent(tmp_path, empty_store):
    apps, statuses = LiveApps(), []
    folders = [tmp_path / name for name in ("first", "second", "third")]
    for folder in folders:
        folder.mkdir()
    first = apps.take(empty_store, folders[0], "sqlite")
    served = Served(first)
    answer = served(EnvironBuilder(path="/healthz").get_environ(), lambda status, headers: statuses.append(status))
    apps.done(first, served)  # the test is over while its answer is still being sent (a long wait for news)
    assert apps.take(empty_store, folders[1], "sqlite") is not first
    late = served(EnvironBuilder(path="/").get_environ(), lambda status, headers: statuses.append(status))
    assert list(late) == [] and statuses == ["200 OK", "503 Service Unavailable"]  # a tab of the ended test
    answer.close()  # sent
    again = apps.take(empty_store, folders[2], "sqlite")
    assert again is first and again.config["DATABASE"] == str(folders[2] / "test.sqlite")

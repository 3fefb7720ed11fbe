"""The command line: `scorekeeper serve` runs the app; `scorekeeper score FILE` scores a game file;
`scorekeeper sheet` prints score sheets; `scorekeeper backup FILE` and `restore FILE` keep the store safe."""

from __future__ import annotations

import os
import socket
import sys

import click

from . import gamefile, registry, rules
from .i18n import DEFAULT, LANGUAGES, describe
from .settings import BadSetting


def default_lang() -> str:
    """The environment locale's language when Scorekeeper speaks it (de_DE.UTF-8: German), else French."""
    env = os.environ.get("LC_ALL") or os.environ.get("LC_MESSAGES") or os.environ.get("LANG") or ""
    lang = env.lower()[:2]
    return lang if lang in LANGUAGES else DEFAULT


lang_option = click.option(
    "--lang",
    type=click.Choice(LANGUAGES),
    default=None,
    help="Language of messages and sheets (default: from LANG, else French).",
)


class Guarded(click.Group):
    """Commands that never end in a traceback: a wrong setting is one line on stderr and status 2, anything
    unforeseen one line and status 1."""

    def invoke(self, ctx):
        try:
            return super().invoke(ctx)
        except (click.exceptions.ClickException, click.exceptions.Exit, click.exceptions.Abort, SystemExit):
            raise
        except BadSetting as exc:  # the operator's to mend: say which setting, and stop before serving
            click.echo(f"Error: {exc}", err=True)
            sys.exit(2)
        except Exception:  # a traceback helps nobody at the table
            fail_with(default_lang(), rules.N_("Something went wrong with this file; nothing was written."))


@click.group(cls=Guarded)
def main():
    """Scorekeeper: a score pad for card games played at the table."""


def read_game(source, lang: str) -> rules.Game:
    """A game file from a path or '-' (standard input); exit 1 with one clear message if it is bad."""
    try:
        text = source.read()
    except UnicodeDecodeError:
        fail_with(lang, rules.N_("This is not a JSON game file: it is not text."))
    try:
        return gamefile.loads(text)
    except rules.Invalid as exc:
        names = gamefile.names(text)
        click.echo("\n".join(describe(p, names, lang) for p in exc.problems), err=True)
        sys.exit(1)


def fail_with(lang: str, message: str) -> None:
    """Print a message in the chosen language and exit 1."""
    click.echo(describe(rules.problem(message), None, lang), err=True)
    sys.exit(1)


@main.command()
@click.argument("source", type=click.File("r", encoding="utf-8-sig"))
@lang_option
def score(source, lang):
    """Print the game file SOURCE ('-' for standard input) with its derived result; the rules' warnings
    (a bid above the hand size...) go to standard error."""
    lang = lang or default_lang()
    game = read_game(source, lang)
    result = rules.play(game)
    for played in result.rounds:
        for warning in played.warnings:
            click.echo(describe(warning.at_round(played.number), result.sides, lang), err=True)
    click.echo(gamefile.dumps(game, result), nl=False)


@main.command()
@click.argument("source", type=click.File("r", encoding="utf-8-sig"), required=False)
@click.option("--blank", is_flag=True, help="Print an empty score pad instead of a game file's sheet.")
@click.option(
    "--rules",
    "rules_id",
    metavar="RULES",
    help=f"With --blank: the game ({', '.join(registry.ids())}).",
)
@click.option("--players", type=int, help="With --blank: how many players.")
@click.option("--names", help="With --blank: the players' names, separated by commas (optional).")
@click.option(
    "-o", "--output", type=click.File("wb", lazy=True), required=True, help="The PDF to write ('-': standard output)."
)
@click.option("--paper", type=click.Choice(["a4", "letter"]), default="a4", show_default=True)
@click.option("--url", help="The game's web address, printed as a QR code on a completed sheet.")
@lang_option
def sheet(source, blank, rules_id, players, names, output, paper, url, lang):
    """Write the score sheet (PDF) of the game file SOURCE, or with --blank an empty pad to print."""
    from . import sheets

    lang = lang or default_lang()
    if blank == (source is not None):
        raise click.UsageError("Give a game file, or --blank with --rules and --players (not both).")
    try:
        if blank:
            if not rules_id or players is None:
                raise click.UsageError("--blank needs --rules and --players.")
            data = sheets.blank(rules_id, players, names.split(",") if names else None, lang, paper)
        else:
            game = read_game(source, lang)
            data = sheets.completed(game, rules.play(game), lang, paper, url)
    except rules.Invalid as exc:
        click.echo("\n".join(describe(p, None, lang) for p in exc.problems), err=True)
        sys.exit(1)
    output.write(data)


def routed_address() -> str | None:
    """The address this machine uses on its network, from the routing table (a UDP connect sends nothing)."""
    try:
        with socket.socket(socket.AF_INET, socket.SOCK_DGRAM) as probe:
            probe.connect(("192.0.2.1", 9))
            return probe.getsockname()[0]
    except OSError:
        return None


def lan_addresses() -> list[str]:
    """This machine's non-loopback IPv4 addresses, for phones on the same Wi-Fi, the routed one first
    (Debian maps the host name to 127.0.1.1, so the host name alone often finds none)."""
    found: set[str] = set()
    try:
        for info in socket.getaddrinfo(socket.gethostname(), None, socket.AF_INET):
            found.add(str(info[4][0]))
    except OSError:
        pass
    routed = routed_address()
    others = sorted(a for a in found if not a.startswith("127.") and a != routed)
    return ([routed] if routed and not routed.startswith("127.") else []) + others


def announce(host: str, port: int) -> None:
    """Say which address phones should open, with a QR code of it in the terminal."""
    import segno

    if host in ("0.0.0.0", "::"):
        addresses = lan_addresses() or ["127.0.0.1"]
    else:
        addresses = [host]
    url = f"http://{addresses[0]}:{port}/"
    click.echo(f"Scorekeeper is running. Phones on the same Wi-Fi open: {url}")
    for other in addresses[1:]:
        click.echo(f"  or http://{other}:{port}/")
    segno.make(url, error="m").terminal(compact=True)


@main.command("copy-store")
@click.argument("source", metavar="FROM")
@click.argument("target", metavar="TO")
def copy_store(source, target):
    """Copy everything stored in FROM into TO: an SQLite file's path or a postgresql:// URL each (a venue
    moving to PostgreSQL: FROM its scorekeeper.sqlite, TO the new database). TO must hold no game yet."""
    from .copystore import CopyRefused, copy_store
    from .dbapi import is_postgresql, shown

    if not is_postgresql(source) and not os.path.isfile(source):
        raise click.UsageError(f"FROM: no such file: {source}")
    try:
        counts = copy_store(source, target)
    except CopyRefused as exc:
        raise click.ClickException(f"{exc} Nothing was copied.") from None
    except Exception as exc:  # the database said no (unreachable, refused): one line, not a traceback
        raise click.ClickException(f"{type(exc).__name__}: {exc} Nothing was copied.") from None
    rows = ", ".join(f"{table} {n}" for table, n in counts.items())
    click.echo(f"Copied into {shown(target)}: {rows}.")


def configured_store() -> str:
    """The store the servers use (SCOREKEEPER_DATABASE, instance/config.py, else the instance's SQLite file)."""
    from . import create_app

    try:
        return create_app().config["DATABASE"]
    except Exception as exc:  # the store could not be opened (unreachable, refused): one line, not a traceback
        raise click.ClickException(f"Could not open the store: {type(exc).__name__}: {exc}") from None


@main.command()
@click.argument("target", metavar="FILE")
def backup(target):
    """Copy the whole store into FILE while the servers run (an SQLite file; on PostgreSQL, say what to run)."""
    from .backup import BackupRefused, backup
    from .dbapi import shown

    store = configured_store()
    try:
        found = backup(store, target)
    except BackupRefused as exc:
        raise click.ClickException(str(exc)) from None
    click.echo(f"Backed up {shown(store)} into {target}: {found['games']} games, {found['rounds']} rounds.")


@main.command()
@click.argument("source", metavar="FILE")
def restore(source):
    """Put the backup FILE in the place of the store; every server on it must be stopped first."""
    from .backup import BackupRefused, restore
    from .dbapi import shown

    store = configured_store()
    try:
        found, kept = restore(source, store)
    except BackupRefused as exc:
        raise click.ClickException(str(exc)) from None
    click.echo(f"Restored {source} into {shown(store)}: {found['games']} games, {found['rounds']} rounds.")
    click.echo(f"The store as it was is kept in {kept}.")


@main.command()
@click.option(
    "--host",
    default="127.0.0.1",
    show_default=True,
    help="Address to listen on; 0.0.0.0 lets phones on the Wi-Fi reach it.",
)
@click.option("--port", default=8000, show_default=True, type=int)
@click.option("--workers", default=2, show_default=True, type=int, help="Worker processes.")
@click.option("--threads", default=4, show_default=True, type=int, help="Threads per worker (gthread only).")
@click.option(
    "--worker-class",
    type=click.Choice(["gevent", "gthread"]),
    default="gevent",
    show_default=True,
    help="gevent holds many waiting watchers cheaply; gthread serves with threads.",
)
def serve(host, port, workers, threads, worker_class):
    """Run the app on a production WSGI server (gunicorn)."""
    from .server import run

    run(host, port, workers, threads, worker_class, ready=lambda: announce(host, port))


@main.command("settings")
def settings_table():
    """Print every setting (SCOREKEEPER_<NAME> in the environment) with its default, range and meaning."""
    from .settings import table

    click.echo(table(), nl=False)


if __name__ == "__main__":
    main()

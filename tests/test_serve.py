"""`scorekeeper serve` at the table: it prints the address the phones open, with its QR code, the one the
Wi-Fi routes to rather than loopback, and hands gunicorn the settings asked for."""

import io
import os
import signal

import pytest
import segno

from scorekeeper import cli


def test_serve_prints_the_address_and_its_qr_code(monkeypatch):
    from click.testing import CliRunner

    from scorekeeper import server

    calls = []
    monkeypatch.setattr(cli, "lan_addresses", lambda: ["192.168.1.20", "10.0.0.5"])
    monkeypatch.setattr(server, "run", lambda *args, ready: (calls.append(args), ready()))  # ready: app built
    result = CliRunner().invoke(cli.main, ["serve", "--host", "0.0.0.0", "--port", "8123"])
    assert result.exit_code == 0, result.output
    assert "http://192.168.1.20:8123/" in result.output and "http://10.0.0.5:8123/" in result.output
    qr = io.StringIO()
    segno.make("http://192.168.1.20:8123/", error="m").terminal(out=qr, compact=True)
    assert qr.getvalue().strip() in result.output
    assert calls == [("0.0.0.0", 8123, 2, 4, "gevent")]


def test_serve_on_loopback_prints_that_address(monkeypatch, capsys):
    cli.announce("127.0.0.1", 8000)
    assert "http://127.0.0.1:8000/" in capsys.readouterr().out


def test_the_announced_address_is_the_one_the_network_routes_to(monkeypatch):
    """A host name that resolves only to loopback (Debian's 127.0.1.1) still finds the Wi-Fi address."""
    monkeypatch.setattr(cli.socket, "getaddrinfo", lambda *a: [(2, 2, 17, "", ("127.0.1.1", 0))])
    monkeypatch.setattr(cli, "routed_address", lambda: "192.168.1.20")
    assert cli.lan_addresses() == ["192.168.1.20"]
    monkeypatch.setattr(cli, "routed_address", lambda: None)
    assert cli.lan_addresses() == []


@pytest.mark.parametrize("limits", ["scorekeeper://", "memory://"])
def test_a_start_logs_no_traceback(tmp_path, monkeypatch, limits):
    """The real server, started and stopped: its log says it started and nothing went wrong (a gevent KeyError
    traceback was printed by the first worker at every start while the rate limits were counted in memory, as an
    operator may still have them: that store starts a timer in the master). It leaves no gunicorn control socket in
    the user's home, which every server of the machine took over in turn and the first to stop removed."""
    from tests.test_two_servers import Server

    monkeypatch.setenv("SCOREKEEPER_RATELIMIT_STORAGE_URI", limits)
    monkeypatch.setenv("HOME", str(tmp_path / "home"))
    monkeypatch.delenv("XDG_RUNTIME_DIR", raising=False)
    server = Server(str(tmp_path / "store.sqlite"), tmp_path / "instance")
    try:
        assert server.ask("GET", "/")[0] == 200
        assert not (tmp_path / "home" / ".gunicorn").exists()
    finally:
        os.killpg(server.process.pid, signal.SIGTERM)  # gunicorn's graceful stop
        server.process.wait(30)
    log = server.log.read_text(errors="replace")
    assert "Booting worker" in log and "Shutting down" in log
    assert "Traceback" not in log and "Error" not in log, log

"""The tables `make bench` prints, and the targets of BENCHMARKS.md judged against the measurements."""

from __future__ import annotations

from .report import KB, kb, ms, rate, ratio, table, verdict

TARGETS = {"first_visit_kb": 30, "save_kb": 5, "save_vs_trivial": 0.5, "pdf_ms": 50}


def trivial_for(rows: list[dict], clients: int) -> dict | None:
    """The trivial route's line for that client count."""
    return next((r for r in rows if r["route"] == "trivial" and r["clients"] == clients), None)


def ratios(rows: list[dict], row: dict) -> tuple[float | None, float | None]:
    """Throughput as a share of the trivial route's, and p50 as a multiple of its p50: against the trivial
    run made just before this one when there is one, else against the trivial line."""
    base = trivial_for(rows, row["clients"]) or {}
    speed, p50 = row.get("base_throughput", base.get("throughput")), row.get("base_p50", base.get("p50"))
    return (row["throughput"] / speed if speed else None), (row["p50"] / p50 if p50 else None)


def load_table(rows: list[dict]) -> str:
    """Latency and throughput of every route, and its ratio to the trivial route."""
    lines = []
    for row in rows:
        speed, slower = ratios(rows, row)
        errors = ", ".join(f"{n}×{s}" for s, n in row["errors"].items()) or "0"
        if row["exhausted"]:
            errors += " (ran out of games)"
        lines.append(
            [
                row["label"],
                row["clients"],
                ms(row["p50"]),
                ms(row["p99"]),
                rate(row["throughput"]),
                ratio(speed),
                ratio(slower),
                row["requests"],
                errors,
            ]
        )
    return table(
        ["route", "clients", "p50 ms", "p99 ms", "req/s", "req/s ÷ trivial", "p50 × trivial", "answers", "errors"],
        lines,
        right={1, 2, 3, 4, 5, 6, 7},
    )


def wire_table(found: dict) -> str:
    """Bytes over the wire, as served."""
    lines = []
    for key, label in (
        ("first_visit", "first visit to a game page (HTML, CSS, JS)"),
        ("save", "one round save (htmx answer)"),
    ):
        t = found[key]
        lines.append([label, t["requests"], kb(t["wire"]), kb(t["body"]), kb(t["plain"]), "+".join(t["encodings"])])
    return table(["what", "requests", "wire KB", "bodies KB", "uncompressed KB", "encoding"], lines, right={1, 2, 3, 4})


def sheets_table(found: dict) -> str:
    """Score-sheet build times in-process."""
    if found.get("skipped"):
        return f"Score sheets in-process: not measured ({found['skipped']})."
    lines = [
        [s["label"], ms(s["first"]), ms(s["p50"]), ms(s["max"]), ms(s.get("cpu")), s["runs"], kb(s["bytes"])]
        for s in found["sheets"]
    ]
    return table(["sheet built in-process", "first ms", "p50 ms", "max ms", "CPU p50 ms", "runs", "PDF KB"], lines)


def memory_table(memory: dict) -> str:
    """Peak resident memory of the server's processes."""
    lines = [["gunicorn master", f"{memory['master'] / 1024:.1f}"]]
    lines += [[f"worker {k + 1}", f"{m / 1024:.1f}"] for k, m in enumerate(memory["workers"])]
    lines.append(["all together", f"{(memory['master'] + sum(memory['workers'])) / 1024:.1f}"])
    return table(["process", "peak RSS (VmHWM) MiB"], lines)


def targets(results: dict) -> list[list]:
    """Each target, what was measured, met or missed."""
    rows, found = results["rows"], results["wire"]
    out = []
    visit = found["first_visit"]["wire"]
    out.append(
        [
            f"first visit ≤ {TARGETS['first_visit_kb']} KB compressed",
            f"{kb(visit)} KB",
            verdict(visit <= TARGETS["first_visit_kb"] * KB),
        ]
    )
    save = found["save"]["wire"]
    out.append(
        [f"round save answer ≤ {TARGETS['save_kb']} KB", f"{kb(save)} KB", verdict(save <= TARGETS["save_kb"] * KB)]
    )
    for row in (r for r in rows if r["route"] == "save"):
        share, _ = ratios(rows, row)
        out.append(
            [
                f"round saves ≥ {TARGETS['save_vs_trivial']} × trivial req/s, {row['clients']} client(s)",
                ratio(share),
                verdict(None if share is None else share >= TARGETS["save_vs_trivial"]),
            ]
        )
    for sheet in results["sheets"].get("sheets", []):
        out.append(
            [
                f"{sheet['label']} < {TARGETS['pdf_ms']} ms (in-process p50)",
                f"{ms(sheet['p50'])} ms",
                verdict(sheet["p50"] < TARGETS["pdf_ms"]),
            ]
        )
    served = next((r for r in rows if r["route"] == "pdf" and r["clients"] == 1), None)
    out.append(
        [
            f"completed sheet served < {TARGETS['pdf_ms']} ms (p50, 1 client)",
            f"{ms(served['p50'])} ms" if served else "–",
            verdict(None if served is None else served["p50"] < TARGETS["pdf_ms"]),
        ]
    )
    return out


def render(results: dict) -> str:
    """The whole report."""
    m, s = results["machine"], results["server"]
    head = (
        f"Scorekeeper benchmark, {m['date']}: {m['cpus']} CPUs ({m['cpu']}), {m['memory_gib']} GiB, "
        f"Python {m['python']}, {m['system']}; load average before the run {m['load'][0]:g}.\n"
        f"Server: scorekeeper serve (gunicorn {s['worker_class']}, {s['workers']} workers × {s['threads']} "
        f"threads) on 127.0.0.1; clients on the same machine, kept-alive connections.\n"
        f"Game: Tout ou rien, 6 players, hands 6-5-4-3-4-5-6 (7 rounds). "
        f"{results['seconds']:g} s measured per line, each right after {results.get('reference', 1):g} s of the "
        f"trivial route (the ratios compare the two). Run took {results['elapsed']:g} s."
    )
    parts = [head, load_table(results["rows"])]
    parts += [f"Not measured: {why}" for why in results["skipped"].values()]
    parts += [
        wire_table(results["wire"]),
        sheets_table(results["sheets"]),
        memory_table(results["memory"]),
        table(["target", "measured", "verdict"], targets(results), right=set()),
    ]
    return "\n\n".join(parts)

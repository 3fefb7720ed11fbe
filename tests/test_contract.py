"""The contract every registered game keeps: each piece its registry line names is there, and they work
together end to end. The game's sample is typed into the web form (with and without htmx), its page
shown, its completed and blank sheets printed and read back, and its file scored and printed by the
command line. A sixth game passes these tests or it is not done: this file is the checklist."""

from __future__ import annotations

import importlib
import json
import re
from pathlib import Path

import pytest
from click.testing import CliRunner
from jinja2 import Environment, FileSystemLoader, StrictUndefined, nodes

from scorekeeper import i18n, registry, rules
from scorekeeper.cli import main
from scorekeeper.i18n import number
from scorekeeper.registry import TEMPLATE_MACROS, Bundle
from scorekeeper.sheets.layout import GameSheet
from tests.contract import named, shown
from tests.markup import parse
from tests.pdfs import pdf_text
from tests.samples import HX, enter, expected, normalised, sample
from tests.web.helpers import totals

ROOT = Path(__file__).resolve().parent.parent
PACKAGE = ROOT / "scorekeeper"
LANGUAGES = sorted(p.name for p in (PACKAGE / "translations").iterdir() if p.is_dir())
EN = {"Accept-Language": "en"}
GAMES = [pytest.param(bundle, id=bundle.id) for bundle in registry.GAMES]
SAMPLE = (  # what a game's sample gives the shared tests (tests/samples/__init__.py)
    *("GAME", "SCORES", "OTHER_FIRST", "BLANK", "posts", "TAPS", "full_game", "BIGGEST", "SHEET", "LONG"),
    *("WARNED", "STANDINGS"),
)
PIECES = (
    ("rules.py", ("RULES",)),
    ("form.py", ("read", "fields")),
    ("sheet.py", ("SHEET",)),
)  # what each module of a game's folder defines
GAME_MODULES = {  # what makes a module of a shared layer look like a game's piece, which belongs in a game's folder
    "rules": re.compile(r"^RULES = ", re.M),
    "forms": re.compile(r"^def read\(form[^)]*\bstep\b", re.M),
    "sheets": re.compile(r"^SHEET = ", re.M),
}


def missing(bundle: Bundle) -> list[str]:
    """The pieces a registered game lacks, each as what to add."""
    gaps = []
    folder = PACKAGE / "games" / bundle.module
    for file, names in PIECES:
        path = folder / file
        if not path.exists():
            gaps.append(f"scorekeeper/games/{bundle.module}/{file}")
            continue
        source = path.read_text(encoding="utf-8")
        gaps += [f"{path.name}: {name}" for name in names if not re.search(rf"^(def {name}\(|{name} = )", source, re.M)]
    own = ["board.html", *(["script.js"] if bundle.script else []), *(["style.css"] if bundle.style else [])]
    own += [f"translations/{lang}.po" for lang in LANGUAGES]
    own += [f"scoring/{lang}.txt" for lang in i18n.LANGUAGES]  # how it scores, in its own words
    gaps += [f"scorekeeper/games/{bundle.module}/{file}" for file in own if not (folder / file).exists()]
    sample_path = ROOT / Path(*bundle.sample.split(".")).with_suffix(".py")
    if not sample_path.exists():
        return [*gaps, str(sample_path.relative_to(ROOT))]
    source = sample_path.read_text(encoding="utf-8")
    gaps += [f"{sample_path.name}: {name}" for name in SAMPLE if not re.search(rf"^(def )?{name}\b", source, re.M)]
    return gaps


def macros(app, template: str) -> set[str]:
    """The macros a template defines, and those it passes on from macros.html ({% set cell = m.cell %})."""
    source = app.jinja_env.loader.get_source(app.jinja_env, template)[0]
    tree = app.jinja_env.parse(source)
    names = {m.name for m in tree.find_all(nodes.Macro)}
    for node in tree.body:
        if isinstance(node, nodes.Assign):
            targets = [node.target] if isinstance(node.target, nodes.Name) else list(node.target.find_all(nodes.Name))
            names |= {t.name for t in targets}
    return names


# -- every piece is there --------------------------------------------------------------------------


@pytest.mark.parametrize("bundle", GAMES)
@named
def test_every_piece_of_the_game_is_there(app, bundle):
    assert missing(bundle) == []
    folder = shown(bundle.folder)
    found = registry.load(bundle.rules_module)
    assert isinstance(found.RULES, rules.Rules), f"{folder}/rules.py: RULES is a rules.Rules"
    assert found.RULES.id == bundle.id, f"{folder}/rules.py: RULES.id is {found.RULES.id!r}, not {bundle.id!r}"
    assert rules.get(bundle.id) is found.RULES
    form = bundle.form()
    assert callable(form.read) and callable(form.fields), f"{folder}/form.py: read and fields are functions"
    assert isinstance(bundle.sheet().SHEET, GameSheet), f"{folder}/sheet.py: SHEET is a sheets.layout.GameSheet"
    lacking = sorted(set(TEMPLATE_MACROS) - macros(app, bundle.template))
    assert not lacking, f"{folder}/board.html lacks the macros {lacking}"
    module = sample(bundle.id)
    own = f"tests/games/{bundle.module}/sample.py"
    assert module.GAME["rules"] == bundle.id and module.GAME["rounds"], f"{own}: GAME, a game file of {bundle.id}"
    assert module.BLANK, f"{own}: BLANK, words its blank pad prints"


def test_a_game_missing_its_pieces_is_told_what_to_add():
    gaps = missing(Bundle("sixth-game", script=True))
    assert gaps[:4] == [
        "scorekeeper/games/sixth_game/rules.py",
        "scorekeeper/games/sixth_game/form.py",
        "scorekeeper/games/sixth_game/sheet.py",
        "scorekeeper/games/sixth_game/board.html",
    ]
    assert "scorekeeper/games/sixth_game/script.js" in gaps and "tests/games/sixth_game/sample.py" in gaps
    assert "scorekeeper/games/sixth_game/translations/fr.po" in gaps


def test_a_broken_piece_fails_naming_its_file_and_line(tmp_path, monkeypatch):
    """Not a raw ModuleNotFoundError or UndefinedError from the layer that met it: the game's own file."""
    folder = tmp_path / "broken_game"
    folder.mkdir()
    (folder / "__init__.py").write_text("")
    (folder / "form.py").write_text("def read(form, step, ctx):\n    return form['nope']\n")
    (folder / "sheet.py").write_text("import nowhere_to_be_found  # noqa\n")
    (folder / "board.html").write_text("{% macro cell(v) %}\n{{ v.board.nothing.deeper }}\n{% endmacro %}\n")
    monkeypatch.syspath_prepend(str(tmp_path))
    bundle = Bundle("broken-game", package="broken_game")
    env = Environment(loader=FileSystemLoader(folder), undefined=StrictUndefined)
    for broken, said in [
        (lambda: importlib.import_module("broken_game.form").read({}, "round", None), "form.py:2: KeyError: 'nope'"),
        (lambda: importlib.import_module("broken_game.sheet"), "sheet.py:1: ModuleNotFoundError"),
        (lambda: importlib.import_module("broken_game.rules"), "broken_game/rules.py: ModuleNotFoundError"),
        (lambda: env.from_string('{% import "board.html" as g %}{{ g.cell({}) }}').render(), "board.html:2: Undefined"),
    ]:
        with pytest.raises(AssertionError, match=re.escape(said)):
            named(lambda bundle, broken=broken: broken())(bundle=bundle)


def test_every_game_folder_is_a_registered_game():
    """A game half added (a folder, a script without its registry line) is caught too, and so is a game's
    piece left in a shared layer."""
    modules = {b.module for b in registry.GAMES}
    for layer, looks_like_a_game in GAME_MODULES.items():
        found = {p.stem for p in (PACKAGE / layer).glob("*.py") if looks_like_a_game.search(p.read_text("utf-8"))}
        assert found == set(), layer
    playable = {p.parent.name for p in (PACKAGE / "games").glob("*/form.py")}  # rules alone: a game on its way
    assert playable | {p.parent.name for p in (PACKAGE / "games").glob("*/board.html")} == modules
    assert {p.parent.name for p in (ROOT / "tests" / "games").glob("*/sample.py")} == modules
    assert not [*(ROOT / "templates").glob("games/*"), *(ROOT / "static").glob("games/*")]  # the old places
    for bundle in registry.GAMES:
        own = {p.name for p in bundle.folder.glob("*.js")} | {p.name for p in bundle.folder.glob("*.css")}
        assert own == {p.name for p in bundle.static.values()}, bundle.id


def test_the_home_page_and_the_command_line_offer_the_games_in_the_registry_order(client):
    links = [a.attrs.get("href", "") for a in parse(client.get("/", headers=EN).get_data()).all("a")]
    offered = [link.removeprefix("/new/") for link in links if link.startswith("/new/")]
    assert offered == list(registry.ids())
    sheet_help = CliRunner().invoke(main, ["sheet", "--help"]).output
    assert ", ".join(registry.ids()) in " ".join(sheet_help.split())


# -- and they work together ------------------------------------------------------------------------


@pytest.mark.parametrize("headers", [{}, HX], ids=["plain", "htmx"])
@pytest.mark.parametrize("bundle", GAMES)
@named
def test_the_sample_typed_into_the_form_is_the_game_the_rules_derive(client, bundle, headers):
    document = sample(bundle.id).GAME
    url = enter(client, document, headers)
    exported = client.get(f"{url}/export.json").get_json()
    assert exported["rounds"] == normalised(document)
    assert exported["result"] == expected(document)
    standings = exported["result"]["standings"]
    assert sorted(s["side"] for s in standings) == sorted(exported["result"]["sides"])
    assert [s["rank"] for s in standings] == sorted(s["rank"] for s in standings) and standings[0]["rank"] == 1
    if exported["result"]["finished"]:
        assert {s["side"] for s in standings if s["rank"] == 1} == set(exported["result"]["winners"])
    page = client.get(url, headers=EN)
    assert page.status_code == 200
    html = page.get_data(as_text=True)
    assert totals(html) == [number(t, "en") for t in exported["result"]["totals"]]
    for side in exported["result"]["sides"]:
        assert side.replace("&", "&amp;") in html
    if exported["result"]["finished"]:
        assert "Winner" in html and ", ".join(exported["result"]["winners"]).replace("&", "&amp;") in html


@pytest.mark.parametrize("bundle", GAMES)
@named
def test_the_game_page_loads_the_games_own_script_and_style(client, bundle):
    """In the page's own bundles (scorekeeper/assets.py): one style sheet and one script besides htmx."""
    response = client.post("/games/import", json={**sample(bundle.id).GAME, "rounds": []})
    head = parse(client.get(response.headers["Location"]).get_data()).first("head")
    assert len(head.all("script")) == 2 and len(head.all("link", rel="stylesheet")) == 1
    addresses = [e.attrs.get("src") or e.attrs.get("href", "") for e in head.all("script") + head.all("link")]
    for path in bundle.scripts + bundle.styles:
        ext = path.rsplit(".", 1)[1]
        named = re.compile(rf"/static/bundles/{bundle.id}\.[0-9a-f]{{12}}\.{ext}")
        link = [address for address in addresses if named.fullmatch(address)]
        assert link, path
        served = client.get(link[0]).get_data(as_text=True)
        source = bundle.static[path].read_text()
        names = re.findall(r"\.([a-z][\w-]{3,})\b" if ext == "css" else r'"([\w:-]{4,})"', source)
        assert names and all(name in served for name in names), path  # the game's own rules and strings


@pytest.mark.parametrize("bundle", GAMES)
@named
def test_the_completed_sheet_from_the_web_prints_the_sides_and_totals(client, bundle):
    document = sample(bundle.id).GAME
    url = client.post("/games/import", json=document).headers["Location"]
    response = client.get(f"{url}/sheet.pdf", headers=EN)
    assert response.status_code == 200 and response.mimetype == "application/pdf"
    text = pdf_text(response.data)
    result = expected(document)
    for side in result["sides"]:
        assert side in text
    for total in result["totals"]:
        assert number(total, "en") in text
    if result["finished"]:
        assert f"Winner: {', '.join(result['winners'])}" in text or f"Winners: {', '.join(result['winners'])}" in text


@pytest.mark.parametrize("bundle", GAMES)
@named
def test_the_blank_pads_print_for_the_fewest_and_the_most_players(client, bundle):
    rules_ = rules.get(bundle.id)
    for players in (rules_.min_players, rules_.max_players):
        response = client.get(f"/sheets/blank.pdf?rules={bundle.id}&players={players}&paper=a4", headers=EN)
        assert response.status_code == 200, response.get_data(as_text=True)
        text = pdf_text(response.data)
        assert f"#{players}" in text
        for words in sample(bundle.id).BLANK:
            assert words in text, (players, words)


@pytest.mark.parametrize("bundle", GAMES)
@named
def test_the_command_line_scores_and_prints_the_sample(tmp_path, bundle):
    document = sample(bundle.id).GAME
    source = tmp_path / "game.json"
    source.write_text(json.dumps(document, ensure_ascii=False), encoding="utf-8")
    scored = CliRunner().invoke(main, ["score", "--lang", "en", str(source)])
    assert scored.exit_code == 0, scored.output
    assert json.loads(scored.stdout)["result"] == expected(document)
    out = tmp_path / "sheet.pdf"
    printed = CliRunner().invoke(main, ["sheet", str(source), "-o", str(out), "--lang", "en"])
    assert printed.exit_code == 0, printed.output
    text = pdf_text(out.read_bytes())
    assert all(side in text for side in expected(document)["sides"])
    blank = tmp_path / "blank.pdf"
    players = str(rules.get(bundle.id).min_players)
    printed = CliRunner().invoke(
        main, ["sheet", "--blank", "--rules", bundle.id, "--players", players, "-o", str(blank)]
    )
    assert printed.exit_code == 0, printed.output
    assert blank.read_bytes().startswith(b"%PDF")

"""HTML read as a browser reads it, as the standard library's parser reads it: the text a player sees, and elements
found by tag, id, class or attribute, rather than regular expressions over the markup.

Reading the pages was a tenth of the web tests' time, most of it html.parser's tag by tag work in Python. So
the markup the app writes (tags, attributes, text, comments, a doctype, scripts and styles) is read by one regular
expression into the very tree html.parser builds (tests/web/test_markup.py compares the two); anything else, a stray
"<" or a tag it does not know how to end, is left to html.parser whole."""

from __future__ import annotations

import functools
import re
from html import unescape
from html.parser import HTMLParser

VOID = frozenset(["area", "base", "br", "col", "embed", "hr", "img", "input", "link", "meta", "source", "track", "wbr"])
HIDDEN = frozenset(("script", "style", "template"))
RAW = frozenset(("script", "style"))  # what html.parser reads as text up to its end tag
FIELDS = frozenset(("input", "select", "textarea"))


class Element:
    """One element: its tag, its attributes, and what is inside it (elements and text, in order)."""

    __slots__ = ("_attrs", "_written", "children", "tag")

    def __init__(
        self, tag: str, attrs: dict[str, str] | None = None, children: list[Element | str] | None = None, written=""
    ) -> None:
        """An element; its attributes given, or `written` as in its start tag (read when first asked for: most
        elements of a page never are)."""
        self.tag = tag
        self.children: list[Element | str] = [] if children is None else children
        self._attrs = {} if attrs is None and not written else attrs
        self._written = written

    @property
    def attrs(self) -> dict[str, str]:
        """Its attributes as html.parser gives them: names in lower case, values unescaped, "" for none."""
        if self._attrs is None:
            self._attrs = _attributes(self._written)
        return self._attrs

    def __eq__(self, other: object) -> bool:
        """The same tag, attributes and contents."""
        if not isinstance(other, Element):
            return NotImplemented
        return (self.tag, self.attrs, self.children) == (other.tag, other.attrs, other.children)

    def __repr__(self) -> str:
        """As a test's failure shows it."""
        return f"Element(tag={self.tag!r}, attrs={self.attrs!r}, children={self.children!r})"

    def text(self, between: str = " ") -> str:
        """The text inside, spaces folded, what scripts and styles hold left out; `between` goes between the
        texts of two elements ("" reads a cell as one word: "5<small>/7</small>" is "5/7")."""
        pieces = []
        todo = self.children[::-1]  # a stack, not recursion: a page is read whole many times
        while todo:
            child = todo.pop()
            if isinstance(child, str):
                pieces.append(child)
            elif child.tag not in HIDDEN:
                todo += child.children[::-1]
        return " ".join(between.join(pieces).split())

    def all(self, tag: str | None = None, **attrs: str) -> list[Element]:
        """Every element inside (at any depth) with that tag and those attributes (class_ for class: one of its
        classes), in document order."""
        found = []
        todo = self.children[::-1]  # a stack, not recursion: a page is searched whole many times
        while todo:
            child = todo.pop()
            if not isinstance(child, str):
                if (child.tag == tag or tag is None) and (not attrs or child.matches(tag, attrs)):
                    found.append(child)
                todo += child.children[::-1]
        return found

    def first(self, tag: str | None = None, **attrs: str) -> Element:
        """The first such element; the test fails, naming it, when there is none."""
        found = self.all(tag, **attrs)
        assert found, f"no <{tag or '*'}> with {attrs} in the page"
        return found[0]

    def value(self, name: str) -> str:
        """The value the form field named `name` holds as the page is drawn (an input's value, a text area's text,
        the selected option's value); the test fails, naming it, when there is none."""
        field = next((e for e in self.fields(name) if e.attrs["name"] == name), None)
        assert field is not None, f"no field named {name!r} in the page"
        if field.tag == "textarea":
            return "".join(c for c in field.children if isinstance(c, str))
        if field.tag == "select":
            chosen = [o for o in field.all("option") if "selected" in o.attrs] or field.all("option")[:1]
            return chosen[0].attrs.get("value", chosen[0].text()) if chosen else ""
        return field.attrs.get("value", "")

    def fields(self, prefix: str = "") -> list[Element]:
        """The form fields (inputs, selects, text areas) whose name starts with `prefix`, in order."""
        return [e for e in self.all() if e.tag in FIELDS and e.attrs.get("name", "\0").startswith(prefix)]

    def offered(self, name: str) -> list[str]:
        """The values the chips or boxes named `name` offer, in order."""
        return [e.attrs.get("value", "") for e in self.all("input", name=name)]

    def ticked(self, name: str) -> list[str]:
        """The values of the chips or boxes named `name` that are ticked (checked), in order."""
        return [e.attrs.get("value", "") for e in self.all("input", name=name) if "checked" in e.attrs]

    def tree(self, fold: bool = False, leave: frozenset[str] = frozenset()) -> tuple:
        """This element as a value two drawings of it compare by: (tag, attributes, contents), the attributes named
        in `leave` left out; with `fold`, spaces folded in text and attributes and text of spaces alone dropped
        (the spaces between tags, which show nowhere)."""
        said = (lambda text: " ".join(text.split())) if fold else (lambda text: text)
        attrs = sorted((name, said(value)) for name, value in self.attrs.items() if name not in leave)
        contents: list = []
        for child in self.children:
            if isinstance(child, Element):
                contents.append(child.tree(fold, leave))
            elif said(child):
                contents.append(said(child))
        return self.tag, attrs, contents

    def matches(self, tag: str | None, attrs: dict[str, str]) -> bool:
        """Whether this element has the tag and the attributes asked for."""
        if tag is not None and self.tag != tag:
            return False
        for name, value in attrs.items():
            if name == "class_":
                if value not in self.attrs.get("class", "").split():
                    return False
            elif self.attrs.get(name.replace("_", "-")) != value:
                return False
        return True


class _Builder(HTMLParser):
    """The parser that builds the tree of Elements."""

    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.root = Element("#document")
        self.open = [self.root]

    def updatepos(self, i: int, j: int) -> int:
        """Where the parser is, left uncounted: no reading asks for a line number, and counting them was an
        eighth of the parse."""
        return j

    def handle_starttag(self, tag, attrs):
        element = Element(tag, {name: value or "" for name, value in attrs})
        self.open[-1].children.append(element)
        if tag not in VOID:
            self.open.append(element)

    def handle_startendtag(self, tag, attrs):
        self.open[-1].children.append(Element(tag, {name: value or "" for name, value in attrs}))

    def handle_endtag(self, tag):
        for depth in range(len(self.open) - 1, 0, -1):  # an end tag closes what it opened, and what is left in it
            if self.open[depth].tag == tag:
                del self.open[depth:]
                return

    def handle_data(self, data):
        self.open[-1].children.append(data)


# the pieces of markup, as html.parser tells them apart; a start tag's attributes written as the app writes them (a
# space before each, values quoted or plain), else the piece is no tag here and its "<" is stray
_ATTRIBUTES = r"""((?:\s+[^\s/>"'=][^\s/=>]*(?:\s*=\s*(?:"[^"]*"|'[^']*'|[^\s"'=<>`]+))?)*)"""
_PIECES = re.compile(
    r"""([^<]+)                                                 # 1 text
    | <((?i:script|style))"""
    + _ATTRIBUTES
    + r"""\s*>(.*?)</\s*(?i:\2)\s*>   # 2 a script or a style, 3 its attributes, 4 its text as it is
    | <([a-zA-Z][^\t\n\r\f />\x00]*)"""
    + _ATTRIBUTES
    + r"""\s*(/?)>                                              # 5 a start tag, 6 its attributes, 7 closed
    | </([a-zA-Z][-.a-zA-Z0-9:_]*)\s*>                          # 8 an end tag
    | <!--.*?--\s*>                                              # a comment
    | <![dD][oO][cC][tT][yY][pP][eE][^>]*>                       # the doctype
    | (<)                                                       # 9 anything else
    """,
    re.VERBOSE | re.DOTALL,
)
_ATTRIBUTE = re.compile(r"""([^\s/>"'=][^\s/=>]*)(?:\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s"'=<>`]+)))?""")


class _Unusual(Exception):
    """Markup the quick reading leaves to html.parser."""


def _attributes(written: str) -> dict[str, str]:
    """A start tag's attributes as html.parser gives them: names in lower case, values unescaped, "" for none."""
    found = {}
    for name, double, single, plain in _ATTRIBUTE.findall(written):
        value = double or single or plain
        found[name.lower()] = unescape(value) if "&" in value else value
    return found


def _quick(html: str) -> Element:
    """The tree html.parser and _Builder make of this markup, read piece by piece with one regular expression."""
    root = Element("#document", {}, [])
    opened = [root]
    inside = root.children
    for text, raw, raw_written, raw_text, tag, written, closed, end, stray in _PIECES.findall(html):
        if text:
            inside.append(unescape(text) if "&" in text else text)
        elif tag:
            tag = tag.lower()
            element = Element(tag, None, [], written)
            inside.append(element)
            if not closed and tag not in VOID:
                if tag in RAW:  # a script or a style with no end tag: html.parser reads the rest as its text
                    raise _Unusual
                opened.append(element)
                inside = element.children
        elif end:
            end = end.lower()
            for depth in range(len(opened) - 1, 0, -1):  # as _Builder.handle_endtag
                if opened[depth].tag == end:
                    del opened[depth:]
                    inside = opened[-1].children
                    break
        elif raw:
            inside.append(Element(raw.lower(), None, [raw_text] if raw_text else [], raw_written))
        elif stray:
            raise _Unusual
    return root


def standard(html: str | bytes) -> Element:
    """The document as a tree of Elements, read by html.parser."""
    builder = _Builder()
    builder.feed(html.decode() if isinstance(html, bytes) else html)
    builder.close()
    return builder.root


def parse(html: str | bytes) -> Element:
    """The document as a tree of Elements (the tree html.parser makes of it). The same markup read again is the
    same tree (a test often reads one answer in two helpers): a tree is read, never changed."""
    return _read(html.decode() if isinstance(html, bytes) else html)


@functools.lru_cache(maxsize=32)
def _read(html: str) -> Element:
    """The tree of this markup, read quickly where it is as the app writes it."""
    try:
        return _quick(html)
    except _Unusual:
        return standard(html)


def text(html: str | bytes) -> str:
    """The page's text as a player reads it, spaces folded."""
    return parse(html).text()

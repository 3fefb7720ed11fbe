"""The tests read pages with tests/markup.py, which reads the app's markup with one regular expression and leaves
any other markup to the standard library's parser: either way the tree is the one html.parser builds, so every
test's readings are what they were."""

from __future__ import annotations

import pytest

from tests import pick
from tests.markup import _quick, parse, standard
from tests.samples import sample

from .helpers import imported

HX = {"HX-Request": "true"}

# what the app writes, and what a reading could get wrong: entities, quotes, void and closed tags, scripts' text
WRITTEN = {
    "entities": '<p title="a &amp; b &lt;c&gt; &quot;d&quot;">x &eacute; &#233; &#x41;&nbsp;y &amp;amp;</p>',
    "void and closed": '<br><br/><img src=x.png alt=""><svg><path d="M0 0"/><g />text</svg><div/>in',
    "attributes": '<INPUT Type=checkbox CHECKED name=\'a\' value="1" value="2" data-x=a/b/><Select ID=s>',
    "spaces in tags": '<a  href = "x"  class="y z"\n  hidden >t</a ><p\ttitle="a > b">&gt;</p\n>',
    "unclosed and stray": "<ul><li>one<li>two</ul></span><p>after<b><i>both</b>out</i>",
    "scripts": '<script type="module">if (a < b && c) { s = "</div>" }</script ><STYLE>p > a {}</Style>x',
    "scripts' ends": '<script src="/a.js" defer></script><script/>x<scripts>y</scripts><style></style>',
    "hidden text": '<template><b>hidden</b></template><textarea name="t">a <b>b</b> &amp;</textarea>',
    "comments": "<!DOCTYPE html><!-- a -- b --><p>a<!-- <p>c</p> -->b</p><!---->",
    "spaces": "  <div>\n  <span> a </span>\n\n  <span>b</span>  </div>  ",
}
# what it does not write, left to html.parser
UNUSUAL = {
    "a stray <": "<p>1 < 2 and a <3 b</p>",
    "attributes without a space": '<a x="1"y="2" z=>t</a>',
    "odd declarations": "<!bogus><![CDATA[x<y]]><?php echo 1 ?></ p><p>t",
    "a script never ended": "<p>a</p><script>if (a < b) {",
    "a tag never ended": '<p class="x',
}


@pytest.mark.parametrize("markup", WRITTEN.values(), ids=WRITTEN.keys())
def test_the_markup_the_app_writes_is_read_quickly_into_html_parser_s_tree(markup):
    assert _quick(markup).tree() == standard(markup).tree()


@pytest.mark.parametrize("markup", UNUSUAL.values(), ids=UNUSUAL.keys())
def test_other_markup_is_read_as_html_parser_reads_it(markup):
    assert parse(markup).tree() == standard(markup).tree()


def test_the_app_s_pages_and_answers_are_read_quickly_into_html_parser_s_tree(client):
    rules_id = pick.game()
    url = imported(client, sample(rules_id).full_game())
    pages = [client.get(address) for address in ("/", f"/new/{rules_id}", url, f"{url}/lineup", f"{url}/players")]
    pages.append(client.get(url, headers=HX))
    for page in pages:
        assert page.status_code == 200, page.request.path
        html = page.get_data(as_text=True)
        assert _quick(html).tree() == standard(html).tree(), page.request.path

"""Rendering: a whole page, or the named blocks an htmx request asked for."""

from __future__ import annotations

from flask import make_response, render_template
from flask_htmx import HTMX
from jinja2_fragments.flask import render_blocks

from ..i18n import describe

htmx = HTMX()  # truthy on an htmx request; initialised by views.init_app


def _vary(response, status: int):
    """Set the status, and tell caches the answer depends on HX-Request."""
    response.status_code = status
    response.headers["Vary"] = "HX-Request, Cookie, Accept-Language"
    return response


def full(template: str, status: int = 200, **context):
    """The whole page."""
    return _vary(make_response(render_template(template, partial=False, **context)), status)


def blocks(template: str, names, status: int = 200, **context):
    """Just the named blocks of a page; all but the first are swapped out of band."""
    html = render_blocks(template, list(names), partial=True, **context)
    return _vary(make_response(html), status)


def again(html: bytes, status: int = 200):
    """Blocks drawn before for an identical request (a watching phone's news), sent as they were."""
    return _vary(make_response(html), status)


def problems(found, status: int, names=None):
    """A page that lists what is wrong, for requests that have no form to show it on."""
    return full("problems.html", status, messages=[describe(p, names) for p in found])

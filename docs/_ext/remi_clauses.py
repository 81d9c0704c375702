"""Stable anchors for the rules' clauses, and the ``:clause:`` role that links to them.

On the rules pages every clause is a definition-list item whose term starts with
its label and a dash: ``N15 — Going down``, ``LX3 — A final discard (L10)``. Each
such term gets the label itself as its HTML ``id``, so
``variants/norwegian.html#N15`` is the clause N15, now and in later releases.

The letter says which page holds a clause (:data:`PAGES`): a clause found on
another page, or twice, is a warning (an error under ``-W``).

``:clause:`N15``` links to the clause from any page; an unknown label is a
warning (an error under ``-W``, so the build fails on a clause that does not
resolve). In the examples' output, a refusal's cited clause (``… 2 melds
(N15)``) links to the clause too (:func:`link_refusals`).
``tests/architecture/test_clause_refs.py`` checks, without a docs build, that every label cited
in the code, the docs, the examples and the tests has its anchor.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Set
from typing import Any

from docutils import nodes  # type: ignore[import-untyped]
from docutils.parsers.rst.states import Inliner  # type: ignore[import-untyped]
from sphinx.addnodes import pending_xref
from sphinx.application import Sphinx
from sphinx.environment import BuildEnvironment
from sphinx.util import logging
from sphinx.util.nodes import make_refnode

logger = logging.getLogger(__name__)

#: The page holding each letter's clauses: N1…, NX1… on the Norwegian page, and so on.
PAGES = {
    "N": "variants/norwegian",
    "E": "variants/english",
    "L": "variants/liverpool",
    "S": "variants/shanghai",
    "M": "variants/mayi",
    "R": "variants/shared",
}
#: A clause label: a page letter, ``X`` for a worked example, a number.
LABEL = re.compile(r"[NELSMR]X?[1-9][0-9]*")
#: A term that defines a clause: its label, then an em dash.
TERM = re.compile(rf"^({LABEL.pattern}) —")

ENV_KEY = "remi_clauses"


def _clauses(env: BuildEnvironment) -> dict[str, str]:
    """The clause labels found so far, each with the page that defines it."""
    found: dict[str, str] | None = getattr(env, ENV_KEY, None)
    if found is None:
        found = {}
        setattr(env, ENV_KEY, found)
    return found


def anchor_clauses(app: Sphinx, doctree: nodes.document) -> None:
    """Give every clause term of the page being read its label as an ``id``."""
    env = app.env
    docname = env.current_document.docname
    clauses = _clauses(env)
    for term in doctree.findall(nodes.term):
        match = TERM.match(term.astext())
        if match is None:
            continue
        label = match.group(1)
        expected = PAGES[label[0]]
        if docname != expected:
            logger.warning("clause %s belongs on %s, not here", label, expected, location=term)
            continue
        if label in clauses or label in doctree.ids:
            logger.warning("clause %s is defined twice", label, location=term)
            continue
        clauses[label] = docname
        # Set the id as written ("N15"), not docutils' normalised "n15": the anchor is the label.
        term["ids"].append(label)
        doctree.ids[label] = term
        term["classes"].append("remi-clause")


def purge_clauses(app: Sphinx, env: BuildEnvironment, docname: str) -> None:
    """Forget the clauses of a page that is read again."""
    clauses = _clauses(env)
    for label in [label for label, page in clauses.items() if page == docname]:
        del clauses[label]


def merge_clauses(app: Sphinx, env: BuildEnvironment, docnames: Set[str], other: BuildEnvironment) -> None:
    """Take in the clauses a parallel reader found."""
    _clauses(env).update(_clauses(other))


def clause_role(
    name: str,
    rawtext: str,
    text: str,
    lineno: int,
    inliner: Inliner,
    options: dict[str, Any] | None = None,
    content: Iterable[str] = (),
) -> tuple[list[nodes.Node], list[nodes.system_message]]:
    """``:clause:`N15```: a link to the clause's anchor on its variant's page."""
    label = text.strip()
    if not LABEL.fullmatch(label):
        message = inliner.reporter.error(f"not a clause label: {label!r} (e.g. N15, EX3, R1)", line=lineno)
        return [inliner.problematic(rawtext, rawtext, message)], [message]
    node = pending_xref(rawtext, refdomain="", reftype="clause", reftarget=label, refwarn=True)
    node += nodes.inline(label, label, classes=["remi-clause-ref"])
    return [node], []


def resolve_clause(app: Sphinx, env: BuildEnvironment, node: pending_xref, contnode: nodes.Element) -> Any:
    """Resolve a ``:clause:`` reference to ``<page>.html#<label>``; ``None`` (a warning) if unknown."""
    if node.get("reftype") != "clause":
        return None
    label = node["reftarget"]
    page = _clauses(env).get(label)
    if page is None:
        return None
    return make_refnode(app.builder, node["refdoc"], page, label, contnode, f"clause {label}")


#: An HTML code block, as Pygments writes it.
HIGHLIGHT = re.compile(r'<div class="highlight[^"]*"><pre>.*?</pre></div>', re.DOTALL)
#: A clause cited in a code block's text: a label after "(" or ", " and before ")" or ",".
CITED = re.compile(rf"(?:(?<=[(])|(?<=, ))({LABEL.pattern})(?=[),])")


def link_refusals(
    app: Sphinx, pagename: str, templatename: str, context: dict[str, Any], doctree: nodes.document | None
) -> None:
    """In the page's code blocks, link each clause a refusal cites, ``(N15)``, to the clause."""
    body = context.get("body")
    if not isinstance(body, str) or "highlight" not in body:
        return
    clauses = _clauses(app.env)

    def link(found: re.Match[str]) -> str:
        label = found.group(1)
        page = clauses.get(label)
        if page is None:
            return label
        uri = app.builder.get_relative_uri(pagename, page)
        return f'<a class="reference internal remi-clause-ref" href="{uri}#{label}">{label}</a>'

    context["body"] = HIGHLIGHT.sub(lambda block: CITED.sub(link, block.group(0)), body)


def setup(app: Sphinx) -> dict[str, Any]:
    """Register the anchors and the role."""
    app.connect("doctree-read", anchor_clauses)
    app.connect("env-purge-doc", purge_clauses)
    app.connect("env-merge-info", merge_clauses)
    app.connect("missing-reference", resolve_clause)
    app.add_role("clause", clause_role)
    app.connect("html-page-context", link_refusals)
    return {"version": "1", "parallel_read_safe": True, "parallel_write_safe": True, "env_version": 1}

"""The "Interface" section of a game's page, generated from ``conformance/interface/<game>.json``.

What an implementer needs to write an adapter from the docs alone: how the game is dealt,
its actions (fields, meaning, an example), its observables (meaning, how the harness
compares them, the canonical order of lists), its position notation field by field, and
what an outcome says.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Sequence

from conformance import interface
from koloda_docs.html import esc, json_text
from reference.core.jsontypes import JSON


def _schema_text(schema: JSON) -> str:
    """A JSON Schema, short, as code."""
    return f"<code>{esc(json_text(schema))}</code>" if schema not in ({}, None) else "any"


def _rows(head: Sequence[str], rows: Sequence[Sequence[str]], klass: str) -> str:
    th = "".join(f"<th>{esc(h)}</th>" for h in head)
    body = "\n".join("<tr>" + "".join(f"<td>{c}</td>" for c in row) + "</tr>" for row in rows)
    return (
        f'<table class="koloda-interface {klass}"><thead><tr>{th}</tr></thead>'
        f"<tbody>\n{body}\n</tbody></table>"
    )


def _code(name: str) -> str:
    return f"<code>{esc(name)}</code>"


def view_section(iface: dict[str, JSON], link_ruling: Callable[[str], str]) -> str:
    """What each seat may see: the fields of ``view.<seat>`` and ``view.public``, each with
    what it holds, to whom and from when, and the ruling that draws the line."""
    fields = {**interface.COMMON_VIEW, **interface.view_fields(iface)}
    rows = []
    for name, entry in fields.items():
        ruling = entry.get("ruling")
        rows.append(
            (
                _code(name),
                esc(str(entry.get("description", ""))),
                esc(str(entry.get("to", ""))),
                esc(str(entry.get("from", ""))),
                link_ruling(ruling) if isinstance(ruling, str) else "—",
            )
        )
    return (
        "<h4>What each seat may see</h4>"
        "<p>The observable <code>view.&lt;seat&gt;</code> is everything that seat may know at "
        "that moment and nothing more; <code>view.public</code> is what a bystander sees (no "
        "hand). Both are one object of these fields (compared exactly):</p>"
        + _rows(("field", "holds", "seen by", "from", "ruling"), rows, "view")
    )


def interface_section(game_id: str, link_ruling: Callable[[str], str] = _code) -> str:
    """The HTML of the section (every text escaped: it is data); ``link_ruling`` links a
    ruling id named by the view."""
    iface = interface.load(game_id)
    parts = [f"<p>{esc(str(iface.get('about', '')))}</p>"]
    deals = iface.get("deals")
    if isinstance(deals, dict):
        parts.append('<h4>Deals</h4><dl class="interface-deals">')
        for form, text in deals.items():
            parts.append(f"<dt><code>{esc(form)}</code></dt><dd>{esc(str(text))}</dd>")
        parts.append("</dl>")
    actions = iface.get("actions")
    if isinstance(actions, dict):
        rows = []
        for kind, entry in actions.items():
            if not isinstance(entry, dict):
                continue
            fields = entry.get("fields", {})
            field_html = (
                "<br>".join(f"<code>{esc(k)}</code>: {esc(str(v))}" for k, v in fields.items())
                if isinstance(fields, dict) and fields
                else "—"
            )
            example = entry.get("example")
            rows.append(
                (
                    f"<code>{esc(kind)}</code>",
                    esc(str(entry.get("description", ""))),
                    field_html,
                    f"<code>{esc(json_text(example))}</code>" if example is not None else "—",
                )
            )
        parts.append("<h4>Actions</h4>")
        parts.append(
            "<p>Every action also has <code>type</code> and <code>seat</code> (the seat that "
            "takes it; acting out of turn is an illegal action like any other).</p>"
        )
        parts.append(_rows(("type", "meaning", "fields", "example"), rows, "actions"))
    rows = []
    for name, entry in interface.observables(iface).items():
        order = entry.get("order")
        compare = str(entry.get("compare", "exact"))
        how = esc(compare) + (f"<br>{esc(str(order))}" if order else "")
        rows.append(
            (
                f"<code>{esc(name)}</code>",
                esc(str(entry.get("description", ""))),
                how,
                _schema_text(entry.get("schema")),
            )
        )
    parts.append("<h4>Observables</h4>")
    parts.append(
        "<p>How each is compared: "
        + "; ".join(f"<em>{esc(k)}</em> — {esc(v)}" for k, v in interface.COMPARE_MEANING.items())
        + ".</p>"
    )
    parts.append(_rows(("name", "meaning", "compared", "JSON"), rows, "observables"))
    if "view" in iface:
        parts.append(view_section(iface, link_ruling))
    position = iface.get("position")
    if isinstance(position, dict):
        parts.append("<h4>Position notation</h4>")
        parts.append(f"<p>{esc(str(position.get('description', '')))}</p>")
        fields = position.get("fields")
        rows = []
        if isinstance(fields, dict):
            for name, entry in fields.items():
                if not isinstance(entry, dict):
                    continue
                required = "required" if entry.get("required", True) else "optional"
                rows.append(
                    (
                        f"<code>{esc(name)}</code>",
                        esc(str(entry.get("description", ""))),
                        required,
                        _schema_text(entry.get("schema")),
                    )
                )
        parts.append(_rows(("field", "meaning", "", "JSON"), rows, "position"))
        shown: JSON = position.get("example")
        parts.append(
            '<details class="position-example"><summary>An example position</summary>'
            f"<pre>{esc(json.dumps(shown, ensure_ascii=False, indent=1))}</pre></details>"
        )
    parts.append("<h4>Outcome</h4>")
    parts.append(f"<p>{esc(str(iface.get('outcome', '')))}</p>")
    notes = iface.get("notes")
    if isinstance(notes, str) and notes.strip():
        parts.append(f'<p class="interface-notes">{esc(notes)}</p>')
    return "\n".join(parts)

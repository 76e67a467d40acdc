"""Each game's interface, as one data source: ``conformance/interface/<game>.json``.

An implementer of a game needs to know, without reading the reference: the actions (their
fields, meaning and a JSON example), the observables (meaning, JSON form, and how the harness
compares them, with the canonical order where the order counts), the position notation field
by field, the deal forms and how the game deals a pack order, and what an outcome means.

From each interface file are generated:

* the game's part of the scenario schema, ``schema/games/<game>.json`` (:func:`schema_part`;
  ``python scripts/interfaces.py --write`` writes them, a test fails when they drift);
* the "Interface" section of the game's docs page.

A test holds each interface against the reference: every observable the game answers is
described, every example action parses, the example position round-trips, the fields of
the positions the game writes are the fields described, values observed in random play
meet their schemas, and the comparison the engine applies is the one described.

The file, field by field (every ``description`` is prose for people, in English)::

    {
     "game": "<game id>",
     "about": "what to know first: the shape of a game, its phases",
     "deals": {"seed": "...", "order": "how the game deals a pack order", "hands": "..."},
     "actions": {"<type>": {"description": "...", "fields": {"<field>": "..."},
                            "example": {...}}},
     "action_schema": {JSON Schema of one action (well-formed; legality is the model's)},
     "observables": {"<name>": {"description": "...", "compare": "exact|set|multiset",
                                "order": "the canonical order of a list, where it counts",
                                "schema": {JSON Schema of its value}}},
     "position": {"description": "...", "fields": {"<field>": {"description": "...",
                  "required": true, "schema": {...}}}, "example": {...}},
     "view": {"<field>": {"description": "what the field holds", "to": "who sees it",
                          "from": "from when", "ruling": "AMB-… where the text is silent"}},
     "outcome": "what winners, losers and scores mean in this game"
    }

``view`` describes, field by field, what ``view.<seat>`` and ``view.public`` hold: what each
seat may see at that moment (``seat``, ``to_move``, ``phase`` and ``outcome`` are in every
game's view; the rest are the game's).
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Final

from reference.core.jsontypes import JSON, JSONObject

ROOT: Final = Path(__file__).parent
INTERFACES: Final = ROOT / "interface"
GAME_SCHEMAS: Final = ROOT / "schema" / "games"
#: How the harness compares an observable's expected and observed values.
COMPARE: Final = ("exact", "set", "multiset")
#: What the compare kinds mean (for the docs and the protocol page).
COMPARE_MEANING: Final = {
    "exact": "equal as JSON values: lists in the same order (the canonical order stated), "
    "objects with the same members",
    "set": "the same elements in any order, each once (a list compared as a set)",
    "multiset": "the same elements in any order, each as many times",
}


class InterfaceError(ValueError):
    """An interface file that cannot be used (not JSON, a member of the wrong type)."""


def path_of(game_id: str) -> Path:
    return INTERFACES / f"{game_id}.json"


def load(game_id: str) -> JSONObject:
    """The interface of a game, as stored."""
    path = path_of(game_id)
    try:
        value: JSON = json.loads(path.read_text(encoding="utf-8"))
    except (OSError, ValueError) as e:
        raise InterfaceError(f"{path}: {e}") from None
    if not isinstance(value, dict) or value.get("game") != game_id:
        raise InterfaceError(f"{path}: an object whose game is {game_id!r}")
    return value


def _object(iface: JSONObject, key: str) -> JSONObject:
    value = iface.get(key, {})
    if not isinstance(value, dict):
        raise InterfaceError(f"interface of {iface.get('game')}: /{key} must be an object")
    return value


def observables(iface: JSONObject) -> dict[str, JSONObject]:
    """The described observables by name; where the game describes its view, ``view.<seat>``
    and ``view.public`` too, made from that description (:func:`view_observables`)."""
    out: dict[str, JSONObject] = {}
    for name, entry in _object(iface, "observables").items():
        if not isinstance(entry, dict):
            raise InterfaceError(f"interface of {iface.get('game')}: /observables/{name}")
        out[name] = entry
    if "view" in iface:
        out.update(view_observables(iface, out))
    return out


def view_observables(iface: JSONObject, described: dict[str, JSONObject]) -> dict[str, JSONObject]:
    """``view.<seat>`` and ``view.public``, described and typed from the game's ``view``: an
    object with exactly the common fields (:data:`COMMON_VIEW`) and the game's, each of the
    schema its entry gives."""
    phase = described.get("phase", {}).get("schema", {})
    props: JSONObject = {
        "seat": {"$ref": "#/$defs/seatOrNull"},
        "to_move": {"$ref": "#/$defs/seatOrNull"},
        "phase": phase if isinstance(phase, dict) else {},
        "outcome": {"$ref": "#/$defs/outcomeOrNull"},
    }
    for name, entry in view_fields(iface).items():
        field = entry.get("schema", {})
        props[name] = field if isinstance(field, dict) else {}
    schema: JSONObject = {
        "type": "object",
        "required": list(props),
        "properties": props,
        "additionalProperties": False,
    }
    order = (
        "an object of the fields described under view; within a field, the order that field "
        "states (cards held or laid aside in canonical card order, per-seat values by seat)"
    )
    return {
        "view.<seat>": {
            "description": "everything the seat may know at that moment and nothing more, "
            "field by field as described under view",
            "compare": "exact",
            "order": order,
            "schema": schema,
        },
        "view.public": {
            "description": "what a bystander may see: the view of no seat (seat null, no hand)",
            "compare": "exact",
            "order": order,
            "schema": schema,
        },
    }


def view_fields(iface: JSONObject) -> dict[str, JSONObject]:
    """The described fields of the game's view, by name (none where it has no view)."""
    out: dict[str, JSONObject] = {}
    for name, entry in _object(iface, "view").items():
        if not isinstance(entry, dict):
            raise InterfaceError(f"interface of {iface.get('game')}: /view/{name}")
        out[name] = entry
    return out


#: The fields of every game's view, described once (the kernel provides them).
COMMON_VIEW: Final[dict[str, JSONObject]] = {
    "seat": {
        "description": "whose view it is: the seat, or null for a bystander",
        "to": "everyone",
        "from": "always",
    },
    "to_move": {
        "description": "the seat to act now, null once the game is over (as to_move)",
        "to": "everyone",
        "from": "always",
    },
    "phase": {"description": "the phase (as phase)", "to": "everyone", "from": "always"},
    "outcome": {
        "description": "the outcome once the game is over, null while it is on (as outcome)",
        "to": "everyone",
        "from": "the end of the game",
    },
}


def position_schema(iface: JSONObject) -> JSONObject:
    """The JSON Schema of the game's position notation, from its described fields."""
    position = _object(iface, "position")
    fields = position.get("fields", {})
    if not isinstance(fields, dict):
        raise InterfaceError(f"interface of {iface.get('game')}: /position/fields")
    props: JSONObject = {}
    required: list[JSON] = []
    for name, entry in fields.items():
        if not isinstance(entry, dict):
            raise InterfaceError(f"interface of {iface.get('game')}: /position/fields/{name}")
        schema = entry.get("schema", {})
        props[name] = schema if isinstance(schema, dict) else {}
        if entry.get("required", True) is True:
            required.append(name)
    return {
        "type": "object",
        "required": required,
        "properties": props,
        "additionalProperties": False,
    }


def schema_part(iface: JSONObject) -> JSONObject:
    """The generated ``schema/games/<game>.json``: the action, observables and position."""
    gid = str(iface.get("game"))
    return {
        "game": gid,
        "about": f"Generated from conformance/interface/{gid}.json (the game's interface: "
        "actions, observables, position, deals, outcome, each described); do not edit by hand "
        "(python scripts/interfaces.py --write).",
        "action": _object(iface, "action_schema"),
        "observables": {
            name: entry.get("schema", {}) for name, entry in observables(iface).items()
        },
        "position": position_schema(iface),
    }


def schema_text(value: JSON) -> str:
    """The stored form of a generated file."""
    return json.dumps(value, ensure_ascii=False, indent=1) + "\n"

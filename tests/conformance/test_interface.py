"""Each game's interface (conformance/interface/<game>.json) held against the reference."""

from __future__ import annotations

import copy
import json
import random
import re
from collections.abc import Iterator
from functools import cache, partial

import pytest
from jsonschema import Draft202012Validator, ValidationError

from conformance import engine, interface, validate
from reference import games
from reference.core.errors import FormatError, SetupError
from reference.core.game import AnyGame, DeckOrder, Table
from reference.core.jsontypes import JSON, JSONObject
from reference.core.shuffle import shuffle

GAMES = sorted(games())
#: Random games played per game and seat count to see the positions and values it writes.
SEEDS = range(6)
MAX_STEPS = 300


def _text(value: JSON) -> bool:
    return isinstance(value, str) and bool(value.strip())


@cache
def _register() -> list[JSONObject]:
    rulings = json.loads((validate.PACKAGE / "register.json").read_text(encoding="utf-8"))[
        "rulings"
    ]
    assert isinstance(rulings, list)
    return rulings


@cache
def _defs() -> JSONObject:
    defs = validate.build_scenario_schema()["$defs"]
    assert isinstance(defs, dict)
    return defs


def _inlined(schema: JSON, defs: JSONObject, inlining: frozenset[str] = frozenset()) -> JSON:
    """``schema`` with each bare ``{"$ref": "#/$defs/NAME"}`` replaced by that definition, itself
    inlined (a definition that refers to itself is left a reference). The same schema, checked
    without resolving a reference at every card of every position: ten times faster."""
    if isinstance(schema, list):
        return [_inlined(s, defs, inlining) for s in schema]
    if not isinstance(schema, dict):
        return schema
    ref = schema.get("$ref")
    if len(schema) == 1 and isinstance(ref, str) and ref.startswith("#/$defs/"):
        name = ref.removeprefix("#/$defs/")
        if name in defs and "/" not in name and name not in inlining:
            return _inlined(defs[name], defs, inlining | {name})
        return schema
    return {k: _inlined(v, defs, inlining) for k, v in schema.items()}


def _validator(ref: str) -> Draft202012Validator:
    defs = _defs()
    root = _inlined({"$ref": f"#/$defs/{ref}"}, defs)
    assert isinstance(root, dict)
    return Draft202012Validator({"$defs": defs, **root})


#: The keywords of an object schema that :class:`_FieldwiseValidator` splits field by field: what
#: they ask of one field's value does not depend on the other fields.
_FIELDWISE = frozenset(
    {"type", "required", "properties", "patternProperties", "additionalProperties", "description"}
)

#: An array schema of these keywords only applies ``items`` to each item on its own.
_ITEMWISE = frozenset({"type", "items", "description"})


class _FieldwiseValidator:
    """Validates as ``Draft202012Validator({"$defs": defs, **schema})`` does, remembering each
    (subschema, value) met valid, for random play's positions and views, which repeat most of
    their fields from one step to the next (the tsyganka views, validated whole, took minutes).

    An object schema of the :data:`_FIELDWISE` keywords only is checked in two parts, as JSON
    Schema defines it: its shell (type, required, the keys allowed), with every field's schema
    replaced by ``true``; then each field's value against every schema that applies to its key
    (``properties``, and each ``patternProperties`` pattern it matches, searched as jsonschema
    searches it). An array schema of the :data:`_ITEMWISE` keywords is checked likewise: its
    shell, then each item against ``items``. Any other schema, and a value of another type, is
    validated whole."""

    def __init__(self, defs: JSONObject) -> None:
        self._defs = defs
        # by the id of a schema object of the test's inlined schemas, which live as long as this
        self._validators: dict[int, Draft202012Validator] = {}
        self._shells: dict[int, JSONObject] = {}
        self._valid: set[tuple[int, str]] = set()

    def _whole(self, schema: JSONObject, value: JSON) -> None:
        validator = self._validators.get(id(schema))
        if validator is None:
            validator = Draft202012Validator({"$defs": self._defs, **schema})
            self._validators[id(schema)] = validator
        validator.validate(value)

    def _shell(self, schema: JSONObject) -> JSONObject:
        shell = self._shells.get(id(schema))
        if shell is None:
            properties = schema.get("properties", {})
            patterns = schema.get("patternProperties", {})
            assert isinstance(properties, dict) and isinstance(patterns, dict)
            shell = {
                **schema,
                "properties": dict.fromkeys(properties, True),
                "patternProperties": dict.fromkeys(patterns, True),
            }
            if "items" in schema:
                shell["items"] = True
            self._shells[id(schema)] = shell
        return shell

    def validate(self, schema: JSON, value: JSON) -> None:
        if isinstance(schema, bool):
            Draft202012Validator(schema).validate(value)
            return
        assert isinstance(schema, dict)
        # repr tells JSON values apart (an equal value written in another key order only
        # misses the memo), and costs far less than json.dumps on the long lists of melniki-a
        memo = (id(schema), repr(value))
        if memo in self._valid:
            return
        if set(schema) <= _FIELDWISE and isinstance(value, dict):
            self._whole(self._shell(schema), value)
            properties = schema.get("properties", {})
            patterns = schema.get("patternProperties", {})
            assert isinstance(properties, dict) and isinstance(patterns, dict)
            for name, field in value.items():
                if name in properties:
                    self.validate(properties[name], field)
                for pattern, applied in patterns.items():
                    if re.search(pattern, name):
                        self.validate(applied, field)
        elif set(schema) <= _ITEMWISE and schema.get("type") == "array" and isinstance(value, list):
            self._whole(self._shell(schema), value)
            items = schema.get("items", True)
            for item in value:
                self.validate(items, item)
        else:
            self._whole(schema, value)
        self._valid.add(memo)


def _states(game: AnyGame) -> Iterator[tuple[int, object]]:
    """States of random legal play, for every seat count the defaults allow."""
    for n in game.players:
        for seed in SEEDS:
            try:
                state = game.setup(Table(n, seed % n, DeckOrder(shuffle(game.pack, seed)), {}))
            except SetupError:
                continue
            rng = random.Random(seed)
            for _ in range(MAX_STEPS):
                yield n, state
                legal = game.legal_actions(state)
                if not legal:
                    break
                state = game.apply(state, rng.choice(legal))


def _names(observable: str, players: int) -> list[str]:
    if observable.endswith(".<seat>"):
        head = observable[: -len("<seat>")]
        return [f"{head}{seat}" for seat in range(players)]
    return [observable]


def _has_list(value: JSON) -> bool:
    if isinstance(value, list):
        return True
    if isinstance(value, dict):
        return any(_has_list(v) for v in value.values())
    return False


def test_generated_schema_parts_are_up_to_date() -> None:
    for gid in GAMES:
        path = interface.GAME_SCHEMAS / f"{gid}.json"
        want = interface.schema_text(interface.schema_part(interface.load(gid)))
        assert path.read_text(encoding="utf-8") == want, (
            f"{path} is stale: python scripts/interfaces.py --write"
        )


@pytest.mark.parametrize("gid", GAMES)
def test_the_interface_describes_the_game(gid: str) -> None:
    """Every part is described, in words, for an implementer who never reads the reference."""
    game = games()[gid]
    iface = interface.load(gid)
    assert _text(iface.get("about")), f"{gid}: about"
    assert _text(iface.get("outcome")), f"{gid}: outcome"
    deals = iface.get("deals")
    assert isinstance(deals, dict)
    for form in ("seed", "order", "hands"):
        assert _text(deals.get(form)), f"{gid}: deals/{form}"
    # actions: every type the schema allows, described, with an example the game parses
    schema = iface["action_schema"]
    assert isinstance(schema, dict)
    props = schema.get("properties")
    assert isinstance(props, dict)
    type_enum = props["type"]
    assert isinstance(type_enum, dict)
    actions = iface["actions"]
    assert isinstance(actions, dict)
    kinds = type_enum["enum"]
    assert isinstance(kinds, list)
    assert set(actions) == set(map(str, kinds)), f"{gid}: actions are the schema's types"
    assert set(map(str, kinds)) == set(game.kinds), f"{gid}: the schema's types are its kinds"
    action_validator = _validator(f"action.{gid}")
    described_fields: set[str] = set()
    for kind, entry in actions.items():
        assert isinstance(entry, dict)
        assert _text(entry.get("description")), f"{gid}: actions/{kind}/description"
        fields = entry.get("fields", {})
        assert isinstance(fields, dict)
        for name, text in fields.items():
            assert name in props, f"{gid}: actions/{kind}/fields/{name} is not in the schema"
            assert _text(text), f"{gid}: actions/{kind}/fields/{name}"
            described_fields.add(name)
        example = entry.get("example")
        assert isinstance(example, dict), f"{gid}: actions/{kind}/example"
        assert example.get("type") == kind
        action_validator.validate(example)
        parsed = game.parse_action(example)
        assert game.action_json(parsed) == example, f"{gid}: actions/{kind}/example round trip"
    assert set(props) - {"type", "seat"} <= described_fields, f"{gid}: undescribed fields"
    # an action type of another game that this one has not is malformed here, never illegal
    for kind in sorted({k for g in games().values() for k in g.kinds} - set(game.kinds)):
        with pytest.raises(FormatError, match="action/type"):
            game.parse_action({"type": kind, "seat": 0})
    # observables: exactly the game's, each described, compared as the engine compares it
    observables = interface.observables(iface)
    assert set(observables) == set(game.observables), f"{gid}: observables"
    for name, entry in observables.items():
        assert _text(entry.get("description")), f"{gid}: observables/{name}/description"
        compare = entry.get("compare")
        assert compare in interface.COMPARE, f"{gid}: observables/{name}/compare"
        probe = name.replace("<seat>", "0")
        applied = (
            "set"
            if probe in engine.SETS
            else "multiset"
            if probe in engine.MULTISETS or probe.startswith(engine.MULTISET_PREFIXES)
            else "exact"
        )
        assert compare == applied, f"{gid}: {name} is compared as a {applied} by the engine"
    # the view: every field of the game's own described, to whom and from when
    if "view.public" in game.observables:
        view = interface.view_fields(iface)
        assert view, f"{gid}: a view with no fields described"
        assert not set(view) & set(interface.COMMON_VIEW), f"{gid}: view repeats a common field"
        rulings = {r["id"] for r in _register()}
        for name, entry in view.items():
            for part in ("description", "to", "from"):
                assert _text(entry.get(part)), f"{gid}: view/{name}/{part}"
            ruling = entry.get("ruling")
            assert ruling is None or ruling in rulings, f"{gid}: view/{name}/ruling {ruling}"
    else:
        assert "view" not in iface, f"{gid}: a view described that the game does not give"
    # the position notation: described field by field, with an example that round-trips
    position = iface["position"]
    assert isinstance(position, dict)
    assert _text(position.get("description")), f"{gid}: position/description"
    fields = position["fields"]
    assert isinstance(fields, dict)
    for name, entry in fields.items():
        assert isinstance(entry, dict)
        assert _text(entry.get("description")), f"{gid}: position/fields/{name}/description"
    example = position["example"]
    assert isinstance(example, dict)
    _validator(f"position.{gid}").validate(example)
    assert game.position(game.load_position(example)) == example, f"{gid}: position example"


@pytest.mark.parametrize("gid", GAMES)
def test_what_the_game_writes_meets_its_interface(gid: str) -> None:
    """In random play: every position field is described, every written position and every
    observed value meets its schema, and an exact list has its canonical order stated."""
    game = games()[gid]
    iface = interface.load(gid)
    observables = interface.observables(iface)
    fields = iface["position"]
    assert isinstance(fields, dict)
    described = fields["fields"]
    assert isinstance(described, dict)
    required = {k for k, v in described.items() if isinstance(v, dict) and v.get("required", True)}
    defs = _defs()
    validator = _FieldwiseValidator(defs)
    position_schema = _inlined({"$ref": f"#/$defs/position.{gid}"}, defs)
    observation_schema = _inlined({"$ref": f"#/$defs/observation.{gid}"}, defs)
    lists: set[str] = set()
    validated: set[tuple[str, str]] = set()
    seen = 0
    for players, state in _states(game):
        seen += 1
        pos = game.position(state)
        assert set(pos) <= set(described), f"{gid}: undescribed fields {set(pos) - set(described)}"
        assert required <= set(pos), f"{gid}: required fields missing {required - set(pos)}"
        validator.validate(position_schema, pos)
        observe = partial(game.observe, state)
        for observable in observables:
            for name in _names(observable, players):
                value = observe(name)
                # a value met before was validated then (random play repeats most of them)
                key = (name, json.dumps(value, sort_keys=True))
                if key in validated:
                    continue
                validated.add(key)
                validator.validate(observation_schema, {name: value})
                if _has_list(value):
                    lists.add(observable)
    assert seen > 0
    for name in sorted(lists):
        entry = observables[name]
        if entry.get("compare") == "exact":
            assert _text(entry.get("order")), (
                f"{gid}: observables/{name} holds lists compared in order: state the order"
            )


def test_the_interface_files_are_stored_canonically() -> None:
    for gid in GAMES:
        path = interface.path_of(gid)
        text = path.read_text(encoding="utf-8")
        assert text == interface.schema_text(json.loads(text)), f"{path}: not canonical JSON"


def test_the_fieldwise_validator_rejects_what_the_whole_schema_rejects() -> None:
    """The split check of random play's positions gives the schema's verdict: a bad card deep
    in a list of lists, an unknown key in a list's item, an item of the wrong type."""
    defs = _defs()
    schema = _inlined({"$ref": "#/$defs/position.melniki-a"}, defs)
    assert isinstance(schema, dict)
    iface = interface.load("melniki-a")
    position_fields = iface["position"]
    assert isinstance(position_fields, dict)
    example = position_fields["example"]
    assert isinstance(example, dict)
    base: JSONObject = example

    def with_seen(*entries: JSON) -> JSONObject:
        return {**copy.deepcopy(base), "seen": list(entries)}

    entry: JSONObject = {"to_move": 0, "hands": [["AS"], ["KS"]], "table": [], "pile_target": 0}
    good = with_seen(entry)
    bad_card = with_seen({**entry, "hands": [["AS"], ["KS", "XX"]]})
    unknown_key = with_seen({**entry, "who": 1})
    wrong_type = with_seen(entry, ["AS"])
    whole = Draft202012Validator({"$defs": defs, **schema})
    validator = _FieldwiseValidator(defs)
    validator.validate(schema, good)
    whole.validate(good)
    for bad in (bad_card, unknown_key, wrong_type):
        with pytest.raises(ValidationError):
            whole.validate(bad)
        with pytest.raises(ValidationError):
            validator.validate(schema, bad)

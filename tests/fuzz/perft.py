"""An independent brute-force ``count`` (perft) for every game, for the fixtures' test.

It never asks the model for its legal actions. At every node it writes every action the
game's action schema (``conformance/schema/games/<game>.json``) allows, over small finite
domains, and follows those the model accepts; a node where nothing is accepted ends the game
there and counts once, as in :func:`conformance.engine.count`. The domains:

* ``type``: every value of the schema's enum; ``seat``: every seat;
* ``card``: every card of the 52-card pack (cards outside the game's pack are refused);
* ``cards``: every set of the right size (the schema's bounds, else one to five) drawn from
  the hand of the seat that writes it, in the pack's order (a set is written once);
* ``suit``: ``S H D C``; ``onto``: ``"pig"`` or a seat; ``position``: 0 to 51;
* ``amount``: 0 to one more than the largest balance (observable ``chips``);
* ``chips`` (michigan's stake): every split of 0 to :data:`STAKE_BOUND` chips on each card.

If a domain missed an action the model allows, the brute-force count would fall short of
the model's, and the fixtures' test would fail.
"""

from __future__ import annotations

import itertools
import json
from collections.abc import Iterator, Mapping, Sequence
from functools import cache

from conformance import engine, validate
from reference.core.cards import DECK_52, SUIT_LETTERS, card_name
from reference.core.errors import FormatError, IllegalAction
from reference.core.game import AnyGame
from reference.core.jsontypes import JSON, JSONObject

#: The most chips a michigan stake puts on one boodle card in the enumeration.
STAKE_BOUND = 4
BOODLE = ("AH", "KD", "QS", "JC")


@cache
def _fields_by_type(game_id: str) -> tuple[tuple[str, tuple[str, ...]], ...]:
    """Each action type of the game's schema with the fields it requires besides ``seat``."""
    schema = json.loads(
        (validate.PACKAGE / "schema" / "games" / f"{game_id}.json").read_text(encoding="utf-8")
    )["action"]
    types: list[str] = schema["properties"]["type"]["enum"]
    required: dict[str, list[str]] = {t: [] for t in types}
    for clause in schema.get("allOf", []):
        cond = clause["if"]["properties"]["type"]
        named = [cond["const"]] if "const" in cond else list(cond["enum"])
        for t in named:
            if t in required:  # a clause may name a type another variant has
                required[t] += [f for f in clause["then"].get("required", []) if f != "seat"]
    return tuple((t, tuple(required[t])) for t in types)


@cache
def _cards_bounds(game_id: str) -> tuple[int, int]:
    schema = json.loads(
        (validate.PACKAGE / "schema" / "games" / f"{game_id}.json").read_text(encoding="utf-8")
    )["action"]
    spec = schema["properties"].get("cards", {})
    return int(spec.get("minItems", 1)), int(spec.get("maxItems", 5))


def _domain(game: AnyGame, state: object, seat: int, name: str, players: int) -> Sequence[JSON]:
    if name == "card":
        return [card_name(c) for c in DECK_52]
    if name == "cards":
        lo, hi = _cards_bounds(game.id)
        observed = game.observe(state, f"hand.{seat}")
        hand = sorted(
            {str(c) for c in observed} if isinstance(observed, list) else set(),
            key=[card_name(c) for c in DECK_52].index,
        )
        out: list[JSON] = []
        for k in range(lo, hi + 1):
            out += [list(combo) for combo in itertools.combinations(hand, k)]
        return out
    if name == "suit":
        return list(SUIT_LETTERS)
    if name == "onto":
        return ["pig", *range(players)]
    if name == "position":
        return list(range(52))
    if name == "amount":
        chips = game.observe(state, "chips")
        balances = [x for x in chips if isinstance(x, int)] if isinstance(chips, list) else []
        top = max(balances, default=0)
        return list(range(top + 2))
    if name == "chips":
        splits: list[JSON] = []
        for split in itertools.product(range(STAKE_BOUND + 1), repeat=len(BOODLE)):
            stake: JSONObject = dict(zip(BOODLE, split, strict=True))
            splits.append(stake)
        return splits
    raise ValueError(f"{game.id}: no brute-force domain for the action field {name!r}")


def writable(game: AnyGame, state: object, players: int) -> Iterator[JSONObject]:
    """Every action the schema lets one write in this state, over the domains above."""
    for kind, fields in _fields_by_type(game.id):
        for seat in range(players):
            domains = [_domain(game, state, seat, f, players) for f in fields]
            for values in itertools.product(*domains):
                act: JSONObject = {"type": kind, "seat": seat}
                act.update(zip(fields, values, strict=True))
                yield act


def brute_count(game_id: str, setup: Mapping[str, JSON], depth: int) -> int:
    game, state = engine.start(game_id, setup)
    players = setup.get("players")
    if not isinstance(players, int):
        position = setup.get("position")
        players = position.get("players", 4) if isinstance(position, dict) else 4
    assert isinstance(players, int)
    n: int = players

    def children(s: object) -> list[object]:
        seen: set[tuple[str, object]] = set()
        out: list[object] = []
        for act in writable(game, s, n):
            try:
                a = game.parse_action(act)
                child = game.apply(s, a)
            except (IllegalAction, FormatError):
                continue
            key = (type(a).__name__, a)
            if key not in seen:  # one action written two ways counts once
                seen.add(key)
                out.append(child)
        return out

    def walk(s: object, d: int) -> int:
        if d == 0:
            return 1
        kids = children(s)
        if not kids:
            return 1
        return sum(walk(c, d - 1) for c in kids)

    return walk(state, depth)

"""The reference adapter with one rule of melniki-b changed, for the fuzzer's tests.

``python wrong_adapter.py MODE`` patches :mod:`reference.games.melniki_b` and then
serves protocol v1 exactly like ``python -m conformance adapter``:

* ``trick-winner``: a trump never takes a trick (the highest card of the suit led does);
* ``follow-suit``: a player holding the suit led may lay a trump instead;
* ``covering``: in the second stage a trump does not beat a card of another suit;
* ``count``: the answer to ``count`` is one too many (the games themselves are right);
* ``count-crash``: the process dies on a ``count`` request (the games themselves are right);
* ``stall``: declares no ``count``, answers the first 20 ``run`` requests rightly and then
  never answers again (for the fuzzer's signal tests; its pid goes to the file named by
  ``WRONG_PID_FILE``);
* ``spaced``: every answer right, but written with spaces, ASCII escapes and sorted members
  (not byte for byte the reference's lines);
* ``three-players``: melniki-b takes three players by default (the text says two or four;
  three only under the option ``three_players``);
* ``top-stake``: in lotereya a ``stake`` at the top of its range (100) is taken as 99;
* ``position-read``: melniki-b reads the stock of a position in reverse order (a fault of the
  position notation alone: games from a deal are right);
* ``position-tricks``: melniki-b reads a position with no tricks taken by anyone;
* ``fields``: michigan checks an action by its kind, seat and card alone and takes it as the
  first legal action that agrees on those (a bid of any amount is the first bid allowed, a
  stake of any chips the stake due): the other fields go unchecked;
* ``narrow``: declares one value of each option (its default, as a list: ``[20]``), skips any
  ``run`` or ``count`` whose options have other values or that starts from a position (all
  allowed by the protocol);
* ``ok``: nothing changed.

Modes combine with ``+`` (``trick-winner+position-read``).
"""

from __future__ import annotations

import dataclasses
import json
import os
import sys
import time
from collections.abc import Callable, Mapping, Sequence
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[2]))

from conformance import adapter, engine, protocol
from reference import games
from reference.core import covering, kernel, options, tricks
from reference.core.cards import SUIT_OF, Card, RankOrder, Suit
from reference.core.errors import IllegalAction
from reference.core.game import A, Erased, Game, S
from reference.core.jsontypes import JSON, JSONObject
from reference.core.options import OptionSpec, OptionValue
from reference.games import MELNIKI_B, MICHIGAN, lotereya, melniki_b, michigan

MODES = (
    "ok",
    "trick-winner",
    "follow-suit",
    "covering",
    "count",
    "count-crash",
    "stall",
    "spaced",
    "three-players",
    "top-stake",
    "position-read",
    "position-tricks",
    "narrow",
    "fields",
)


def trick_winner_no_trumps(cards: Sequence[Card], trump: Suit | None, order: RankOrder) -> int:
    return tricks.trick_winner(cards, None, order)


def playable_trump_anytime(
    hand: Sequence[Card], led: Suit | None, trump: Suit | None, must_trump: bool
) -> tuple[Card, ...]:
    allowed = tricks.playable(hand, led, trump, must_trump)
    extra = tuple(c for c in hand if SUIT_OF[c] == trump and c not in allowed)
    return allowed + extra


def covers_without_trumps(
    attack: Card, defence: Card, trump: Suit | None, order: RankOrder
) -> bool:
    return covering.covers(attack, defence, None, order)


def covering_cards_without_trumps(
    attack: Card, hand: Sequence[Card], trump: Suit | None, order: RankOrder
) -> tuple[Card, ...]:
    return tuple(c for c in hand if covers_without_trumps(attack, c, trump, order))


def check_players_three_always(players: int, opts: melniki_b.MelnikiOptions) -> None:
    right_check(players, dataclasses.replace(opts, three_players=True))


right_check = melniki_b._check_players
right_resolve = options.resolve
right_load = melniki_b.load_position


def resolve_top_stake_less_one(
    game: str, specs: Mapping[str, OptionSpec], given: Mapping[str, OptionValue]
) -> dict[str, OptionValue]:
    out = right_resolve(game, specs, given)
    if game == lotereya.GAME_ID and out.get("stake") == specs["stake"].maximum:
        out["stake"] = int(out["stake"]) - 1
    return out


def load_stock_reversed(pos: JSON) -> melniki_b.MelnikiState:
    state = right_load(pos)
    return state._replace(stock=tuple(reversed(state.stock)))


def load_without_tricks(pos: JSON) -> melniki_b.MelnikiState:
    state = right_load(pos)
    return state._replace(tricks=(0,) * state.players)


def serve(game: Game[S, A]) -> None:
    """``game`` served in place of the registered game of its id. A kernel holds the functions
    it was built of, and the wrapper looks up its ``apply`` when it is made, so rebinding a
    module's function alone would not reach them: the wrapper is made again."""
    served = games()[game.id]
    assert isinstance(served, Erased)
    Erased.__init__(served, game)


def serve_load(load: Callable[[JSON], melniki_b.MelnikiState]) -> None:
    """melniki-b served with another position reader."""
    serve(dataclasses.replace(MELNIKI_B, load_position=load))


def apply_by_kind_seat_and_card(
    s: michigan.MichiganState, a: michigan.Action
) -> michigan.MichiganState:
    """michigan's apply, taking an action it would refuse as the first legal one with the
    same kind, seat and card."""
    try:
        return michigan.apply(s, a)
    except IllegalAction:
        said = a.to_json()
        for legal in michigan.legal_actions(s):
            known = legal.to_json()
            if all(known.get(k) == said.get(k) for k in ("type", "seat", "card")):
                return michigan.apply(s, legal)
        raise


def narrow_start() -> JSONObject:
    start = right_start()
    declared = start["games"]
    assert isinstance(declared, dict)
    for gid, game in games().items():
        entry = declared[gid]
        assert isinstance(entry, dict) and isinstance(entry["options"], dict)
        for name, spec in game.options.items():
            entry["options"][name] = [spec.default]
    return start


def undeclared(setup: JSON, game_id: JSON) -> str | None:
    """The first option value of a setup the narrow start answer does not declare."""
    game = games().get(str(game_id))
    if game is None or not isinstance(setup, dict):
        return None
    given = setup.get("options", {})
    position = setup.get("position")
    if isinstance(position, dict):
        given = position.get("options", given)
    for name, value in given.items() if isinstance(given, dict) else ():
        spec = game.options.get(name)
        if spec is not None and value != spec.default:
            return f"{name}={value} is not supported"
    return None


#: The ``run`` requests the ``stall`` mode answers.
STALL_AFTER = 20

right_start = adapter.start_answer
right_run = adapter.answer_run
right_count = adapter.answer_count


def narrow_run(seq: JSON, scenario: JSON) -> JSONObject:
    if isinstance(scenario, dict):
        setup = scenario.get("setup")
        why = undeclared(setup, scenario.get("game"))
        if why is None and isinstance(setup, dict) and "position" in setup:
            why = "a start from a position is not supported"
        if why is not None:
            return {"seq": seq, "skipped": why}
    return right_run(seq, scenario)


def narrow_count(seq: int, request: JSONObject) -> JSONObject:
    setup = request.get("setup")
    why = undeclared(setup, request.get("game"))
    if why is None and isinstance(setup, dict) and "position" in setup:
        why = "count from a position is not supported"
    if why is not None:
        return {"seq": seq, "skipped": why}
    return right_count(seq, request)


def main() -> int:
    modes = (sys.argv[1] if len(sys.argv) > 1 else "ok").split("+")
    for mode in modes:
        assert mode in MODES, mode
        patch(mode)
    return adapter.main()


def patch(mode: str) -> None:
    if mode == "three-players":
        setattr(melniki_b, "_check_players", check_players_three_always)  # noqa: B010
    elif mode == "top-stake":
        # every game's options are resolved by the kernel's GameOptions.of
        setattr(kernel, "resolve", resolve_top_stake_less_one)  # noqa: B010
    elif mode == "position-read":
        serve_load(load_stock_reversed)
    elif mode == "position-tricks":
        serve_load(load_without_tricks)
    elif mode == "fields":
        serve(dataclasses.replace(MICHIGAN, apply=apply_by_kind_seat_and_card))
    elif mode == "narrow":
        setattr(adapter, "start_answer", narrow_start)  # noqa: B010
        setattr(adapter, "answer_run", narrow_run)  # noqa: B010
        setattr(adapter, "answer_count", narrow_count)  # noqa: B010
    elif mode == "trick-winner":
        setattr(melniki_b, "trick_winner", trick_winner_no_trumps)  # noqa: B010
    elif mode == "follow-suit":
        setattr(melniki_b, "playable", playable_trump_anytime)  # noqa: B010
    elif mode == "covering":
        setattr(melniki_b, "covers", covers_without_trumps)  # noqa: B010
        setattr(melniki_b, "covering_cards", covering_cards_without_trumps)  # noqa: B010
    elif mode == "count":
        right = engine.count

        def one_too_many(game_id: str, setup: Mapping[str, JSON], depth: int) -> int:
            return right(game_id, setup, depth) + 1

        setattr(engine, "count", one_too_many)  # noqa: B010
    elif mode == "count-crash":

        def crash(seq: int, request: JSONObject) -> JSONObject:
            sys.stderr.write("wrong: crashing on count\n")
            sys.stderr.flush()
            os._exit(9)

        setattr(adapter, "answer_count", crash)  # noqa: B010
    elif mode == "stall":
        Path(os.environ["WRONG_PID_FILE"]).write_text(str(os.getpid()), encoding="utf-8")
        answered = [0]

        def start_without_count() -> JSONObject:
            answer = right_start()
            answer.pop("capabilities", None)
            return answer

        def stall(seq: JSON, scenario: JSON) -> JSONObject:
            if answered[0] >= STALL_AFTER:
                time.sleep(3600)
            answered[0] += 1
            return right_run(seq, scenario)

        setattr(adapter, "start_answer", start_without_count)  # noqa: B010
        setattr(adapter, "answer_run", stall)  # noqa: B010
    elif mode == "spaced":

        def spaced(message: Mapping[str, JSON]) -> bytes:
            return (json.dumps(message, sort_keys=True) + "\n").encode("ascii")

        setattr(protocol, "encode", spaced)  # noqa: B010


if __name__ == "__main__":
    sys.exit(main())

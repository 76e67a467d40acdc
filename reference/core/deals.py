"""The JSON form of a deal, read and written.

A deal is one of:

* ``{"seed": S}``: the game's pack in canonical order shuffled by the documented
  seeded shuffle (:mod:`reference.core.shuffle`), then dealt as the text says;
* ``{"order": [CARD, ...]}``: the pack in the given order, top card first;
* ``{"hands": [[CARD, ...], ...], "stock": [CARD, ...], "up": [CARD, ...]}``:
  the hands by seat, the stock top card first, and the cards turned face up
  (a trump card); ``stock`` and ``up`` may be left out when empty.
"""

from __future__ import annotations

from reference.core.cards import Card, card_name
from reference.core.errors import FormatError
from reference.core.game import Deal, Dealt, DeckOrder
from reference.core.jsontypes import JSON, JSONObject, as_cards, as_int, as_object, card_lists
from reference.core.shuffle import MASK64, shuffle


def deal_from_json(obj: JSON, pack: tuple[Card, ...], where: str = "deal") -> Deal:
    """A deal from its JSON form (:class:`FormatError` naming the JSON pointer if malformed)."""
    o = as_object(obj, where)
    if "seed" in o:
        seed = as_int(o["seed"], f"{where}/seed")
        if not 0 <= seed <= MASK64:
            raise FormatError(f"{where}/seed: a seed is an integer from 0 to 2**64-1")
        return DeckOrder(shuffle(pack, seed))
    if "order" in o:
        return DeckOrder(as_cards(o["order"], f"{where}/order"))
    if "hands" in o:
        return Dealt(
            card_lists(o["hands"], f"{where}/hands"),
            as_cards(o.get("stock", []), f"{where}/stock"),
            as_cards(o.get("up", []), f"{where}/up"),
        )
    raise FormatError(f"{where}: give seed, order, or hands (with stock and up)")


def deal_to_json(deal: Deal) -> JSONObject:
    """The JSON form of a deal (a seeded deal is written as its order)."""
    if isinstance(deal, DeckOrder):
        return {"order": [card_name(c) for c in deal.cards]}
    return {
        "hands": [[card_name(c) for c in h] for h in deal.hands],
        "stock": [card_name(c) for c in deal.stock],
        "up": [card_name(c) for c in deal.up],
    }

"""What a seat may see in a мушка (text 001, chapter XVI), from the position alone; the four
мушки of the text share it (``seen_mushka_mistigri`` and the others import it).

- its own hand (001:P13.S1: five cards dealt to each);
- the turned trump card (001:P13.S2 "Следующая карта является козырем"), face up, out of play
  or under the stock (AMB-MUSHKA-04), and known to all once drawn;
- its own discards, which it alone has seen: the stock, the discards, the hands of the others
  and of those who pass lie face down (AMB-MUSHKA-20);
- a мушка opened (001:P15.S2 "он открывает свою мушку"), mistigri's four and king of clubs;
- the trick on the table, and of the tricks gathered the last one (AMB-MUSHKA-21/a), every one
  under tricks_seen=all (AMB-MUSHKA-21/b).
"""

from __future__ import annotations

from reference.core.jsontypes import JSON, JSONObject


def _names(value: JSON) -> set[str]:
    """The card names of a list of cards (or of lists of cards)."""
    if isinstance(value, str):
        return {value}
    if isinstance(value, list):
        return set().union(*(_names(v) for v in value)) if value else set()
    return set()


def seen(pos: JSONObject, seat: int | None) -> set[str]:
    out: set[str] = set()
    if seat is not None:
        hands = pos["hands"]
        assert isinstance(hands, list)
        out |= _names(hands[seat])
        discarded = pos.get("discarded")
        if isinstance(discarded, list):
            out |= _names(discarded[seat])
    trump_card = pos.get("trump_card")
    if isinstance(trump_card, str):
        out.add(trump_card)
    out |= _names(pos.get("shown"))
    table = pos.get("table")
    if isinstance(table, list):
        out |= {str(t["card"]) for t in table if isinstance(t, dict)}
    last = pos.get("last_trick")
    if isinstance(last, dict):
        out |= _names(last.get("cards"))
    options = pos.get("options")
    if isinstance(options, dict) and options.get("tricks_seen") == "all":
        out |= _names(pos.get("piles"))
    return out

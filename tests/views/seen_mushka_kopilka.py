"""What a seat may see in Мушка копилка (001:P78-P103), stated from the position.

- its own hand (001:P79): cards bought from the stock and drawn in the exchange join it unseen
  by the others; the stock lies face down (AMB-MUSHKAKOPILKA-17);
- the cards of the trick in progress, face up (001:P83);
- the cards it laid down "крапом вверх" in this deal's exchange, which it alone knows; a taker
  sees the one he took in his hand (001:P89.S1, AMB-MUSHKAKOPILKA-17);
- the cards it discarded itself after the exchange, laid aside face down (001:P89.S2,
  AMB-MUSHKAKOPILKA-17);
- the cards of this deal's tricks only under tricks_seen=open: by default a trick taken is
  turned face down and only its record is seen (001:P87.S1, AMB-MUSHKAKOPILKA-18).

Nothing of the deals to come. A bystander sees the same but nothing of a seat's own.
"""

from __future__ import annotations

from reference.core.jsontypes import JSON, JSONObject


def _names(value: JSON) -> set[str]:
    assert isinstance(value, list)
    return {c for c in value if isinstance(c, str)}


def seen(pos: JSONObject, seat: int | None) -> set[str]:
    options = pos.get("options") or {}
    assert isinstance(options, dict)
    table = pos.get("table") or []
    assert isinstance(table, list)
    out = {e["card"] for e in table if isinstance(e, dict) and isinstance(e["card"], str)}
    if seat is not None:
        hands = pos["hands"]
        exchange = pos.get("exchange") or {}
        assert isinstance(hands, list) and isinstance(exchange, dict)
        out |= _names(hands[seat])
        for memory in ("laid", "discarded"):
            per_seat = exchange.get(memory)
            if isinstance(per_seat, list):
                out |= _names(per_seat[seat])
    if options.get("tricks_seen", "turned") == "open":
        out |= _names(pos.get("won", []))
    return out

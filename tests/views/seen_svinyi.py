"""What a seat may see in Свиньи (seed 000), stated from the text and its rulings.

Everything lies face up but the stock (the «талон»): the stores (000:P26.S3), the pig
(000:P26.S2 «открытая»), the cards each player keeps before him (AMB-SVINYI-09 a: face up;
under kept_shown=hidden, AMB-SVINYI-22 b, held in his hand and seen by him alone until the
round is over, when every hand is shown).
The card the player to move has drawn is turned up as it comes off the stock (000:P27.S5
«показавшейся из талона»), unless drawn_card=drawer, when the drawer alone sees it until he
lays or keeps it (AMB-SVINYI-11). The pigs set aside lie face up, unless pigs_aside=face-down
(AMB-SVINYI-12). A bystander sees what every seat sees, but under kept_shown=hidden any
seat's kept cards, which only their holder sees.
"""

from __future__ import annotations

from reference.core.jsontypes import JSON, JSONObject


def _names(value: JSON) -> set[str]:
    if isinstance(value, str):
        return {value}
    if isinstance(value, list):
        return set().union(*(_names(v) for v in value)) if value else set()
    return set()


def seen(pos: JSONObject, seat: int | None) -> set[str]:
    options = pos["options"]
    assert isinstance(options, dict)
    out = _names(pos["stores"]) | _names(pos.get("pig", []))
    held = pos.get("held", [])
    if options.get("kept_shown", "face-up") == "face-up" or pos["to_move"] is None:
        out |= _names(held)
    elif isinstance(seat, int) and isinstance(held, list) and seat < len(held):
        out |= _names(held[seat])  # AMB-SVINYI-22 b: his own kept cards, in his hand
    if options.get("pigs_aside", "face-up") == "face-up":
        out |= _names(pos.get("pigs_done", []))
    drawn = pos.get("hand")
    if isinstance(drawn, str) and (
        options.get("drawn_card", "shown") == "shown" or seat == pos["to_move"]
    ):
        out.add(drawn)
    return out

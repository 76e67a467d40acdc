"""What a seat may see in Свиньи (seed 000), stated from the text and its rulings.

Everything lies face up but the stock (the «талон»): the stores (000:P26.S3), the pig
(000:P26.S2 «открытая»), the cards each player keeps before him (AMB-SVINYI-09 a: face up).
The card the player to move has drawn is turned up as it comes off the stock (000:P27.S5
«показавшейся из талона»), unless drawn_card=drawer, when the drawer alone sees it until he
lays or keeps it (AMB-SVINYI-11). The pigs set aside lie face up, unless pigs_aside=face-down
(AMB-SVINYI-12). A bystander sees what every seat sees: there is no private hand.
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
    out = _names(pos["stores"]) | _names(pos.get("held", [])) | _names(pos.get("pig", []))
    if options.get("pigs_aside", "face-up") == "face-up":
        out |= _names(pos.get("pigs_done", []))
    drawn = pos.get("hand")
    if isinstance(drawn, str) and (
        options.get("drawn_card", "shown") == "shown" or seat == pos["to_move"]
    ):
        out.add(drawn)
    return out

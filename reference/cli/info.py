"""``games`` and ``rules``: what is registered, and the rules of a game with their sources."""

from __future__ import annotations

import json
from typing import TextIO

from conformance import corpus
from reference import games
from reference.cli.common import (
    describe_option,
    explain_rule,
    find_game,
    find_rule,
    player_range,
    register,
    ruling_lines,
    source_title,
)
from reference.cli.style import Style
from reference.core.cards import RANK_LETTERS, RANK_OF, card_symbol
from reference.core.game import AnyGame
from reference.core.jsontypes import JSON, JSONObject
from reference.core.rules import Rule


def deck_text(game: AnyGame) -> str:
    """``36 cards (6-A)``, or the distinct-card count when a pack holds cards twice."""
    pack = game.pack
    distinct = set(pack)
    low = min(RANK_OF[c] for c in distinct) if distinct else 2
    copies = len(pack) // len(distinct) if distinct else 1
    ranks = f"{RANK_LETTERS[low - 2].replace('T', '10')}-A"
    twice = f", {copies} packs" if copies > 1 else ""
    return f"{len(pack)} cards ({ranks}{twice})"


def game_json(game: AnyGame) -> JSONObject:
    options: JSONObject = {}
    for name, spec in game.options.items():
        entry: JSONObject = {"default": spec.default, "doc": spec.doc, "ruling": spec.ruling}
        if spec.values:
            entry["values"] = list(spec.values)
        else:
            entry["minimum"] = spec.minimum
            entry["maximum"] = spec.maximum
        options[name] = entry
    return {
        "id": game.id,
        "title": source_title(game.title),
        "players": [game.players.start, game.players[-1]],
        "deck": {"cards": len(game.pack), "lowest": card_symbol(min(game.pack))[:-1]},
        "options": options,
        "rules": len(game.rules),
        "observables": list(game.observables),
    }


def cmd_games(as_json: bool, out: TextIO, st: Style) -> int:
    """One line a game: id, title, players, deck and options (default [allowed])."""
    registered = [games()[g] for g in sorted(games())]
    if as_json:
        doc: JSON = {"games": [game_json(g) for g in registered]}
        out.write(json.dumps(doc, ensure_ascii=False, indent=1) + "\n")
        return 0
    for g in registered:
        opts = "; ".join(describe_option(s) for s in g.options.values()) or "no options"
        out.write(
            f"{st.head(g.id)}  {source_title(g.title)}  players {player_range(g)}  {deck_text(g)}  "
            f"options: {opts}\n"
        )
    return 0


def cmd_rules(game_id: str, rule_id: str | None, as_json: bool, out: TextIO, st: Style) -> int:
    """The rules of a game (or one rule) with their sentences and rulings."""
    game = find_game(game_id)
    rules = [find_rule(game, rule_id)] if rule_id is not None else list(game.rules)
    if as_json:
        out.write(json.dumps(_rules_json(game, rules), ensure_ascii=False, indent=1) + "\n")
        return 0
    out.write(f"{st.head(game.id)}  {source_title(game.title)}\n")
    for rule in rules:
        out.write("\n")
        out.write("\n".join(explain_rule(rule, st, indent="")) + "\n")
    if rule_id is None:
        own = [r for r in register().values() if r.game == game.id]
        if own:
            out.write(f"\n{st.head('Rulings of ' + game.id)}\n")
            for ruling in own:
                out.write("\n".join(ruling_lines(ruling.id, st, "", with_sentences=True)) + "\n")
        if game.options:
            out.write(f"\n{st.head('Options')}\n")
            for spec in game.options.values():
                by = f" ({spec.ruling})" if spec.ruling else " (agreed amount)"
                out.write(f"  {describe_option(spec)}{by}: {spec.doc}\n")
    return 0


def _rules_json(game: AnyGame, rules: list[Rule]) -> JSONObject:
    out: list[JSON] = []
    for rule in rules:
        sentences: list[JSON] = []
        rulings: list[JSON] = []
        for ref in rule.cites:
            if ref.startswith("AMB-"):
                ruling = register().get(ref)
                if ruling is None:
                    continue
                rulings.append(
                    {
                        "id": ruling.id,
                        "question": ruling.question,
                        "default": ruling.default,
                        "readings": [
                            {
                                "key": x.key,
                                "text": x.text,
                                "option": None if x.option is None else dict(x.option),
                            }
                            for x in ruling.readings
                        ],
                    }
                )
            else:
                try:
                    text = corpus.sentence(ref).text
                except corpus.CitationError:
                    text = None
                sentences.append(
                    {"id": ref, "text": text, "english": corpus.translations().get(ref)}
                )
        out.append(
            {
                "id": rule.id,
                "statement": rule.statement,
                "sentences": sentences,
                "rulings": rulings,
            }
        )
    return {"game": game.id, "rules": out}

"""``games`` and ``rules``: what is registered, and the rules of a game with their sources."""

from __future__ import annotations

import json
import re
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


def cmd_games(
    as_json: bool,
    out: TextIO,
    st: Style,
    game_id: str | None = None,
    prog: str = "python -m reference",
) -> int:
    """A short table of the games (id, players, cards, source text, name), or one game with its
    options (default [allowed values]) when ``game_id`` is given."""
    if game_id is not None:
        return _one_game(find_game(game_id), as_json, out, st)
    registered = [games()[g] for g in sorted(games())]
    if as_json:
        doc: JSON = {"games": [game_json(g) for g in registered]}
        out.write(json.dumps(doc, ensure_ascii=False, indent=1) + "\n")
        return 0
    width = max(len(g.id) for g in registered)
    out.write(f"{'game':<{width}}  players  cards  text  name\n")
    for g in registered:
        text = re.search(r"\btext (\d{3})\b", source_title(g.title))
        out.write(
            f"{st.head(g.id)}{' ' * (width - len(g.id))}  {player_range(g):<7}  "
            f"{len(g.pack):>5}  {text.group(1) if text else '':<4}  {game_name(g)}\n"
        )
    out.write(f"\na game with its options: {prog} games GAME\n")
    return 0


def game_name(game: AnyGame) -> str:
    """The name of a game as its text gives it (its title without the source)."""
    return source_title(game.title).split(" (", 1)[0]


def _one_game(game: AnyGame, as_json: bool, out: TextIO, st: Style) -> int:
    """One game: its title, players, deck and each option on a line of its own."""
    if as_json:
        out.write(json.dumps(game_json(game), ensure_ascii=False, indent=1) + "\n")
        return 0
    out.write(f"{st.head(game.id)}  {source_title(game.title)}\n")
    out.write(f"players {player_range(game)}, {deck_text(game)}\n")
    if not game.options:
        out.write("no options\n")
        return 0
    out.write("options (default [allowed values]):\n")
    for spec in game.options.values():
        by = f" ({spec.ruling})" if spec.ruling else " (agreed amount)"
        out.write(f"  {describe_option(spec)}{by}: {spec.doc}\n")
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

"""What the commands share: finding games and rules by name, options from the command line,
drawing a table from a game's observables, describing actions and explaining rules."""

from __future__ import annotations

import re
from collections.abc import Iterator, Mapping
from functools import cache
from typing import Final

from conformance import corpus, trace
from reference import games
from reference.cli.style import Style
from reference.core.game import OUTCOME_PARTS, AnyGame
from reference.core.jsontypes import JSON, JSONObject
from reference.core.options import OptionSpec, OptionValue
from reference.core.rules import Rule

#: Observables shown in the header line of a table rather than on lines of their own.
HEADER = ("phase", "to_move")
#: Observables not drawn with the table (``legal`` is the numbered menu; ``outcome`` and its
#: parts at the end).
NOT_DRAWN = frozenset({"legal", "outcome", *OUTCOME_PARTS, *HEADER})
#: Observables whose change after an action is reported (besides a trick being taken).
REPORTED = ("phase", "trump", "score", "chips", "pot")
#: The ways a suit may be typed: its letter (either case) or its symbol, filled or hollow.
SUIT_TYPED: Final = {
    "S": "S",
    "H": "H",
    "D": "D",
    "C": "C",
    "♠": "S",
    "♥": "H",
    "♦": "D",
    "♣": "C",
    "♤": "S",
    "♡": "H",
    "♢": "D",
    "♧": "C",
}


class UsageError(Exception):
    """A bad name or value on the command line: the message names what is valid (exit 2)."""


def find_game(game_id: str) -> AnyGame:
    """The registered game with that id, or a :class:`UsageError` listing the games."""
    game = games().get(game_id)
    if game is None:
        raise UsageError(f"unknown game {game_id!r}; the games are: {', '.join(sorted(games()))}")
    return game


def find_rule(game: AnyGame, rule_id: str) -> Rule:
    """A rule of the game by id (or by its slug), or a :class:`UsageError` listing them."""
    for r in game.rules:
        if r.id in (rule_id, f"{game.id}/{rule_id}", f"core/{rule_id}"):
            return r
    known = ", ".join(r.id for r in game.rules)
    raise UsageError(f"{game.id} has no rule {rule_id!r}; its rules are: {known}")


def show_value(v: OptionValue) -> str:
    """An option value as it is typed on the command line."""
    if isinstance(v, bool):
        return "true" if v else "false"
    return str(v)


def parse_option(game: AnyGame, text: str) -> tuple[str, OptionValue]:
    """``NAME=VALUE`` as an option of the game, or a :class:`UsageError` naming valid ones."""
    name, sep, raw = text.partition("=")
    name = name.strip()
    known = ", ".join(game.options) or "none"
    if not sep:
        raise UsageError(f"--option {text!r}: write NAME=VALUE; the options of {game.id}: {known}")
    spec = game.options.get(name)
    if spec is None:
        raise UsageError(f"{game.id} has no option {name!r}; its options are: {known}")
    raw = raw.strip()
    if spec.values:
        for v in spec.values:
            if show_value(v) == raw:
                return name, v
        raise UsageError(
            f"{raw!r} is not a value of {game.id} option {name}; "
            f"the values are: {', '.join(show_value(v) for v in spec.values)}"
        )
    try:
        number = int(raw)
    except ValueError:
        number = None
    if number is None or not spec.allows(number):
        raise UsageError(
            f"{raw!r} is not a value of {game.id} option {name}; "
            f"the values are: {spec.describe_values()}"
        )
    return name, number


def describe_option(spec: OptionSpec) -> str:
    """``name=default (values: ...)``, one option on one line."""
    if spec.values:
        allowed = "|".join(show_value(v) for v in spec.values)
    else:
        lo = "" if spec.minimum is None else str(spec.minimum)
        hi = "" if spec.maximum is None else str(spec.maximum)
        allowed = f"{lo}..{hi}"
    return f"{spec.name}={show_value(spec.default)} [{allowed}]"


def source_title(title: str) -> str:
    """A game's title as shown to people: its source document is "text 002", never "seed 002"
    (a seed is what a shuffle starts from)."""
    return re.sub(r"\bseed (\d{3})\b", r"text \1", title)


def read_card(text: str) -> str | None:
    """A card as a person types it, in the suite's notation: ``10♥``, ``10h``, ``TH`` and ``th``
    are all ``TH``; None if it is not a card."""
    t = text.strip().upper()
    suit = SUIT_TYPED.get(t[-1:]) if t else None
    rank = "T" if t[:-1] == "10" else t[:-1]
    if suit is None or len(rank) != 1 or rank not in "23456789TJQKA":
        return None
    return rank + suit


def player_range(game: AnyGame) -> str:
    r = game.players
    return str(r.start) if len(r) == 1 else f"{r.start}-{r[-1]}"


# --- observables ------------------------------------------------------------------------------


def observable_names(game: AnyGame, players: int, *, views: bool = False) -> Iterator[str]:
    """Every observable of the game, ``<seat>`` expanded for each seat, in declared order; the
    views (``view.<seat>``, ``view.public``: the same things as each seat sees them) only with
    ``views``."""
    for name in game.observables:
        if name.startswith("view.") and not views:
            continue
        if name.endswith(".<seat>"):
            head = name[: -len("<seat>")]
            yield from (f"{head}{seat}" for seat in range(players))
        else:
            yield name


def observe_all(
    game: AnyGame, state: object, players: int, *, views: bool = False
) -> dict[str, JSON]:
    """Every observable's value in a state (the views too with ``views``)."""
    names = observable_names(game, players, views=views)
    return {name: game.observe(state, name) for name in names}


def players_of(game: AnyGame, state: object) -> int:
    """The number of seats in a state, from the game's position notation."""
    n = game.position(state).get("players")
    if isinstance(n, int) and not isinstance(n, bool):
        return n
    hands = game.position(state).get("hands")
    return len(hands) if isinstance(hands, list) else game.players.start


def draw_table(
    game: AnyGame,
    state: object,
    players: int,
    st: Style,
    indent: str = "  ",
    *,
    viewer: int | None = None,
) -> str:
    """The table drawn from the game's observables, every card face up: a header line, then one
    line a name. With a ``viewer`` seat, what that seat may see (:func:`draw_view`) instead:
    every card it may not see stays face down."""
    if viewer is not None:
        return draw_view(game, state, st, viewer, indent)
    values = observe_all(game, state, players)
    head = []
    for name in HEADER:
        if name in values:
            head.append(f"{name} {st.value(values[name])}")
    legal = values.get("legal")
    if isinstance(legal, list):
        head.append(f"{len(legal)} legal action{'s' if len(legal) != 1 else ''}")
    lines = [indent + st.dim(" · ".join(head))]
    width = max((len(n) for n in values if n not in NOT_DRAWN), default=0)
    for name, v in values.items():
        if name in NOT_DRAWN:
            continue
        lines.append(f"{indent}{name:<{width}}  {st.observable(name, v)}")
    return "\n".join(lines)


#: The fields of every view drawn in the header line, or not at all (the outcome is told at the
#: end, and whose view it is in the title).
VIEW_HEADER = ("phase", "to_move")
VIEW_NOT_DRAWN = frozenset({"seat", "outcome", *VIEW_HEADER})


def draw_view(
    game: AnyGame, state: object, st: Style, viewer: int | None, indent: str = "  "
) -> str:
    """The table as ``viewer`` (a seat; None: a bystander) may see it, from the game's view: a
    header line, then one line a field."""
    view = game.view(state, viewer)
    head = [f"{name} {st.value(view[name])}" for name in VIEW_HEADER if name in view]
    head.append("a bystander's view" if viewer is None else f"seat {viewer}'s view")
    lines = [indent + st.dim(" · ".join(head))]
    width = max((len(n) for n in view if n not in VIEW_NOT_DRAWN), default=0)
    for name, v in view.items():
        if name not in VIEW_NOT_DRAWN:
            lines.append(f"{indent}{name:<{width}}  {st.observable(name, v)}")
    return "\n".join(lines)


def cards_named(v: JSON) -> set[str]:
    """Every card name standing as a string anywhere in a JSON value."""
    if isinstance(v, str):
        return {v} if read_card(v) == v else set()
    if isinstance(v, list):
        return set().union(*map(cards_named, v)) if v else set()
    if isinstance(v, dict):
        return set().union(*map(cards_named, v.values())) if v else set()
    return set()


#: How a card that a player does not see is written in another player's action.
FACE_DOWN_CARD = "(a card face down)"


def as_seen(
    game: AnyGame, before: object, after: object, act: JSONObject, seat: int | None
) -> JSONObject:
    """An action as ``seat`` (None: every card face up) sees it taken: another seat's cards
    that it sees neither before nor after the action, nor played to a trick it sees taken,
    face down."""
    if seat is None or act.get("seat") == seat:
        return act
    players = players_of(game, before)
    was, now = observe_all(game, before, players), observe_all(game, after, players)
    if trick_taker(was, now) is not None:
        return act
    return masked(act, cards_named(game.view(before, seat)) | cards_named(game.view(after, seat)))


def masked(action: JSONObject, seen: set[str]) -> JSONObject:
    """Another player's action as a player sees it: its cards he may not see face down."""

    def mask(v: JSON) -> JSON:
        if isinstance(v, str) and read_card(v) == v and v not in seen:
            return FACE_DOWN_CARD
        if isinstance(v, list):
            return [mask(x) for x in v]
        return v

    return {k: mask(v) if k in ("card", "cards") else v for k, v in action.items()}


def trick_taker(before: Mapping[str, JSON], after: Mapping[str, JSON]) -> int | None:
    """The seat that took a trick between two sets of observables, or None if none was taken."""
    took = before.get("tricks") != after.get("tricks") or (
        "tricks" not in after and before.get("trick_winner") != after.get("trick_winner")
    )
    winner = after.get("trick_winner")
    if took and isinstance(winner, int) and not isinstance(winner, bool):
        return winner
    return None


def changes(
    before: Mapping[str, JSON], after: Mapping[str, JSON], played: list[str], st: Style
) -> list[str]:
    """What an action changed that a player at the table would notice: a trick taken (by whom,
    and its cards: those on the table and the ``played`` ones), the phase, the trump, scores
    and chips."""
    out: list[str] = []
    winner = trick_taker(before, after)
    if winner is not None:
        table = before.get("table")
        cards: list[JSON] = [*(table if isinstance(table, list) else []), *played]
        shown = f": {st.value(cards)}" if cards else ""
        out.append(f"seat {winner} takes the trick{shown}")
    for name in REPORTED:
        if name in after and before.get(name) != after[name]:
            was, now = st.observable(name, before.get(name)), st.observable(name, after[name])
            out.append(f"{name} {was} → {now}")
    return out


def describe_action(action: JSONObject, st: Style, with_seat: bool = True) -> str:
    """An action for people, in the words that type it at the play shell: its ``type`` as the
    verb, then its fields' values in order: cards as symbols (``seat 1: play Q♠``), numbers
    bare (``raise 3``), a suit as its symbol (``trump ♥``), chips on cards as card and number
    (``stake A♥0 K♦0 Q♠0 J♣4``)."""
    parts = [str(action.get("type"))]
    for k, v in action.items():
        if k in ("type", "seat") or v is None:
            continue
        parts.append(typed_value(v, st))
    text = " ".join(parts)
    seat = action.get("seat")
    return f"seat {seat}: {text}" if with_seat and seat is not None else text


def typed_value(v: JSON, st: Style) -> str:
    """A field of an action as it is typed: a card or suit as its symbol, a number or word as
    it is, a list item by item, a mapping from cards to numbers as ``A♥0 K♦1``."""
    if isinstance(v, bool):
        return "true" if v else "false"
    if isinstance(v, str) and len(v) == 1 and v in "SHDC":
        return st.suit(v)
    if isinstance(v, str):
        return st.card(v) if read_card(v) == v else v
    if isinstance(v, list):
        return " ".join(typed_value(x, st) for x in v) if v else "—"
    if isinstance(v, dict):
        return " ".join(f"{st.key(k)}{typed_value(x, st)}" for k, x in v.items()) if v else "—"
    return str(v)


def show_observable(name: str, v: JSON, st: Style) -> str:
    """An observable's value for people; ``legal`` as a list of described actions."""
    if name == "legal" and isinstance(v, list):
        acts = [describe_action(a, st) for a in v if isinstance(a, dict)]
        return "; ".join(acts) if acts else "— (none)"
    return st.observable(name, v)


# --- rules, sentences, rulings ------------------------------------------------------------------


@cache
def register() -> Mapping[str, trace.Ruling]:
    return trace.load_register()


def sentence_lines(sid: str, st: Style, indent: str) -> list[str]:
    """A cited sentence: its id and Russian text, then our English translation."""
    try:
        s = corpus.sentence(sid)
    except corpus.CitationError as e:
        return [f"{indent}{sid}: ({e})"]
    out = [f"{indent}{st.head(sid)}  {s.text}"]
    english = corpus.translations().get(sid)
    if english:
        out.append(f"{indent}{' ' * len(sid)}  {st.dim('— ' + english)}")
    return out


def ruling_lines(rid: str, st: Style, indent: str, with_sentences: bool = False) -> list[str]:
    """A ruling: its question, every reading with the option that selects it, the default."""
    ruling = register().get(rid)
    if ruling is None:
        return [f"{indent}{rid}: (not in the register)"]
    out = [f"{indent}{st.head(rid)} ({ruling.kind}): {ruling.question}"]
    for reading in ruling.readings:
        mark = " (default)" if reading.key == ruling.default else ""
        opt = ""
        if reading.option:
            opt = " [" + ", ".join(f"{k}={show_value(v)}" for k, v in reading.option.items()) + "]"
        out.append(f"{indent}  {reading.key}){mark}{opt} {reading.text}")
    if ruling.sentences and with_sentences:
        out.append(f"{indent}  sentences: {', '.join(ruling.sentences)}")
    return out


def options_in_force(game: AnyGame, chosen: Mapping[str, OptionValue]) -> dict[str, OptionValue]:
    """Every option of the game with the value a game uses: the one chosen, else its default."""
    return {name: chosen.get(name, spec.default) for name, spec in game.options.items()}


def reading_in_force(
    rid: str, in_force: Mapping[str, OptionValue]
) -> tuple[trace.Ruling, trace.Reading] | None:
    """The reading of a ruling that the options in force select, or None when no reading of
    it is selected by an option of this game (a ruling of another game, or one no option
    selects)."""
    ruling = register().get(rid)
    if ruling is None:
        return None
    for reading in ruling.readings:
        option = reading.option
        if option and all(k in in_force and in_force[k] == v for k, v in option.items()):
            return ruling, reading
    return None


def ruling_in_force_lines(
    rule: Rule, in_force: Mapping[str, OptionValue], st: Style, indent: str
) -> list[str]:
    """The rulings a rule cites that the game is using, one line each: the ruling, the option
    and its value in force, and the text of that reading."""
    out: list[str] = []
    for ref in rule.cites:
        found = reading_in_force(ref, in_force) if ref.startswith("AMB-") else None
        if found is not None:
            ruling, reading = found
            option = ", ".join(f"{k}={show_value(v)}" for k, v in (reading.option or {}).items())
            out.append(f"{indent}{st.head(ruling.id)} [{option}]: {reading.text}")
    return out


def explain_rule(rule: Rule, st: Style, indent: str = "  ", rulings: bool = True) -> list[str]:
    """A rule: its id and English statement, its sentences (Russian and English), its rulings."""
    out = [f"{indent}{st.rule(rule.id)}: {rule.statement}"]
    for ref in rule.cites:
        if ref.startswith("AMB-"):
            if rulings:
                out.extend(ruling_lines(ref, st, indent + "  "))
            else:
                out.append(f"{indent}  {st.head(ref)} (ruling)")
        else:
            out.extend(sentence_lines(ref, st, indent + "  "))
    return out


def rule_by_id(game: AnyGame, rule_id: str | None) -> Rule | None:
    if rule_id is None:
        return None
    return next((r for r in game.rules if r.id == rule_id), None)

"""Every game of the corpus as an OpenSpiel game (a shell beside :mod:`reference.cli`).

Importing this module registers each game of :data:`reference.games.REGISTRY` with
``pyspiel.register_game`` as a Python game named ``koloda_<id>`` (``-`` written ``_``:
``koloda_mushka_kopilka``). Its parameters are ``players`` (the smallest seat count the game
sets up under its defaults), ``max_game_length`` (see below) and every option of the game with
its default, of the option's type (bool, int or str)::

    import pyspiel
    import reference.openspiel  # registers the games
    game = pyspiel.load_game("koloda_mushka", {"players": 4, "must_beat": False})

The bridge does what OpenSpiel asks and the model leaves to its caller:

* **The deal is chance.** Card by card, uniform over the cards of the game's pack
  (``game.pack``) not yet drawn; a chance outcome is a card id (0 to 51, suit-major, as
  :mod:`reference.core.cards` numbers them; lotereya's pack holds each card twice, so a card
  still there twice is twice as likely). Once the whole pack is drawn, the chance sequence is a
  deck order and the model sets the table up from it:
  ``setup(Table(players, dealer=0, deal=DeckOrder(cards), options))``. The dealer is seat 0.
* **Actions are integers** (:class:`ActionSpace`): each kind of action (sorted by name) owns a
  range of ids, one id for each combination of its fields' values; the fields are those the
  game's interface data lists for the kind (``conformance/interface/<game>.json``), each
  encoded as :class:`FieldCodec` says. An action's string is its JSON notation (canonical:
  sorted keys, no spaces).
* **Returns** come from the outcome: where the outcome keeps scores (chips held, purses or net
  points by seat), each seat's score less its share of the chips in play at the start
  (``game.chips`` of the state set up, split equally: every seat starts alike); otherwise +1
  for a winner, -1 for a loser, 0 for a seat that is neither.
* **Length.** ``max_game_length`` (default :data:`MAX_GAME_LENGTH`, the bound of decisions the
  liveness tests hold every game to under every reading) counts decisions; a game still on
  after that many is cut there by the bridge: it is terminal with every return 0. Every game
  ends in random play far below it (melniki-a, the longest, in a few thousand), but some
  readings only end a stuck position by a repetition rule (melniki-a's ``stage_two_limit=0``),
  so the cut keeps the bound OpenSpiel is told true for any play.
* **What a seat sees** is the model's own view (``game.view(state, seat)``), as canonical JSON:
  ``observation_string``; ``information_state_string`` adds the seat's own actions so far
  (their JSON notation, in order). While the pack is being drawn a seat sees how many cards are
  drawn. No tensors are provided.
* **Serialisation**: OpenSpiel's ``serialize_game_and_state`` writes a Python state as its
  history and its attributes pickled: here the game by its name and parameters and the
  state's :class:`Progress` (the cards drawn, the model's state, the actions played); both are
  read back as they were. :meth:`KolodaState.position` gives the model's position notation of
  the state once dealt, and :meth:`KolodaGame.state_at` a state from a position.

Nothing here is part of the model: the model never imports it (an import-linter contract).
"""

from __future__ import annotations

import json
from collections import Counter
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from math import comb
from typing import Final, Protocol

import pyspiel

from conformance import interface
from reference.core.cards import SUIT_LETTERS, Card, card_name, parse_card
from reference.core.game import AnyGame, DeckOrder, Outcome, Table, seat_counts
from reference.core.jsontypes import JSON, JSONObject
from reference.core.options import OptionValue, resolve
from reference.games import REGISTRY
from reference.games.michigan import BOODLE_NAMES, STAKE

#: OpenSpiel's player ids of a chance node and of the end.
CHANCE: Final[int] = int(pyspiel.PlayerId.CHANCE)
TERMINAL: Final[int] = int(pyspiel.PlayerId.TERMINAL)
#: The default bound of decisions of a game (a parameter): the liveness bound of the tests.
MAX_GAME_LENGTH: Final = 20_000
#: The most cards in the hand an exchange is taken from (the five cards of мушка's deal).
HAND_LIMIT: Final = 5
#: The card-set field of each game that has one: ``("pack", k)`` for a set of at most ``k``
#: cards of the pack, ``("hand", HAND_LIMIT)`` for a set of the mover's hand.
CARD_SETS: Final[Mapping[str, tuple[str, int]]] = {
    "gorka": ("pack", 2),  # show: two cards
    "lotereya": ("pack", 2),  # lead and beat: one card, or two of a rank
    "mushka": ("hand", HAND_LIMIT),  # exchange: one to five cards of the hand
    "mushka-mistigri": ("hand", HAND_LIMIT),
    "mushka-pamfil": ("hand", HAND_LIMIT),
    "mushka-shutikha": ("hand", HAND_LIMIT),
}
#: The largest ``position`` of a draw (the interface's schema: 0 to 51).
POSITIONS: Final = 52


def short_name(game_id: str) -> str:
    """The OpenSpiel name of a game: ``koloda_`` and its id with ``-`` written ``_``."""
    return "koloda_" + game_id.replace("-", "_")


def canonical(value: JSON) -> str:
    """JSON with sorted keys and no spaces: the text of actions and observations."""
    return json.dumps(value, sort_keys=True, ensure_ascii=False, separators=(",", ":"))


# --- the action encoding ---------------------------------------------------------------------


class FieldCodec(Protocol):
    """One field of an action kind as a digit: ``size`` values, the field's JSON value to a
    digit and back; ``hand`` is the mover's hand (card names in canonical order), which only a
    set of cards of the hand reads. A value out of the encoding's bounds is a ValueError."""

    @property
    def size(self) -> int: ...
    def encode(self, value: JSON, hand: Sequence[str]) -> int: ...
    def decode(self, digit: int, hand: Sequence[str]) -> JSON: ...


@dataclass(frozen=True)
class PackCard:
    """``card``: one id per distinct card of the pack, in card-id order."""

    cards: tuple[Card, ...]

    @property
    def size(self) -> int:
        return len(self.cards)

    def encode(self, value: JSON, hand: Sequence[str]) -> int:
        if not isinstance(value, str):
            raise ValueError(f"a card, not {value!r}")
        return self.cards.index(parse_card(value))

    def decode(self, digit: int, hand: Sequence[str]) -> JSON:
        return card_name(self.cards[digit])


@dataclass(frozen=True)
class PackCards:
    """``cards`` (a set of at most ``most`` distinct cards of the pack): its rank among the
    sets of the pack's cards, by size, then in lexicographic order of card ids."""

    cards: tuple[Card, ...]
    most: int

    @property
    def size(self) -> int:
        return sum(comb(len(self.cards), k) for k in range(1, self.most + 1))

    def encode(self, value: JSON, hand: Sequence[str]) -> int:
        if not isinstance(value, list) or not 1 <= len(value) <= self.most:
            raise ValueError(f"one to {self.most} cards, not {value!r}")
        names = [v for v in value if isinstance(v, str)]
        picked = tuple(sorted(self.cards.index(parse_card(v)) for v in names))
        if len(set(picked)) != len(value):
            raise ValueError(f"distinct cards, not {value!r}")
        before = sum(comb(len(self.cards), k) for k in range(1, len(picked)))
        return before + _combination_rank(picked, len(self.cards))

    def decode(self, digit: int, hand: Sequence[str]) -> JSON:
        k = 1
        while digit >= comb(len(self.cards), k):
            digit -= comb(len(self.cards), k)
            k += 1
        picked = _combination_unrank(digit, len(self.cards), k)
        return [card_name(self.cards[i]) for i in picked]


def _combination_rank(picked: tuple[int, ...], n: int) -> int:
    """The lexicographic rank of an increasing tuple among the ``len(picked)``-subsets of
    ``range(n)``."""
    rank, low, k = 0, 0, len(picked)
    for place, chosen in enumerate(picked):
        for skipped in range(low, chosen):
            rank += comb(n - skipped - 1, k - place - 1)
        low = chosen + 1
    return rank


def _combination_unrank(rank: int, n: int, k: int) -> tuple[int, ...]:
    """The increasing ``k``-tuple of ``range(n)`` of a lexicographic rank."""
    picked: list[int] = []
    candidate = 0
    for place in range(k):
        while True:
            below = comb(n - candidate - 1, k - place - 1)
            if rank < below:
                break
            rank -= below
            candidate += 1
        picked.append(candidate)
        candidate += 1
    return tuple(picked)


@dataclass(frozen=True)
class HandCards:
    """``cards`` (one or more cards of the mover's hand of at most ``most`` cards): a bitmask
    over the hand in canonical card order (bit ``i``: the ``i``-th card), less one."""

    most: int

    @property
    def size(self) -> int:
        return (1 << self.most) - 1

    def encode(self, value: JSON, hand: Sequence[str]) -> int:
        if not isinstance(value, list) or not value:
            raise ValueError(f"one or more cards, not {value!r}")
        mask = 0
        for name in value:
            if not isinstance(name, str) or name not in hand[: self.most]:
                raise ValueError(f"{name!r} is not among the first {self.most} cards of {hand}")
            mask |= 1 << hand.index(name)
        return mask - 1

    def decode(self, digit: int, hand: Sequence[str]) -> JSON:
        mask = digit + 1
        return [name for i, name in enumerate(hand[: self.most]) if mask >> i & 1]


@dataclass(frozen=True)
class Choice:
    """A field of a few named values (a suit's letter, ``pig`` or a seat): one id each."""

    values: tuple[JSON, ...]

    @property
    def size(self) -> int:
        return len(self.values)

    def encode(self, value: JSON, hand: Sequence[str]) -> int:
        for digit, known in enumerate(self.values):
            if type(known) is type(value) and known == value:
                return digit
        raise ValueError(f"{value!r} is not one of {self.values}")

    def decode(self, digit: int, hand: Sequence[str]) -> JSON:
        return self.values[digit]


@dataclass(frozen=True)
class Amount:
    """``amount`` (a number of chips, left out where the kind names none under the options in
    force): digit 0 when left out, else 1 + the amount, from 0 to ``most``: all the chips in
    play, which the model conserves, so no stake, bid or spread can be larger."""

    most: int

    @property
    def size(self) -> int:
        return self.most + 2

    def encode(self, value: JSON, hand: Sequence[str]) -> int:
        if value is None:
            return 0
        if isinstance(value, bool) or not isinstance(value, int) or not 0 <= value <= self.most:
            raise ValueError(f"an amount from 0 to {self.most}, not {value!r}")
        return value + 1

    def decode(self, digit: int, hand: Sequence[str]) -> JSON:
        return None if digit == 0 else digit - 1


@dataclass(frozen=True)
class BoodleSplit:
    """``chips`` (michigan's stake: chips on each boodle card, at most ``STAKE`` in all): the
    rank of the split, by boodle card in the order the model lists them, among all the splits
    in lexicographic order."""

    names: tuple[str, ...]
    most: int

    @property
    def splits(self) -> list[tuple[int, ...]]:
        return _splits(len(self.names), self.most)

    @property
    def size(self) -> int:
        return len(self.splits)

    def encode(self, value: JSON, hand: Sequence[str]) -> int:
        if not isinstance(value, dict) or set(value) - set(self.names):
            raise ValueError(f"chips on {self.names} only, not {value!r}")
        split = tuple(value.get(name, 0) for name in self.names)
        amounts = tuple(a for a in split if isinstance(a, int) and not isinstance(a, bool))
        if len(amounts) != len(split):
            raise ValueError(f"whole numbers of chips, not {value!r}")
        return self.splits.index(amounts)

    def decode(self, digit: int, hand: Sequence[str]) -> JSON:
        return dict(zip(self.names, self.splits[digit], strict=True))


def _splits(parts: int, most: int) -> list[tuple[int, ...]]:
    """Every tuple of ``parts`` non-negative integers adding up to at most ``most``, in
    lexicographic order."""
    if parts == 0:
        return [()]
    return [(k, *rest) for k in range(most + 1) for rest in _splits(parts - 1, most - k)]


@dataclass(frozen=True)
class Kind:
    """One kind of action: its id range starts at ``offset``; its fields (sorted by name) are
    the digits of the id within the range, the last field the lowest digit."""

    name: str
    offset: int
    fields: tuple[tuple[str, FieldCodec], ...]

    @property
    def size(self) -> int:
        total = 1
        for _, codec in self.fields:
            total *= codec.size
        return total


class ActionSpace:
    """The stable enumeration of a game's actions at one table (seat count and options):
    :meth:`encode` an action's JSON notation to its id, :meth:`decode` back.

    Ids are ``kind.offset + digits`` with the kinds in sorted order; :attr:`size` is
    ``num_distinct_actions``. The fields, from the interface data of the game: ``card`` one id
    per card of the pack; ``cards`` a set (:data:`CARD_SETS`); ``suit`` one of the four suit
    letters; ``position`` 0 to 51; ``onto`` ``pig`` or a seat; ``amount`` none or 0 to the chips
    in play; ``chips`` a split of michigan's stake over the boodle cards.
    """

    def __init__(self, game: AnyGame, players: int, chips: int) -> None:
        described = interface.load(game.id)["actions"]
        if not isinstance(described, dict):
            raise ValueError(f"{game.id}: the interface's actions are not an object")
        pack = tuple(sorted(set(game.pack)))
        kinds: list[Kind] = []
        offset = 0
        for name in game.kinds:
            entry = described[name]
            fields = entry.get("fields", {}) if isinstance(entry, dict) else {}
            if not isinstance(fields, dict):
                raise ValueError(f"{game.id}: the fields of {name} are not an object")
            codecs = tuple(
                (field, _field_codec(game.id, field, pack, players, chips))
                for field in sorted(fields)
            )
            kind = Kind(name, offset, codecs)
            kinds.append(kind)
            offset += kind.size
        self.kinds: Final = tuple(kinds)
        self.by_name: Final = {k.name: k for k in kinds}
        self.size: Final = offset

    def encode(self, action: JSONObject, hand: Sequence[str]) -> int:
        """The id of an action's JSON notation (its seat is not encoded: the mover's)."""
        kind_name = action.get("type")
        if not isinstance(kind_name, str) or kind_name not in self.by_name:
            raise ValueError(f"no kind {kind_name!r} in this game")
        kind = self.by_name[kind_name]
        extra = set(action) - {"type", "seat"} - {f for f, _ in kind.fields}
        if extra:
            raise ValueError(f"fields {sorted(extra)} are not in the encoding of {kind_name}")
        digits = 0
        for field, codec in kind.fields:
            digits = digits * codec.size + codec.encode(action.get(field), hand)
        return kind.offset + digits

    def decode(self, action_id: int, seat: int, hand: Sequence[str]) -> JSONObject:
        """The JSON notation of an id, played by ``seat``."""
        if not 0 <= action_id < self.size:
            raise ValueError(f"action {action_id} is not in [0, {self.size})")
        kind = next(k for k in reversed(self.kinds) if k.offset <= action_id)
        rest = action_id - kind.offset
        values: dict[str, JSON] = {}
        for field, codec in reversed(kind.fields):
            rest, digit = divmod(rest, codec.size)
            values[field] = codec.decode(digit, hand)
        out: JSONObject = {"type": kind.name, "seat": seat}
        out.update({f: v for f, v in sorted(values.items()) if v is not None})
        return out


def _field_codec(
    game_id: str, field: str, pack: tuple[Card, ...], players: int, chips: int
) -> FieldCodec:
    """The encoding of one field of a game's actions (a field this bridge does not know is a
    ValueError: a new field needs its encoding chosen here)."""
    if field == "card":
        return PackCard(pack)
    if field == "cards":
        where, most = CARD_SETS[game_id]
        return PackCards(pack, most) if where == "pack" else HandCards(most)
    if field == "suit":
        return Choice(tuple(SUIT_LETTERS))
    if field == "position":
        return Choice(tuple(range(POSITIONS)))
    if field == "onto":
        return Choice(("pig", *range(players)))
    if field == "amount":
        return Amount(chips)
    if field == "chips":
        return BoodleSplit(BOODLE_NAMES, STAKE)
    raise ValueError(f"{game_id}: no encoding for the action field {field!r}")


# --- the games ---------------------------------------------------------------------------------


def default_players(game: AnyGame) -> int:
    """The ``players`` parameter's default: the smallest seat count the game sets up under its
    default options."""
    return seat_counts(game, {})[0]


def _parameters(game: AnyGame) -> dict[str, OptionValue]:
    spec: dict[str, OptionValue] = {
        "players": default_players(game),
        "max_game_length": MAX_GAME_LENGTH,
    }
    for name, option in sorted(game.options.items()):
        spec[name] = parameter_value(option.default)
    return spec


#: The games whose outcome keeps no scores: their returns are +1 a winner, -1 a loser.
WIN_LOSS: Final = frozenset({"melniki-a", "melniki-b", "tsyganka", "svinyi"})


#: The games whose scores are chips held (never below 0, never above all chips in play): their
#: utility bounds are exact. Other scores (net points, purses that may go below nothing) are
#: bounded by :data:`UTILITY_BOUND`.
CHIPS_HELD: Final = frozenset({"gorka", "lotereya", "michigan"})
#: The zero-sum games: chips held are the scores, and none is left in a pot at the end (gorka
#: ends when its pot is settled; lotereya's carried chips go to the banker when stage 2 begins
#: and its fines to players). The tests check the returns add up to 0 in every game they play.
ZERO_SUM: Final = frozenset({"gorka", "lotereya"})
#: The utility bound of the scored games without an exact one: a bound, not a tight one.
UTILITY_BOUND: Final = 1_000_000.0


class KolodaGame(pyspiel.Game):  # type: ignore[misc]  # pyspiel has no type stubs
    """One game of the corpus at one table (seat count, options and length bound)."""

    def __init__(self, game: AnyGame, params: Mapping[str, OptionValue] | None = None) -> None:
        given = dict(params or {})
        players = _int_param(given.pop("players", default_players(game)), "players")
        self.length: Final = _int_param(
            given.pop("max_game_length", MAX_GAME_LENGTH), "max_game_length"
        )
        self.model: Final = game
        self.players: Final = players
        self.options: Final[dict[str, OptionValue]] = {
            k: option_value(v)
            for k, v in given.items()
            if not _is_default(game, k, option_value(v))
        }
        start = game.setup(Table(players, 0, DeckOrder(game.pack), self.options))
        chips = game.chips(start)
        self.chips: Final = 0 if chips is None else chips
        self.share: Final = self.chips / players
        self.space: Final = ActionSpace(game, players, self.chips)
        # the kinds whose ids depend on the mover's hand; the ids of the others met so far
        self.hand_kinds: Final = frozenset(
            kind.name
            for kind in self.space.kinds
            if any(isinstance(codec, HandCards) for _, codec in kind.fields)
        )
        self.ids: dict[tuple[type, object], int] = {}
        self.scored: Final = game.id not in WIN_LOSS
        low, high = _utility_bounds(game.id, self.scored, self.chips, self.share)
        info = pyspiel.GameInfo(
            num_distinct_actions=self.space.size,
            max_chance_outcomes=max(game.pack) + 1,
            num_players=players,
            min_utility=low,
            max_utility=high,
            utility_sum=0.0 if game.id in ZERO_SUM else None,
            max_game_length=self.length,
        )
        self.params: Final = {**given, **_fixed(players, self.length)}
        super().__init__(_game_type(game), info, self.params)

    def __reduce__(
        self,
    ) -> tuple[
        Callable[[str, dict[str, OptionValue]], KolodaGame], tuple[str, dict[str, OptionValue]]
    ]:
        """Pickled as its name and parameters (OpenSpiel's serialisation pickles a game)."""
        return load, (short_name(self.model.id), dict(self.params))

    def legal_ids(self, legal: tuple[object, ...], hand: Callable[[], list[str]]) -> list[int]:
        """The ids of legal actions, in order; ``hand`` gives the mover's hand, read only where
        a kind encodes cards of the hand (the ids of the others are kept once met, by action
        and its type: actions of two kinds may be equal NamedTuples)."""
        ids: list[int] = []
        held: list[str] | None = None
        for action in legal:
            key = (type(action), action)
            known = self.ids.get(key)
            if known is None:
                notation = self.model.action_json(action)
                if notation["type"] in self.hand_kinds:
                    held = hand() if held is None else held
                    known = self.space.encode(notation, held)
                else:
                    known = self.ids[key] = self.space.encode(notation, ())
            ids.append(known)
        return ids

    def new_initial_state(self) -> KolodaState:
        """The state before the first card is drawn."""
        return KolodaState(self)

    def state_at(self, position: JSON) -> KolodaState:
        """A state from the model's position notation (``game.load_position``), for a search
        from a position of a scenario or a game played elsewhere. The position must be of this
        table (its seat count and options, defaults filled in). The state has no OpenSpiel
        history (no cards drawn, no actions): its information states hold no own actions, and
        OpenSpiel's serialisation, which replays a history, does not apply to it."""
        dealt = self.model.load_position(position)
        at = self.model.position(dealt)
        table_options = resolve(self.model.id, self.model.options, self.options)
        if at.get("players") != self.players or at.get("options") != table_options:
            raise ValueError(
                f"a position of another table of {self.model.id} "
                f"(players {at.get('players')}, not {self.players}; or other options)"
            )
        state = KolodaState(self)
        state.shared = Shared(self, progress(self, (), dealt, 0, None))
        return state

    def make_py_observer(
        self, iig_obs_type: object = None, params: Mapping[str, object] | None = None
    ) -> KolodaObserver:
        """The observer of the views: the information state where perfect recall is asked."""
        recall = bool(getattr(iig_obs_type, "perfect_recall", False))
        return KolodaObserver(recall)


#: The mark before a string option value made of digits (svinyi's ``pack="52"``, мушка's
#: ``deck="36"``) in its OpenSpiel parameter: a game string (``koloda_svinyi(pack=52)``) reads
#: digits as an integer, so the parameter is written ``pack=n52``; the plain string is taken too.
DIGITS_MARK: Final = "n"


def parameter_value(value: OptionValue) -> OptionValue:
    """An option's value as an OpenSpiel parameter (a string of digits marked)."""
    if isinstance(value, str) and value.isdigit():
        return DIGITS_MARK + value
    return value


def option_value(value: OptionValue) -> OptionValue:
    """A parameter's value as the option's (the mark of a string of digits taken off)."""
    if isinstance(value, str) and value.startswith(DIGITS_MARK) and value[1:].isdigit():
        return value[1:]
    return value


def _int_param(value: OptionValue, name: str) -> int:
    if isinstance(value, bool) or not isinstance(value, int):
        raise ValueError(f"{name} must be an integer, not {value!r}")
    return value


def _is_default(game: AnyGame, name: str, value: OptionValue) -> bool:
    spec = game.options.get(name)
    return spec is not None and type(spec.default) is type(value) and spec.default == value


def _fixed(players: int, length: int) -> dict[str, OptionValue]:
    return {"players": players, "max_game_length": length}


def _utility_bounds(game_id: str, is_scored: bool, chips: int, share: float) -> tuple[float, float]:
    if not is_scored:
        return -1.0, 1.0
    if game_id in CHIPS_HELD:
        return -share, chips - share
    return -UTILITY_BOUND, UTILITY_BOUND


def _game_type(game: AnyGame) -> pyspiel.GameType:
    return pyspiel.GameType(
        short_name=short_name(game.id),
        long_name=f"koloda {game.title}",
        dynamics=pyspiel.GameType.Dynamics.SEQUENTIAL,
        chance_mode=pyspiel.GameType.ChanceMode.EXPLICIT_STOCHASTIC,
        information=pyspiel.GameType.Information.IMPERFECT_INFORMATION,
        utility=(
            pyspiel.GameType.Utility.ZERO_SUM
            if game.id in ZERO_SUM
            else pyspiel.GameType.Utility.GENERAL_SUM
        ),
        reward_model=pyspiel.GameType.RewardModel.TERMINAL,
        max_num_players=game.players.stop - 1,
        min_num_players=game.players.start,
        provides_information_state_string=True,
        provides_information_state_tensor=False,
        provides_observation_string=True,
        provides_observation_tensor=False,
        parameter_specification=_parameters(game),
    )


#: A progress's fields as pickled: the actions played flat, the last first.
PickledProgress = tuple[
    tuple[Card, ...], object, int, tuple[tuple[int, object], ...], tuple[object, ...], int
]
Unpickler = Callable[[PickledProgress], "Progress"]
#: The actions played, as a list that shares its tail with the state before: the last action's
#: seat and action, and the actions before it (None: none yet).
Played = tuple[int, object, "Played"] | None


@dataclass(frozen=True)
class Progress:
    """What a state holds, immutable: the cards drawn, the model's state once dealt, the
    decisions made and the actions played (the last first: ``(seat, action, earlier)``)."""

    drawn: tuple[Card, ...]
    dealt: object | None
    decisions: int
    played: Played
    #: the model's legal actions (none while drawing, at the end and once cut)
    legal: tuple[object, ...] = ()
    #: the OpenSpiel player to move: chance while drawing, a seat, or terminal
    mover: int = -1

    def __reduce__(self) -> tuple[Unpickler, tuple[PickledProgress]]:
        """Pickled with the actions played as a flat tuple (a long chain would recurse)."""
        flat: list[tuple[int, object]] = []
        played = self.played
        while played is not None:
            seat, action, played = played
            flat.append((seat, action))
        fields: PickledProgress = (
            self.drawn,
            self.dealt,
            self.decisions,
            tuple(flat),
            self.legal,
            self.mover,
        )
        return unpickle_progress, (fields,)


def unpickle_progress(fields: PickledProgress) -> Progress:
    """A progress from its pickled fields (the actions played, the last first)."""
    drawn, dealt, decisions, flat, legal, mover = fields
    played: Played = None
    for seat, action in reversed(flat):
        played = (seat, action, played)
    return Progress(drawn, dealt, decisions, played, legal, mover)


def progress(
    table: KolodaGame,
    drawn: tuple[Card, ...],
    dealt: object | None,
    decisions: int,
    played: Played,
) -> Progress:
    """A state's progress, with its legal actions and player to move looked up once."""
    if dealt is None:
        return Progress(drawn, dealt, decisions, played, (), CHANCE)
    legal = table.model.legal_actions(dealt) if decisions < table.length else ()
    if not legal:
        return Progress(drawn, dealt, decisions, played, (), TERMINAL)
    seat = table.model.to_move(dealt)
    if seat is None:
        raise ValueError(f"{table.model.id}: a game on with nobody to move")
    return Progress(drawn, dealt, decisions, played, legal, seat)


class Shared:
    """A value every clone of a state shares (OpenSpiel clones a Python state by deep-copying
    its attributes; the game and an immutable :class:`Progress` need no copy)."""

    __slots__ = ("game", "progress")

    def __init__(self, game: KolodaGame, progress: Progress) -> None:
        self.game: Final = game
        self.progress: Final = progress

    def __deepcopy__(self, memo: dict[int, object]) -> Shared:
        return self


class KolodaState(pyspiel.State):  # type: ignore[misc]  # pyspiel has no type stubs
    """A state: the cards drawn so far, then the model's state and each seat's own actions."""

    def __init__(self, game: KolodaGame) -> None:
        super().__init__(game)
        start = progress(game, (), None, 0, None)
        self.shared = Shared(game, start)
        self.legal_cache = Shared(game, start)  # the progress whose legal map is cached
        self.legal_ids: dict[int, object] = {}

    def __reduce__(
        self,
    ) -> tuple[Callable[[KolodaGame, list[int]], KolodaState], tuple[KolodaGame, list[int]]]:
        """Pickled as its game and the chance outcomes and actions that led to it."""
        return replay, (self.table, list(self.history()))

    # -- what the model says of the state

    @property
    def table(self) -> KolodaGame:
        return self.shared.game

    @property
    def model(self) -> AnyGame:
        return self.shared.game.model

    @property
    def progress(self) -> Progress:
        return self.shared.progress

    @property
    def model_state(self) -> object | None:
        """The model's state (None while the pack is being drawn)."""
        return self.shared.progress.dealt

    def _dealt(self) -> object:
        if self.model_state is None:
            raise ValueError("the pack is still being drawn")
        return self.model_state

    def outcome(self) -> Outcome | None:
        """The model's outcome (None while the game is on or the pack is being drawn)."""
        return None if self.model_state is None else self.model.outcome(self.model_state)

    def truncated(self) -> bool:
        """Whether the bridge cut the game at ``max_game_length`` decisions."""
        return self.progress.decisions >= self.table.length and self.outcome() is None

    def position(self) -> JSONObject:
        """The model's position notation of the dealt state."""
        return self.model.position(self._dealt())

    def hand(self, seat: int) -> list[str]:
        """The seat's hand as its view shows it (card names), [] where the view has none."""
        held = self.model.view(self._dealt(), seat).get("hand")
        return [c for c in held if isinstance(c, str)] if isinstance(held, list) else []

    # -- the OpenSpiel API

    def current_player(self) -> int:
        return self.progress.mover

    def is_terminal(self) -> bool:
        return self.progress.mover == TERMINAL

    def chance_outcomes(self) -> list[tuple[int, float]]:
        left = Counter(self.model.pack)
        left.subtract(self.progress.drawn)
        total = sum(left.values())
        return [(card, n / total) for card, n in sorted(left.items()) if n > 0]

    def legal_map(self) -> dict[int, object]:
        """The legal actions of the player to move, by id."""
        if self.legal_cache.progress is not self.progress:
            legal = self.progress.legal
            ids = self.table.legal_ids(legal, lambda: self.hand(self.current_player()))
            self.legal_ids = dict(zip(ids, legal, strict=True))
            if len(self.legal_ids) != len(legal):
                raise ValueError(f"two legal actions share an id in {self.model.id}")
            self.legal_cache = self.shared
        return self.legal_ids

    def _legal_actions(self, player: int) -> list[int]:
        if player != self.current_player() or player < 0:
            return []
        return sorted(self.legal_map())

    def _apply_action(self, action: int) -> None:
        was = self.progress
        if was.dealt is None:
            drawn = (*was.drawn, action)
            dealt: object | None = None
            if len(drawn) == len(self.model.pack):
                table = Table(self.table.players, 0, DeckOrder(drawn), self.table.options)
                dealt = self.model.setup(table)
            self.shared = Shared(self.table, progress(self.table, drawn, dealt, 0, None))
            return
        seat = self.current_player()
        chosen = self.legal_map()[action]
        played = (seat, chosen, was.played)
        after = self.model.apply(was.dealt, chosen)
        step = progress(self.table, was.drawn, after, was.decisions + 1, played)
        self.shared = Shared(self.table, step)

    def _action_to_string(self, player: int, action: int) -> str:
        if player == CHANCE:
            return card_name(action)
        hand = self.hand(player) if self.model_state is not None else []
        return canonical(self.table.space.decode(action, player, hand))

    def returns(self) -> list[float]:
        outcome = self.outcome()
        if outcome is None or not self.is_terminal():
            return [0.0] * self.table.players
        return seat_returns(outcome, self.table.players, self.table.scored, self.table.share)

    def __str__(self) -> str:
        if self.model_state is None:
            return canonical({"drawn": [card_name(c) for c in self.progress.drawn]})
        return canonical(self.model.view(self.model_state, None))

    # -- the strings a seat sees

    def own(self, seat: int) -> list[object]:
        """The actions the seat has played, in order."""
        actions: list[object] = []
        played = self.progress.played
        while played is not None:
            by, action, played = played
            if by == seat:
                actions.append(action)
        return actions[::-1]

    def observation(self, seat: int) -> str:
        """The seat's view, as canonical JSON (while drawing: how many cards are drawn)."""
        if self.model_state is None:
            return canonical({"drawn": len(self.progress.drawn)})
        return canonical(self.model.view(self.model_state, seat))

    def information(self, seat: int) -> str:
        """The seat's view and its own actions so far, as canonical JSON."""
        mine: list[JSON] = [self.model.action_json(a) for a in self.own(seat)]
        if self.model_state is None:
            return canonical({"drawn": len(self.progress.drawn), "own": mine})
        return canonical({"own": mine, "view": self.model.view(self.model_state, seat)})


def load(name: str, params: dict[str, OptionValue]) -> KolodaGame:
    """A game by its OpenSpiel name and parameters."""
    game = pyspiel.load_game(name, params)
    if not isinstance(game, KolodaGame):
        raise ValueError(f"{name} is not a game of this bridge")
    return game


def replay(game: KolodaGame, history: list[int]) -> KolodaState:
    """The state a history (chance outcomes and actions) leads to."""
    state = game.new_initial_state()
    for action in history:
        state.apply_action(action)
    return state


def seat_returns(outcome: Outcome, players: int, is_scored: bool, share: float) -> list[float]:
    """Each seat's return: its score less its starting share where scores are kept, else +1 a
    winner, -1 a loser, 0 neither."""
    if is_scored and outcome.scores is not None:
        return [float(score) - share for score in outcome.scores]
    return [
        1.0 if seat in outcome.winners else -1.0 if seat in outcome.losers else 0.0
        for seat in range(players)
    ]


class KolodaObserver:
    """OpenSpiel's observer of a game: strings only (no ``tensor``)."""

    def __init__(self, recall: bool) -> None:
        self.recall = recall
        self.tensor: None = None
        self.dict: dict[str, object] = {}

    def set_from(self, state: KolodaState, player: int) -> None:
        """No tensor to fill."""

    def string_from(self, state: KolodaState, player: int) -> str:
        return state.information(player) if self.recall else state.observation(player)


def game_class(game: AnyGame) -> type[KolodaGame]:
    """The OpenSpiel game class of one game (OpenSpiel registers a class: its instances are
    made from the parameters alone)."""

    def init(self: KolodaGame, params: Mapping[str, OptionValue] | None = None) -> None:
        KolodaGame.__init__(self, game, params)

    name = f"KolodaGame_{short_name(game.id)}"
    made = type(name, (KolodaGame,), {"__init__": init, "__qualname__": name})
    globals()[name] = made  # pickling (serialize_game_and_state) finds a class by its name
    return made


def register() -> tuple[str, ...]:
    """Register every game (again: a name already registered is skipped); their names."""
    names = []
    known = set(pyspiel.registered_names())
    for game in REGISTRY.values():
        name = short_name(game.id)
        if name not in known:
            pyspiel.register_game(_game_type(game), game_class(game))
        names.append(name)
    return tuple(names)


GAMES: Final = register()


# --- the mapping, as the docs print it -----------------------------------------------------------

#: What each field's digit is, in the docs' table.
FIELD_TEXT: Final[Mapping[type, str]] = {
    PackCard: "card",
    PackCards: "set of pack cards",
    HandCards: "bitmask over the hand",
    Choice: "choice",
    Amount: "none or amount",
    BoodleSplit: "boodle split",
}


def kind_text(kind: Kind) -> str:
    """One kind's id range and fields: ``exchange 7-37 (cards: bitmask over the hand, 31)``."""
    last = kind.offset + kind.size - 1
    ids = str(kind.offset) if last == kind.offset else f"{kind.offset}-{last}"
    fields = ", ".join(f"{f}: {FIELD_TEXT[type(c)]}, {c.size}" for f, c in kind.fields)
    return f"``{kind.name}`` {ids}" + (f" ({fields})" if fields else "")


def mapping_table() -> list[str]:
    """The docs' table of every game under its defaults (reStructuredText list-table lines)."""
    lines = [
        ".. list-table::",
        "   :header-rows: 1",
        "   :widths: 18 7 50 9 16",
        "",
        "   * - Game",
        "     - Players",
        "     - Action ids by kind (fields: encoding, values)",
        "     - Actions",
        "     - Returns",
    ]
    for gid, model in REGISTRY.items():
        game = KolodaGame(model)
        score = "score" if game.share == 0 else f"score - {game.share:g}"
        bounds = f"[{game.min_utility():g}, {game.max_utility():g}]"
        returns = f"{score}, in {bounds}" if game.scored else "+1 / -1 / 0"
        if gid in ZERO_SUM:
            returns += ", zero-sum"
        lines += [
            f"   * - ``{short_name(gid)}``",
            f"     - {game.players}",
            f"     - {'; '.join(kind_text(k) for k in game.space.kinds)}",
            f"     - {game.space.size}",
            f"     - {returns}",
        ]
    return lines

"""The play shell as a person uses it: cards typed as they are shown, actions typed by name,
hidden hands, what changed after a move, the menu in the hand's order, short core refusals."""

from __future__ import annotations

import builtins
import importlib.util
import io
import json
import random
import re
import sys

import pytest

from conformance import interface
from reference import games
from reference.cli.common import describe_action, read_card
from reference.cli.play import (
    Session,
    ending,
    line_reader,
    menu_lines,
    read_at_terminal,
    settings,
)
from reference.cli.style import Style
from reference.core.cards import card_symbol, parse_card
from reference.core.game import Outcome
from reference.core.jsontypes import JSONObject
from tests.cli.test_cli import cli
from tests.harness import seat_counts

PLAIN = Style(colour=False)


def _session(game: str, seed: int, *extra: str, players: int | None = None) -> Session:
    cfg = settings(
        game_id=game,
        players=players,
        dealer=0,
        seed=seed,
        option_texts=[],
        seat_text="0",
        max_steps=2000,
        record=None,
        argv=["play", game, *extra],
    )
    return Session(cfg, io.StringIO(""), io.StringIO(), PLAIN)


def _a_nine_not_held(s: Session) -> str:
    """A nine that seat 0 does not hold (a card to be refused under core/not-held)."""
    hand = s.game.observe(s.state, "hand.0")
    assert isinstance(hand, list)
    return next(c for c in ("9H", "9S", "9D", "9C") if c not in hand)


def _advance(s: Session, until: str, rng: random.Random) -> bool:
    """Play random legal actions (seat 0 too) until seat 0 may take an action of type ``until``."""
    game = s.game
    for _ in range(500):
        if game.outcome(s.state) is not None:
            return False
        legal = game.legal_actions(s.state)
        types = {game.action_json(a)["type"] for a in legal}
        if game.to_move(s.state) == 0 and until in types:
            return True
        go = [a for a in legal if game.action_json(a)["type"] == "go"]
        s.state = game.apply(s.state, go[0] if go else rng.choice(legal))
    return False


def _menu(s: Session) -> tuple[tuple[object, ...], list[JSONObject]]:
    pairs = s.in_hand_order(s.game.legal_actions(s.state))
    return tuple(a for a, _ in pairs), [j for _, j in pairs]


def _out(s: Session) -> str:
    out = s.out
    assert isinstance(out, io.StringIO)
    return out.getvalue()


@pytest.mark.parametrize(
    ("typed", "card"),
    [
        ("10♥", "TH"),
        ("10h", "TH"),
        ("TH", "TH"),
        ("th", "TH"),
        ("4♥", "4H"),
        ("q♠", "QS"),
        ("K♢", "KD"),
        ("ac", "AC"),
        (" 9D ", "9D"),
    ],
)
def test_a_card_is_read_as_it_is_shown_or_as_letters(typed: str, card: str) -> None:
    assert read_card(typed) == card


@pytest.mark.parametrize("typed", ["", "1H", "10", "H", "11H", "TX", "QQ", "10♥♥", "play"])
def test_what_is_not_a_card_is_not_read_as_one(typed: str) -> None:
    assert read_card(typed) is None


def test_a_card_typed_as_shown_is_played() -> None:
    """Every card of the first menu, typed as the table shows it (``10♥``) and in lower-case
    letters (``th``), is the play of that card."""
    s = _session("melniki-b", 1)
    legal, menu = _menu(s)
    plays = [(a, j) for a, j in zip(legal, menu, strict=True) if j["type"] == "play"]
    assert plays
    for action, j in plays:
        card = str(j["card"])
        for typed in (card_symbol(parse_card(card)), card.lower()):
            assert s.typed(typed, legal, menu) is action, typed


def test_actions_typed_by_name_map_onto_the_legal_ones() -> None:
    """``exchange`` with two cards of the hand (any order, any case) is that exchange."""
    rng = random.Random(0)
    for seed in range(1, 40):
        s = _session("mushka", seed)
        if _advance(s, "exchange", rng):
            break
    else:
        raise AssertionError("no seed reaches seat 0's exchange")
    legal, menu = _menu(s)
    pairs = [j for j in menu if j["type"] == "exchange" and len(list(j["cards"])) == 2]  # type: ignore[arg-type]
    assert pairs
    want = pairs[-1]
    a, b = (str(c) for c in want["cards"])  # type: ignore[union-attr]
    chosen = s.typed(f"exchange {b.lower()} {card_symbol(parse_card(a))}", legal, menu)
    assert chosen is not None and s.game.action_json(chosen) == want
    # A named action that is not legal now says which actions are.
    assert s.typed("stake 1 1 1 1", legal, menu) is None
    assert "no 'stake' now" in _out(s) and "exchange" in _out(s)


def test_a_stake_typed_as_numbers_maps_onto_the_boodle_cards() -> None:
    rng = random.Random(0)
    s = _session("michigan", 5, players=3)
    assert _advance(s, "stake", rng)
    legal, menu = _menu(s)
    assert len(menu) > 20  # the menu is long: typing is the way
    chosen = s.typed("stake 1 1 1 1", legal, menu)
    assert chosen is not None
    chips = s.game.action_json(chosen)["chips"]
    assert isinstance(chips, dict) and list(chips.values()) == [1, 1, 1, 1]
    # More than the player may stake: no legal action, and the shell says why.
    assert s.typed("stake 9 9 9 9", legal, menu) is None
    assert re.search(r"refused by michigan/|no such stake", _out(s))
    assert s.typed("stake 1 1", legal, menu) is None
    form = r"stake A♥\d K♦\d Q♠\d J♣\d"  # as the menu writes a stake
    assert re.search(rf"no such stake: 1 1 is none of .*typed: {form};", _out(s))
    # A stake typed as the menu writes it, or with only the cards that get chips.
    for typed in ("stake A♥1 K♦1 Q♠1 J♣1", "stake ah1 kd1 qs1 jc1", "stake j♣4", "stake JC4 AH0"):
        chosen = s.typed(typed, legal, menu)
        assert chosen is not None, typed
        chips = s.game.action_json(chosen)["chips"]
        assert isinstance(chips, dict)
        assert sum(v for v in chips.values() if isinstance(v, int)) == 4, typed


def test_the_menu_follows_the_order_of_the_hand() -> None:
    s = _session("melniki-b", 2)
    hand = s.game.observe(s.state, "hand.0")
    assert isinstance(hand, list)
    _, menu = _menu(s)
    cards = [j["card"] for j in menu if "card" in j]
    assert cards == [c for c in hand if c in cards]
    assert [j for j in menu if "card" not in j] == menu[: len(menu) - len(cards)]


def test_other_hands_are_face_down_unless_open() -> None:
    """The seated player's table is his view: his own hand, the others' sizes; --open shows
    every hand and says so on its first line."""
    seed = 4
    s = _session("melniki-b", seed)
    theirs = s.game.observe(s.state, "hand.1")
    assert isinstance(theirs, list) and theirs
    hidden = cli("play", "melniki-b", "--seed", str(seed), stdin="q\n")
    assert hidden.returncode == 0, hidden.stderr
    assert "seat 0's view" in hidden.stdout
    assert re.search(rf"^  hand_sizes\s+{len(theirs)} {len(theirs)}$", hidden.stdout, re.M)
    symbols = " ".join(card_symbol(parse_card(str(c))) for c in theirs)
    assert symbols not in hidden.stdout
    mine = s.game.observe(s.state, "hand.0")
    assert isinstance(mine, list)
    assert " ".join(card_symbol(parse_card(str(c))) for c in mine) in hidden.stdout
    shown = cli("play", "melniki-b", "--seed", str(seed), "--open", stdin="q\n")
    assert symbols in shown.stdout and "seat 0's view" not in shown.stdout
    assert "OPEN TABLE" in shown.stdout.splitlines()[1]


def test_michigans_extra_hand_is_face_down() -> None:
    """The seated player sees the extra hand's size, never its cards (they are dealt face
    down), and no other player's hand."""
    s = _session("michigan", 5, players=3)
    extra = s.game.observe(s.state, "extra")
    theirs = s.game.observe(s.state, "hand.1")
    assert isinstance(extra, list) and len(extra) == 13 and isinstance(theirs, list)
    got = cli("play", "michigan", "--players", "3", "--seed", "5", stdin="1\nq\n")
    assert got.returncode == 0, got.stderr
    assert re.search(r"^  extra_size\s+13$", got.stdout, re.M)
    for hidden in (extra, theirs):
        shown = " ".join(card_symbol(parse_card(str(c))) for c in hidden)
        assert shown not in got.stdout


def test_after_a_move_only_what_changed_is_printed() -> None:
    """Watching: the table at the start and the end, in between each action and what it did."""
    got = cli("play", "melniki-b", "--seat", "none", "--seed", "3", "--max-steps", "6")
    assert got.returncode == 0, got.stderr
    out = got.stdout
    assert out.count("stock_size") == 2  # two tables: the start and the end
    assert len(re.findall(r"^seat \d: ", out, re.M)) == 6
    assert re.search(r"^  seat \d takes the trick: \S+ \S+$", out, re.M)


def test_the_table_is_drawn_at_the_players_turn_and_on_request() -> None:
    got = cli("play", "melniki-b", "--seed", "1", stdin="t\nq\n")
    assert got.returncode == 0, got.stderr
    # once at seat 0's turn, once for 't', once at the end
    assert got.stdout.count("stock_size") == 3


def test_a_core_refusal_is_the_rules_one_line_statement() -> None:
    s = _session("melniki-b", 1)
    missing = _a_nine_not_held(s)
    legal, menu = _menu(s)
    assert s.typed(missing.lower(), legal, menu) is None
    out = _out(s)
    assert "refused by core/not-held" in out
    assert "  core/not-held: A player can play only a card he holds." in out
    assert "AMB-CORE" not in out
    assert s.log.refused == ["core/not-held"]


def test_the_games_list_calls_the_source_documents_texts() -> None:
    got = cli("games")
    assert got.returncode == 0, got.stderr
    assert "seed 0" not in got.stdout
    head, *rows = got.stdout.splitlines()
    assert head.split()[3] == "text"  # the source document's column is called a text
    assert len([r for r in rows if re.match(r"\S+\s+\S+\s+\d+\s+00\d\s", r)]) == len(games())


@pytest.mark.parametrize(
    ("game_id", "options", "fewest"),
    [
        ("lotereya", [], 4),  # two players besides the banker and the dealer
        ("lotereya", ["officers=play"], 2),  # the banker and the dealer play (AMB-LOTEREYA-01 c)
        ("tsyganka", [], 4),
        ("michigan", [], 2),
    ],
)
def test_without_players_the_fewest_the_options_allow_are_seated(
    game_id: str, options: list[str], fewest: int
) -> None:
    cfg = settings(
        game_id=game_id,
        players=None,
        dealer=0,
        seed=1,
        option_texts=options,
        seat_text="0",
        max_steps=10,
        record=None,
        argv=["play", game_id],
    )
    assert cfg.players == fewest


# --- one vocabulary: what the menu shows is what the player types ------------------------------


def _seated(game_id: str, seed: int, players: int) -> Session:
    cfg = settings(
        game_id=game_id,
        players=players,
        dealer=seed % players,
        seed=seed,
        option_texts=[],
        seat_text="0",
        max_steps=2000,
        record=None,
        argv=["play", game_id],
    )
    return Session(cfg, io.StringIO(""), io.StringIO(), PLAIN)


@pytest.mark.parametrize("game_id", sorted(games()))
def test_every_menu_entry_typed_as_shown_is_that_action(game_id: str) -> None:
    """Through random games, at every turn of seat 0, each legal action written as the menu
    writes it (``play 7♦``, ``raise 3``, ``stake A♥0 K♦0 Q♠0 J♣4``), typed back, is that
    action; and the menu never repeats the verb (``play play``)."""
    game = games()[game_id]
    rng = random.Random(7)
    checked = 0
    counts = seat_counts(game, {})  # under the defaults (michigan: nine or more by option only)
    for seed in range(1, 4):
        fewest = min(max(counts[0], 4), counts[-1])  # tsyganka: four or more
        players = counts[-1] if seed % 2 else fewest
        s = _seated(game_id, seed, players)
        for _ in range(300):
            if game.outcome(s.state) is not None:
                break
            legal = game.legal_actions(s.state)
            if not legal:
                break
            if game.to_move(s.state) == 0:
                actions, menu = _menu(s)
                for action, j in zip(actions, menu, strict=True):
                    shown = describe_action(j, PLAIN, with_seat=False)
                    kind = str(j["type"])
                    assert not shown.startswith(f"{kind} {kind}"), shown
                    assert s.typed(shown, actions, menu) == action, (shown, _out(s)[-500:])
                    checked += 1
            s.state = game.apply(s.state, rng.choice(legal))
    assert checked > 0


def test_the_echo_of_an_action_is_written_as_it_is_typed() -> None:
    """Fields are written bare, as typed: a number, a word, a suit, chips on cards."""
    assert describe_action({"type": "raise", "seat": 1, "amount": 3}, PLAIN) == "seat 1: raise 3"
    assert describe_action({"type": "play", "seat": 1, "card": "TH"}, PLAIN) == "seat 1: play 10♥"
    assert describe_action({"type": "trump", "seat": 0, "suit": "H"}, PLAIN) == "seat 0: trump ♥"
    assert (
        describe_action({"type": "play", "seat": 2, "card": "7C", "onto": "pig"}, PLAIN)
        == "seat 2: play 7♣ pig"
    )
    stake: JSONObject = {"type": "stake", "seat": 1, "chips": {"AH": 0, "KD": 0, "QS": 0, "JC": 4}}
    assert describe_action(stake, PLAIN, with_seat=False) == "stake A♥0 K♦0 Q♠0 J♣4"
    assert describe_action({"type": "draw", "seat": 0, "position": 12}, PLAIN) == "seat 0: draw 12"


# --- reading lines: line editing at a terminal, piped input as it comes ------------------------


class _Terminal(io.StringIO):
    def isatty(self) -> bool:
        return True


def test_a_terminal_is_read_with_line_editing_and_piped_input_line_by_line(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """At a terminal (the real standard input, a tty) lines are read by ``input()``, with
    ``readline`` loaded, so arrow keys edit and recall; anything else is read as it comes."""
    terminal = _Terminal("")
    monkeypatch.setattr(sys, "stdin", terminal)
    assert line_reader(terminal, io.StringIO()) is read_at_terminal
    assert "readline" in sys.modules or importlib.util.find_spec("readline") is None
    # a tty that is not the standard input, and piped standard input, are read line by line
    assert line_reader(_Terminal("x\n"), io.StringIO()) is not read_at_terminal
    piped = io.StringIO("stake 1 1 1 1\n")
    monkeypatch.setattr(sys, "stdin", piped)
    out = io.StringIO()
    read = line_reader(piped, out)
    assert read is not read_at_terminal
    assert read("> ") == "stake 1 1 1 1\n" and out.getvalue() == "> "
    assert read("> ") == ""


def test_the_terminal_reader_gives_the_line_and_an_empty_string_at_the_end(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    prompts: list[str] = []

    def typed(prompt: str) -> str:
        prompts.append(prompt)
        return "play 7d"

    monkeypatch.setattr(builtins, "input", typed)
    assert read_at_terminal("> ") == "play 7d\n" and prompts == ["> "]

    def ended(prompt: str) -> str:
        raise EOFError

    monkeypatch.setattr(builtins, "input", ended)
    assert read_at_terminal("> ") == ""


# --- help says what this game's actions mean --------------------------------------------------


def test_help_says_what_each_action_of_the_game_means_those_legal_now_first() -> None:
    got = cli("play", "michigan", "--players", "3", "--seed", "5", stdin="h\nq\n")
    assert got.returncode == 0, got.stderr
    lines = got.stdout.splitlines()
    head = next(
        i for i, line in enumerate(lines) if line.endswith("the actions of michigan (* legal now):")
    )
    kinds = list(interface.load("michigan")["actions"])  # type: ignore[arg-type]
    told = lines[head + 1 : head + 1 + len(kinds)]
    assert [line.split()[1] if line.startswith(" *") else line.split()[0] for line in told] == [
        "stake",
        *(k for k in kinds if k != "stake"),
    ]
    assert told[0].startswith(" * stake") and not any(line.startswith(" *") for line in told[1:])
    assert "In the stake phase: put chips on the boodle cards" in told[0]
    assert all(len(line) <= 96 for line in told)
    for k in ("?", "help"):
        again = cli("play", "michigan", "--players", "3", "--seed", "5", stdin=f"{k}\nq\n")
        assert "the actions of michigan" in again.stdout


# --- refusals: as typed, with the ruling in force only ----------------------------------------


def test_a_refusal_repeats_what_was_typed_and_cites_only_the_reading_in_force() -> None:
    rng = random.Random(0)
    s = _session("michigan", 5, players=3)
    assert _advance(s, "stake", rng)
    legal, menu = _menu(s)
    assert s.typed("stake 9 9 9 9", legal, menu) is None
    out = _out(s)
    assert "stake 9 9 9 9: refused by michigan/stake-four" in out
    # reading a of AMB-MICHIGAN-03 is selected by two options, both shown
    assert "AMB-MICHIGAN-03 [short_stake=all-he-has, stakes_seen=as-put]:" in out
    assert "[short_stake=sit-out]" not in out  # the reading not in force
    assert "(default)" not in out  # no list of readings
    # The same refusal under the other reading cites that reading.
    cfg = settings(
        game_id="michigan",
        players=3,
        dealer=0,
        seed=5,
        option_texts=["short_stake=sit-out"],
        seat_text="0",
        max_steps=2000,
        record=None,
        argv=["play", "michigan"],
    )
    other = Session(cfg, io.StringIO(""), io.StringIO(), PLAIN)
    assert _advance(other, "stake", random.Random(0))
    legal, menu = _menu(other)
    assert other.typed("stake 9 9 9 9", legal, menu) is None
    assert "AMB-MICHIGAN-03 [short_stake=sit-out]:" in _out(other)
    assert "[short_stake=all-he-has" not in _out(other)


def test_a_card_refused_is_named_as_it_was_typed() -> None:
    s = _session("melniki-b", 1)
    missing = _a_nine_not_held(s)
    legal, menu = _menu(s)
    typed = card_symbol(parse_card(missing))
    assert s.typed(typed, legal, menu) is None
    assert f"{typed}: refused by core/not-held" in _out(s)


# --- long menus, grouped ----------------------------------------------------------------------


def test_a_long_menu_is_grouped_by_kind_and_its_numbers_keep_their_actions() -> None:
    rng = random.Random(0)
    s = _session("michigan", 5, players=3)
    assert _advance(s, "stake", rng)
    legal, menu = _menu(s)
    assert len(menu) == 35
    lines = menu_lines(menu, PLAIN)
    assert len(lines) <= 12
    assert lines[0] == "  stake (35):"
    numbers = [int(n) for line in lines[1:] for n in re.findall(r"(\d+)\) ", line)]
    assert numbers == list(range(1, 36))
    assert "1) A♥0 K♦0 Q♠0 J♣4" in lines[1]
    # the number chooses the same action as in a short menu: the 17th of the hand's order
    s.inp = io.StringIO("17\n")
    s.read_line = line_reader(s.inp, s.out)
    assert s.ask(legal) == legal[16]


def test_a_short_menu_is_one_action_a_line() -> None:
    s = _session("melniki-b", 1)
    _, menu = _menu(s)
    assert len(menu) <= 12
    assert menu_lines(menu, PLAIN) == [
        f"  {k:>3}) {describe_action(j, PLAIN, with_seat=False)}" for k, j in enumerate(menu, 1)
    ]


# --- endings in words -------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("outcome", "said"),
    [
        (
            Outcome((0, 1), (2,), "seat 2 is left holding cards"),
            "seat 2 loses; seats 0 and 1 win (seat 2 is left holding cards).",
        ),
        (
            Outcome((1, 0), (), "settled by peace", (21, 19)),
            "seats 0 and 1 win; nobody loses this deal (settled by peace). "
            "Scores: seat 0 21, seat 1 19.",
        ),
        (Outcome((), (3,), "the pot"), "seat 3 loses; nobody wins this deal (the pot)."),
        (
            Outcome((), (), "the deal is played", (0, 3, 2)),
            "nobody wins or loses this deal (the deal is played). "
            "Scores: seat 0 0, seat 1 3, seat 2 2.",
        ),
    ],
)
def test_the_end_of_a_game_is_told_in_words(outcome: Outcome, said: str) -> None:
    assert ending(outcome) == said


def test_the_end_of_a_game_marks_the_seat_played() -> None:
    outcome = Outcome((0, 1), (2,), "seat 2 is left holding cards")
    assert ending(outcome, 1).startswith("seat 2 loses; seats 0 and 1 (you) win")
    assert ending(outcome, 2).startswith("seat 2 (you) loses; seats 0 and 1 win")


def test_the_outcome_is_a_sentence_then_its_json() -> None:
    got = cli("play", "melniki-b", "--seat", "none", "--seed", "3", "--quiet")
    assert got.returncode == 0, got.stderr
    *_, sentence, raw = got.stdout.splitlines()
    assert re.fullmatch(
        r"game over after \d+ actions: (seat|seats|nobody) .*\(.+\)\.( .*)?", sentence
    )
    outcome = json.loads(raw)
    assert isinstance(outcome, dict) and outcome["reason"] in sentence


def test_a_grouped_menu_writes_a_kind_of_one_action_as_that_action() -> None:
    """Gorka's raises (under raise_size=chosen) grouped; peace and pass, one each, on their own
    lines as in a short menu; every number once, in order."""
    raises: list[JSONObject] = [{"type": "raise", "seat": 0, "amount": n} for n in range(1, 20)]
    menu: list[JSONObject] = [*raises, {"type": "peace", "seat": 0}, {"type": "pass", "seat": 0}]
    lines = menu_lines(menu, PLAIN)
    assert lines[0] == "  raise (19):" and lines[-2:] == ["  20) peace", "  21) pass"]
    numbers = [int(n) for line in lines for n in re.findall(r"(\d+)\) ", line)]
    assert numbers == list(range(1, 22))
    assert len(lines) <= 12 and all(len(line) <= 96 for line in lines)

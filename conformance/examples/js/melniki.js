'use strict';
/*
 * Мельники ("60. Мельники", seed text 002) in plain JavaScript: game id melniki-b.
 *
 * Written from the rule statements of the suite (rule ids in the comments) and
 * the register of rulings, with every ruling at its default reading:
 * two or four players, cards dealt one at a time, the trump card under the
 * stock, no obligation to take the trick, the last trick's taker leads the
 * second stage, a take only when one cannot beat, and the taker leads after;
 * a second stage that comes back to a position to lead with no beat in between
 * is stuck and ends drawn.
 *
 * A card is its notation: rank then suit, "QS" is the queen of spades.
 * Seats count from 0 to the left (clockwise); seat + 1 is the left neighbour.
 */

const RANKS = '23456789TJQKA';
const SUITS = 'SHDC';
const HAND = 3;
const GAME_ID = 'melniki-b';

/** The options and their defaults (the only values this example supports). */
const DEFAULTS = Object.freeze({
  three_players: false,
  deal_packet: 1,
  trump_card: 'under-stock',
  must_beat: false,
  first_leader: 'dealer',
  draw_order: 'taker-left',
  stage2_leader: 'last-trick',
  stage2_trump: 'same',
  voluntary_take: false,
  after_take: 'taker',
  both_out: 'draw',
  stalemate: 'repetition',
  no_beat_limit: 36,
  stalemate_result: 'draw',
  partners: false,
  // what is seen of the tricks and the discard (AMB-MELNIKIB-13, -14): the example answers no
  // view, so only the default is declared
  tricks_shown: 'face-down',
  discard_shown: 'face-down',
});

/** The 36-card pack in canonical order: suits S H D C, ranks six to ace. */
const PACK = [];
for (const s of SUITS) for (const r of RANKS.slice(4)) PACK.push(r + s);

const rank = (c) => RANKS.indexOf(c[0]) + 2;
const suit = (c) => c[1];

/** A rule broken: the action (or the setup) is refused under a rule id. */
class Refusal extends Error {
  constructor(rule, message) {
    super(message);
    this.rule = rule;
  }
}

/** A position or deal that is not one of this game (malformed input). */
class BadInput extends Error {}

// --- the seeded shuffle: SplitMix64 and Fisher–Yates, as the suite documents it ----------

const MASK = (1n << 64n) - 1n;

function shuffle(deck, seed) {
  let state = BigInt(seed) & MASK;
  const next = () => {
    state = (state + 0x9e3779b97f4a7c15n) & MASK;
    let z = state;
    z = ((z ^ (z >> 30n)) * 0xbf58476d1ce4e5b9n) & MASK;
    z = ((z ^ (z >> 27n)) * 0x94d049bb133111ebn) & MASK;
    return z ^ (z >> 31n);
  };
  const below = (n) => {
    const big = BigInt(n);
    const limit = (1n << 64n) - ((1n << 64n) % big);
    for (;;) {
      const x = next();
      if (x < limit) return Number(x % big);
    }
  };
  const cards = deck.slice();
  for (let i = cards.length - 1; i > 0; i--) {
    const j = below(i + 1);
    [cards[i], cards[j]] = [cards[j], cards[i]];
  }
  return cards;
}

// --- helpers -------------------------------------------------------------------------

function isPack(cards) {
  if (cards.length !== PACK.length) return false;
  const seen = new Set(cards);
  return seen.size === PACK.length && PACK.every((c) => seen.has(c));
}

/** The first seat to the left of `seat` (not itself) that holds cards, or -1. */
function nextHolder(seat, hands) {
  const n = hands.length;
  for (let k = 1; k < n; k++) {
    const s = (seat + k) % n;
    if (hands[s].length > 0) return s;
  }
  return -1;
}

function remove(hand, card) {
  const i = hand.indexOf(card);
  return hand.slice(0, i).concat(hand.slice(i + 1));
}

/** Durak-style covering: a higher card of the suit, or a trump on a non-trump. */
function beats(attack, defence, trump) {
  if (suit(defence) === suit(attack)) return rank(defence) > rank(attack);
  return suit(defence) === trump;
}

/** In a trick: the card now holding it, challenged by another. */
function takesTrick(challenger, holder, trump) {
  if (suit(challenger) === suit(holder)) return rank(challenger) > rank(holder);
  return suit(challenger) === trump;
}

function trickWinner(table, trump) {
  let best = table[0];
  for (const entry of table.slice(1)) {
    if (takesTrick(entry.card, best.card, trump)) best = entry; // melniki-b/trick-winner
  }
  return best.seat;
}

function sortCards(cards) {
  const key = (c) => SUITS.indexOf(suit(c)) * 16 + rank(c);
  return cards.slice().sort((a, b) => key(a) - key(b));
}

// --- setup (002:P6) ---------------------------------------------------------------------

/** The options of a scenario must all be the defaults; the reason if not. */
function unsupportedOption(options) {
  for (const [name, value] of Object.entries(options || {})) {
    if (!(name in DEFAULTS)) return `unknown option ${name}`;
    if (DEFAULTS[name] !== value) return `option ${name}=${JSON.stringify(value)} is not supported`;
  }
  return null;
}

function setup(players, dealer, deal) {
  if (players !== 2 && players !== 4) {
    throw new Refusal('melniki-b/players', `${players} players: two or four play`);
  }
  if (!Number.isInteger(dealer) || dealer < 0 || dealer >= players) {
    throw new Refusal('melniki-b/dealer-leads', `dealer ${dealer} is not a seat`);
  }
  let hands;
  let trumpCard;
  let rest;
  if (deal && (deal.seed !== undefined || deal.order !== undefined)) {
    const order = deal.seed !== undefined ? shuffle(PACK, deal.seed) : deal.order;
    if (!Array.isArray(order) || !isPack(order)) {
      throw new Refusal('melniki-b/deck', 'the pack has 36 cards, six to ace, each once');
    }
    // melniki-b/deal-three: one card at a time from the dealer's left, three rounds
    hands = Array.from({ length: players }, () => []);
    let i = 0;
    for (let round = 0; round < HAND; round++) {
      for (let k = 1; k <= players; k++) hands[(dealer + k) % players].push(order[i++]);
    }
    trumpCard = order[i]; // melniki-b/trump-turned: the next card
    rest = order.slice(i + 1);
  } else if (deal && Array.isArray(deal.hands)) {
    if (deal.hands.length !== players || deal.hands.some((h) => !Array.isArray(h) || h.length !== HAND)) {
      throw new Refusal('melniki-b/deal-three', 'each player is dealt three cards');
    }
    const up = deal.up || [];
    if (up.length !== 1) throw new Refusal('melniki-b/trump-turned', 'one card is turned up');
    const stock = deal.stock || [];
    if (!isPack([].concat(...deal.hands, stock, up))) {
      throw new Refusal('melniki-b/deck', 'the pack has 36 cards, six to ace, each once');
    }
    hands = deal.hands.map((h) => h.slice());
    trumpCard = up[0];
    rest = stock.slice();
  } else {
    throw new BadInput('setup/deal: seed, order, or hands with stock and up');
  }
  return {
    players,
    dealer,
    trump: suit(trumpCard),
    trumpCard,
    stage: 'stage1',
    turn: dealer, // melniki-b/dealer-leads
    hands,
    stock: rest.concat([trumpCard]), // under the stock, drawn last, as in Durak
    aside: [],
    table: [],
    need: players,
    piles: Array.from({ length: players }, () => []),
    tricks: new Array(players).fill(0),
    lastWinner: -1,
    discard: [],
    losers: [],
    seen: new Set(),
    stalled: false,
  };
}

/** A state from the suite's position notation (its FEN). */
function loadPosition(pos) {
  if (!pos || pos.game !== GAME_ID) throw new BadInput('position/game must be melniki-b');
  const n = pos.players;
  if (n !== 2 && n !== 4) throw new BadInput('position/players: two or four');
  const cards = (x, where) => {
    if (!Array.isArray(x) || !x.every((c) => typeof c === 'string')) throw new BadInput(`${where}: cards`);
    return x.slice();
  };
  const perSeat = (x, where) => {
    if (!Array.isArray(x) || x.length !== n) throw new BadInput(`${where}: one entry per seat`);
    return x.map((h, i) => cards(h, `${where}/${i}`));
  };
  const stage = pos.phase;
  if (!['stage1', 'stage2', 'over'].includes(stage)) throw new BadInput('position/phase');
  const hands = perSeat(pos.hands, 'position/hands');
  const piles = perSeat(pos.piles || hands.map(() => []), 'position/piles');
  const table = (pos.table || []).map((e) => ({ seat: e.seat, card: e.card }));
  const last = pos.last_trick;
  const state = {
    players: n,
    dealer: pos.dealer,
    trump: suit(pos.trump_card),
    trumpCard: pos.trump_card,
    stage,
    turn: pos.to_move === null || pos.to_move === undefined ? -1 : pos.to_move,
    hands,
    stock: cards(pos.stock || [], 'position/stock'),
    aside: cards(pos.aside || [], 'position/aside'),
    table,
    need: pos.trick_size === undefined ? n : pos.trick_size,
    piles,
    tricks: (pos.tricks || new Array(n).fill(0)).slice(),
    lastWinner: last ? last.winner : -1,
    discard: cards(pos.discard || [], 'position/discard'),
    losers: (pos.losers || []).slice(),
    seen: new Set((pos.seen || []).map((e) => leadKey(e.to_move, e.hands))),
    stalled: pos.stalled === true,
  };
  if (stage === 'stage2' && table.length === 0) state.seen.add(leadKey(state.turn, hands));
  const all = [].concat(...state.hands, state.stock, state.aside, state.table.map((e) => e.card),
    ...state.piles, state.discard);
  if (!isPack(all)) throw new BadInput('position: the 36 cards must all be there, each once');
  if (stage !== 'over' && !(state.turn >= 0 && state.turn < n && hands[state.turn].length > 0)) {
    throw new BadInput('position/to_move: a seat holding cards');
  }
  return state;
}

// --- the rules: what may be played ---------------------------------------------------------

/** Stage 1: the cards a player may lay on the trick (melniki-b/follow-suit, else-trump). */
function allowedInTrick(state, hand) {
  if (state.table.length === 0) return hand.slice(); // melniki-b/one-card: any card leads
  const led = suit(state.table[0].card);
  const same = hand.filter((c) => suit(c) === led);
  if (same.length) return same;
  const trumps = hand.filter((c) => suit(c) === state.trump);
  return trumps.length ? trumps : hand.slice();
}

function legalActions(state) {
  if (state.stage === 'over') return [];
  const seat = state.turn;
  const hand = state.hands[seat];
  const play = (card) => ({ type: 'play', seat, card });
  if (state.stage === 'stage1') return allowedInTrick(state, hand).map(play);
  if (state.table.length === 0) return hand.map(play);
  const beaters = hand.filter((c) => beats(state.table[0].card, c, state.trump));
  return beaters.length ? beaters.map(play) : [{ type: 'take', seat }];
}

// --- applying an action ----------------------------------------------------------------

function apply(state, action) {
  if (!action || typeof action !== 'object' || !['play', 'take'].includes(action.type)) {
    throw new Refusal(null, 'an action is {"type": "play"|"take", "seat", ...}');
  }
  if (action.type === 'play' && !(typeof action.card === 'string' && PACK.includes(action.card))) {
    throw new Refusal(null, 'a play names a card of the pack');
  }
  if (state.stage === 'over') throw new Refusal('core/game-over', 'the game is over');
  if (action.seat !== state.turn) {
    throw new Refusal('core/out-of-turn', `it is seat ${state.turn}'s turn`);
  }
  return state.stage === 'stage1' ? playToTrick(state, action) : playStageTwo(state, action);
}

function playToTrick(state, action) {
  if (action.type !== 'play') throw new Refusal('core/wrong-action', 'in stage 1 one plays a card');
  const { seat, card } = action;
  const hand = state.hands[seat];
  if (!hand.includes(card)) throw new Refusal('core/not-held', `seat ${seat} does not hold ${card}`);
  if (!allowedInTrick(state, hand).includes(card)) {
    const led = suit(state.table[0].card);
    if (hand.some((c) => suit(c) === led)) throw new Refusal('melniki-b/follow-suit', 'follow suit');
    throw new Refusal('melniki-b/else-trump', 'without the suit led, lay a trump');
  }
  const hands = state.hands.slice();
  hands[seat] = remove(hand, card);
  const table = state.table.concat([{ seat, card }]);
  if (table.length < state.need) {
    // melniki-b/turn-order: to the left, each player once, passing over empty hands
    const played = new Set(table.map((e) => e.seat));
    let next = nextHolder(seat, hands);
    while (played.has(next)) next = nextHolder(next, hands);
    return { ...state, hands, table, turn: next };
  }
  const winner = trickWinner(table, state.trump); // melniki-b/trick-winner
  const piles = state.piles.slice();
  piles[winner] = piles[winner].concat(table.map((e) => e.card));
  const tricks = state.tricks.slice();
  tricks[winner] += 1;
  let stock = state.stock;
  // melniki-b/refill, melniki-b/winner-draws-first: back up to three, the taker first
  for (let k = 0; k < state.players && stock.length; k++) {
    const p = (winner + k) % state.players;
    const want = HAND - hands[p].length;
    if (want > 0) {
      hands[p] = hands[p].concat(stock.slice(0, want));
      stock = stock.slice(want);
    }
  }
  const after = { ...state, hands, stock, table: [], piles, tricks, lastWinner: winner };
  const holders = hands.filter((h) => h.length > 0).length;
  if (holders > 0) {
    // melniki-b/play-out; melniki-b/winner-leads (or the next holder to his left)
    const leader = hands[winner].length ? winner : nextHolder(winner, hands);
    return { ...after, turn: leader, need: holders };
  }
  // melniki-b/stage-two: each takes up the cards of his tricks; the last taker leads
  const stage2 = {
    ...after,
    stage: 'stage2',
    hands: piles.map((p) => p.slice()),
    piles: piles.map(() => []),
    seen: new Set(),
  };
  return finishOrLead(stage2, winner);
}

/** A position to lead, compared for a repetition: the leader and each hand as a set. */
function leadKey(leader, hands) {
  return JSON.stringify([leader, hands.map((h) => sortCards(h))]);
}

/**
 * Over when at most one player holds cards (melniki-b/last-holder-loses), or when a
 * position to lead comes back with no beat in between (melniki-b/stalemate: drawn);
 * else `leader` leads.
 */
function finishOrLead(state, leader) {
  const holders = [];
  state.hands.forEach((h, p) => { if (h.length) holders.push(p); });
  if (holders.length <= 1) return { ...state, stage: 'over', turn: -1, table: [], losers: holders };
  const turn = state.hands[leader].length ? leader : nextHolder(leader, state.hands); // out-of-cards
  const key = leadKey(turn, state.hands);
  if (state.seen.has(key)) return { ...state, stage: 'over', turn: -1, table: [], losers: [], stalled: true };
  const seen = new Set(state.seen);
  seen.add(key);
  return { ...state, turn, table: [], seen };
}

function playStageTwo(state, action) {
  const { seat } = action;
  const hand = state.hands[seat];
  const hands = state.hands.slice();
  if (state.table.length === 0) {
    // melniki-b/single-card: one card, at the left-hand neighbour (the next holder)
    if (action.type !== 'play') throw new Refusal('core/wrong-action', 'lead a card');
    if (!hand.includes(action.card)) throw new Refusal('core/not-held', `seat ${seat} lacks ${action.card}`);
    hands[seat] = remove(hand, action.card);
    return { ...state, hands, table: [{ seat, card: action.card }], turn: nextHolder(seat, hands) };
  }
  const attack = state.table[0].card;
  if (action.type === 'play') {
    if (!hand.includes(action.card)) throw new Refusal('core/not-held', `seat ${seat} lacks ${action.card}`);
    if (!beats(attack, action.card, state.trump)) {
      throw new Refusal('melniki-b/beat-as-durak', `${action.card} does not beat ${attack}`);
    }
    hands[seat] = remove(hand, action.card);
    // melniki-b/beaten-discarded: both to the discard, the beater leads
    const discard = state.discard.concat([attack, action.card]);
    return finishOrLead({ ...state, hands, discard, seen: new Set() }, seat); // a beat is progress
  }
  if (hand.some((c) => beats(attack, c, state.trump))) {
    throw new Refusal('melniki-b/cannot-beat-takes', 'one takes only when one cannot beat');
  }
  hands[seat] = hand.concat([attack]);
  return finishOrLead({ ...state, hands }, seat); // melniki-b/taker-leads-left
}

// --- observation -------------------------------------------------------------------------

function outcome(state) {
  if (state.stage !== 'over') return null;
  const losers = state.losers.slice();
  const winners = losers.length ? [...Array(state.players).keys()].filter((p) => !losers.includes(p)) : [];
  const reason = losers.length ? `seat ${losers[0]} is left holding cards` : 'nobody is left holding cards';
  return { winners, losers, reason };
}

const UNKNOWN = Symbol('unknown');

/** The observables observe() answers, as the start answer lists them (per seat: "<seat>"). */
const OBSERVABLES = [
  'to_move', 'phase', 'legal', 'outcome', 'outcome.winners', 'outcome.losers', 'outcome.scores',
  'table', 'trump', 'trump_card', 'stock_size', 'stock', 'trick_winner', 'tricks', 'discard',
  'hand.<seat>', 'pile.<seat>',
];

function observe(state, name) {
  switch (name) {
    case 'to_move': return state.stage === 'over' ? null : state.turn;
    case 'phase': return state.stage;
    case 'legal': return legalActions(state);
    case 'outcome': return outcome(state);
    case 'outcome.winners': { const o = outcome(state); return o === null ? null : o.winners; }
    case 'outcome.losers': { const o = outcome(state); return o === null ? null : o.losers; }
    case 'outcome.scores': return null; // melniki-b keeps no scores
    case 'table': return state.table.map((e) => e.card);
    case 'trump': return state.trump;
    case 'trump_card': return state.trumpCard;
    case 'stock_size': return state.stock.length;
    case 'stock': return state.stock.slice(); // top card first
    case 'trick_winner': return state.lastWinner < 0 ? null : state.lastWinner;
    case 'tricks': return state.tricks.slice();
    case 'discard': return sortCards(state.discard);
    default: {
      const m = /^(hand|pile)\.(\d+)$/.exec(name);
      if (m && Number(m[2]) < state.players) {
        return sortCards((m[1] === 'hand' ? state.hands : state.piles)[Number(m[2])]);
      }
      return UNKNOWN;
    }
  }
}

module.exports = {
  GAME_ID, DEFAULTS, OBSERVABLES, PACK, Refusal, BadInput, UNKNOWN,
  shuffle, setup, loadPosition, unsupportedOption, legalActions, apply, observe, outcome,
};

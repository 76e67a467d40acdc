#!/usr/bin/env node
'use strict';
/*
 * melniki.js behind koloda's conformance protocol v1 (docs/protocol.rst):
 * JSON lines on stdin and stdout, one request, one response; logs on stderr.
 *
 *   python -m conformance run --impl "node conformance/examples/js/adapter.js"
 */

const readline = require('readline');
const game = require('./melniki');

const MAX_LINE = 1 << 20;

function startAnswer() {
  const options = {};
  for (const [name, value] of Object.entries(game.DEFAULTS)) options[name] = [value];
  return {
    protocol: 1,
    implementation: { name: 'melniki-js-example', version: '0.1.0', language: `JavaScript (Node.js ${process.versions.node})` },
    // the observables it answers: a scenario asking for another is skipped, not failed
    games: { [game.GAME_ID]: { options, observables: game.OBSERVABLES } },
  };
}

/** Answer one scenario: set up, then one result per step. Stateless: nothing outlives it. */
function run(seq, scenario) {
  if (!scenario || scenario.game !== game.GAME_ID) return { seq, skipped: `game ${scenario && scenario.game} is not implemented` };
  const setup = scenario.setup || {};
  const position = setup.position;
  const why = game.unsupportedOption(setup.options) || (position && game.unsupportedOption(position.options));
  if (why) return { seq, skipped: why };
  if (setup.deal && setup.deal.seed !== undefined && !/^\d+$/.test(String(setup.deal.seed))) {
    return { seq, errored: 'setup/deal/seed: a seed is an integer from 0 to 2**64-1' };
  }
  let state;
  try {
    state = position ? game.loadPosition(position) : game.setup(setup.players, setup.dealer, setup.deal);
  } catch (e) {
    if (e instanceof game.Refusal) return { seq, setup_rejected: e.rule };
    return { seq, errored: `setup: ${e.message}` };
  }
  const results = [];
  for (const step of scenario.steps || []) {
    if (step.act !== undefined) {
      try {
        state = game.apply(state, step.act);
        results.push({ accepted: true });
      } catch (e) {
        if (!(e instanceof game.Refusal)) throw e;
        results.push({ rejected: e.rule });
      }
    } else {
      const observed = {};
      for (const name of step.observe || []) {
        const value = game.observe(state, name);
        observed[name] = value === game.UNKNOWN ? { unknown_observable: name } : value;
      }
      results.push({ observed });
    }
  }
  return { seq, results };
}

function answer(line) {
  if (Buffer.byteLength(line, 'utf8') > MAX_LINE) return { error: 'request longer than 1 MiB' };
  let request;
  try {
    // A seed may exceed 2^53, which a JavaScript number cannot hold: keep its digits as text
    // (the shuffle reads them with BigInt).
    request = JSON.parse(line.replace(/"seed":\s*(\d+)/g, '"seed":"$1"'));
  } catch (e) {
    return { error: `not JSON: ${e.message}` };
  }
  switch (request.cmd) {
    case 'start':
      return request.protocol === 1 ? startAnswer() : { error: `unsupported protocol ${request.protocol}` };
    case 'run':
      try {
        return run(request.seq, request.scenario);
      } catch (e) {
        return { seq: request.seq, errored: `${e.name}: ${e.message}` };
      }
    case 'stop':
      return null;
    default:
      return { error: `unknown cmd ${JSON.stringify(request.cmd)}` };
  }
}

const input = readline.createInterface({ input: process.stdin, crlfDelay: Infinity, terminal: false });
input.on('line', (line) => {
  const reply = answer(line);
  if (reply === null) {
    process.stdout.write('', () => process.exit(0));
    input.close();
    return;
  }
  process.stdout.write(JSON.stringify(reply) + '\n');
});
input.on('close', () => process.stdout.write('', () => process.exit(0)));

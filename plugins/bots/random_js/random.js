#!/usr/bin/env node
// random.js - the random bot as a process bot in JavaScript, through the
// kit sapper_bot.js: a uniform choice among the legal actions, in both
// families (mines and arena), from a splitmix64 generator seeded with the
// game's seed, so the same seed plays the same game.
//
// It does not look at the position at all: it is the floor every bot must
// beat, and a short example of the kit.
'use strict';

const fs = require('fs');
const path = require('path');

// sapper_bot from NODE_PATH, next to this file, the source tree's kits/ or
// an installed share/sapper/kits/.
function requireKit() {
  const dirs = [__dirname, path.join(__dirname, '..', '..', '..', 'kits'),
    path.join(path.dirname(process.execPath), '..', 'share', 'sapper'),
    '/usr/local/share/sapper/kits', '/usr/share/sapper/kits'];
  for (const d of dirs) {
    const f = path.join(d, 'sapper_bot.js');
    if (fs.existsSync(f)) return require(f);
  }
  return require('sapper_bot');
}

const sapper = requireKit();
const MASK = (1n << 64n) - 1n;

// splitmix64 (Steele, Lea and Flood): a 64-bit state stepped by the golden
// gamma; every output is a full 64-bit mix of it.
class SplitMix64 {
  constructor(seed) { this.state = BigInt.asUintN(64, seed); }

  next() {
    this.state = (this.state + 0x9e3779b97f4a7c15n) & MASK;
    let z = this.state;
    z = ((z ^ (z >> 30n)) * 0xbf58476d1ce4e5b9n) & MASK;
    z = ((z ^ (z >> 27n)) * 0x94d049bb133111ebn) & MASK;
    return z ^ (z >> 31n);
  }

  // A uniform integer in [0, n), without modulo bias (rejection).
  below(n) {
    const bn = BigInt(n);
    const limit = (1n << 64n) - ((1n << 64n) % bn);
    for (;;) {
      const r = this.next();
      if (r < limit) return Number(r % bn);
    }
  }
}

let rng = new SplitMix64(0n);

sapper.run({
  id: 'random_js',
  name: 'Random (JavaScript)',
  version: '1.0',
  author: 'Sapper developers',
  families: ['mines', 'arena'],
  wantLegal: true,
  onGame(game) { rng = new SplitMix64(game.seed); },
  choose(view, legal) {
    if (!legal || legal.length === 0) throw new Error('random_js: no legal action to choose from');
    return legal[rng.below(legal.length)];
  },
});

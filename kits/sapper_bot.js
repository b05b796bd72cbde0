// sapper_bot.js - the seat protocol (docs/PROTOCOL.md, version 1) as one
// function you write: a process bot for Sapper in Node.js (18 or later),
// CommonJS, no packages.
//
//   const sapper = require('./sapper_bot');
//   sapper.run({
//     id: 'mybot', name: 'My bot', families: ['mines'], wantLegal: true,
//     choose(view, legal) { return legal[0]; },  // or 'reveal 3 4', or an array
//   });
//
// run() does the handshake, reads each game, and calls choose(view, legal)
// on every `go`:
// - view is a MinesView (classic, deductive, seeker) or an ArenaView
//   (woodsword). Both carry .game (id, family, seat, players, params,
//   seed as a BigInt, limits), .did (the [seat, actionText] pairs played by
//   others since your last answer), .moveSeconds and .gameLeft.
// - legal is the array of legal action texts ('reveal 3 4', 'fist 2 x3')
//   with wantLegal (the default), else null.
// - choose returns one action text or an array of them: actions you are
//   sure of, played in order until the game ends, the turn passes or one is
//   no longer legal (at most 256; more are dropped).
// onGame(game) may return a string to refuse the game; onEnd(game,
// returns) follows each game (returns null after a fault).
//
// Standard output belongs to the protocol: run() sends console.log to
// standard error, the bot's log. An exception in choose ends the bot with
// its stack on standard error (the engine scores the game lost: `exit`).
// It does not keep state between turns or watch the clock: yours to do.
'use strict';

const PROTOCOL_VERSION = 1;
const MAX_ACTIONS = 256;
const MAX_LINE = 8192;
const MINES_VERBS = ['reveal', 'flag', 'chord', 'bomb'];
const ARENA_VERBS = [
  'gather', 'defense', 'fist', 'wood_sword', 'stone_sword', 'iron_sword',
  'gold_sword', 'diamond_sword', 'enchanted_diamond_sword', 'llama',
  'missile', 'shield', 'prep', 'dt_defense', 'hollow_defense',
  'superior_defense', 'allocate',
];
const ARENA_STRIDE = 4096; // id = verb * 4096 + (count - 1) * 64 + (target - 1)
const ARENA_SEATS = 64;
const FIST = 2, MISSILE = 10, ALLOCATE = 16;
const ACTION_FIELDS = new Set(['choice', 'last_action']);
const MINE_GLYPHS = new Set(['F', 'M', '*', 'A', 'B']);

function log(...args) {
  process.stderr.write(args.join(' ') + '\n');
}

// ---- games and views

class Game {
  constructor(number) {
    this.number = number;     // of this process's games, from 1
    this.rulesId = '';        // 'classic', 'seeker', 'woodsword', ...
    this.family = '';         // 'mines' or 'arena'
    this.familyVersion = 0;
    this.seat = 0;            // yours, from 1
    this.players = 0;
    this.params = {};         // public rules parameters, values as text
    this.seed = 0n;           // BigInt: your seed for every random choice
    this.seedText = '0';
    this.moveLimit = 0;       // seconds per answer (0: none)
    this.gameLimit = 0;       // seconds for the game (0: none)
  }
}

// Neighbour lists by board size, shared by every view of that size.
const neighbourTables = new Map();

function neighbourTable(w, h) {
  const key = w + 'x' + h;
  let t = neighbourTables.get(key);
  if (t) return t;
  t = new Array(w * h);
  for (let y = 0; y < h; y++) {
    for (let x = 0; x < w; x++) {
      const list = [];
      for (let ny = y - 1; ny <= y + 1; ny++) {
        for (let nx = x - 1; nx <= x + 1; nx++) {
          if ((nx !== x || ny !== y) && nx >= 0 && nx < w && ny >= 0 && ny < h) {
            list.push(Object.freeze([nx, ny]));
          }
        }
      }
      t[y * w + x] = Object.freeze(list);
    }
  }
  neighbourTables.set(key, t);
  return t;
}

// An integer, an array of integers for '3,5', null for '-', else the text.
function value(text) {
  if (/^-?\d+$/.test(text)) return Number(text);
  if (text === '-') return null;
  if (/^-?\d+(,-?\d+)+$/.test(text)) return text.split(',').map(Number);
  return text;
}

function fields(words, from) {
  const out = {};
  for (let i = from; i < words.length; i++) {
    const eq = words[i].indexOf('=');
    if (eq > 0) out[words[i].slice(0, eq)] = value(words[i].slice(eq + 1));
  }
  return out;
}

function asArray(v) {
  return Array.isArray(v) ? v : [v];
}

// The position of a mines-family game: rows are the board's lines, cells
// the same as arrays of one-character glyphs (`?` hidden, `F` flagged,
// `M` marked, `0`-`8` revealed, `*` an exposed mine, `A`/`B` claimed by
// seat 1/2); info holds every field of the info line.
class MinesView {
  constructor(game, width, height, rows, info) {
    this.family = 'mines';
    this.game = game;
    this.seat = game.seat;
    this.width = width;
    this.height = height;
    this.rows = rows;
    this.cells = rows.map((r) => r.split(''));
    this.info = info;
    this.mines = info.mines ?? 0;
    this.minesExposed = info.mines_exposed ?? 0;
    this.flags = info.flags ?? 0;
    this.toMove = info.to_move ?? 0;
    this.players = info.players ?? game.players;
    this.moves = info.moves ?? 0;
    this.points = asArray(info.points ?? 0);
    this.bombs = asArray(info.bombs ?? 0);
    this.did = [];
    this.moveSeconds = 0;
    this.gameLeft = -1;
    this.nb = neighbourTable(width, height);
  }

  cell(x, y) { return this.rows[y][x]; }

  inside(x, y) { return x >= 0 && x < this.width && y >= 0 && y < this.height; }

  // The in-board neighbours of (x, y) as frozen [x, y] pairs.
  neighbours(x, y) { return this.nb[y * this.width + x]; }

  // The [x, y] of every cell whose glyph is in glyphs, row by row.
  find(glyphs) {
    const out = [];
    for (let y = 0; y < this.height; y++) {
      const row = this.rows[y];
      for (let x = 0; x < row.length; x++) {
        if (glyphs.includes(row[x])) out.push([x, y]);
      }
    }
    return out;
  }

  hidden() { return this.find('?'); }

  flagged() { return this.find('F'); }

  closed() { return this.find('?FM'); }

  count(glyph) {
    let n = 0;
    for (const row of this.rows) for (const c of row) if (c === glyph) n++;
    return n;
  }

  toString() {
    return `${this.width} ${this.height} ${this.mines}\n${this.rows.join('\n')}`;
  }
}

// The position of an arena-family game (woodsword): every key of the info
// line is a property as it is written (seat, to_move, phase, round,
// winner, ...), seat references from 1 (0: none), to_move 'all' while
// every seat chooses; terms[verb] = {cost: [base, per], damage: [base,
// per], block: [lo, hi]} in half units; seats[0] is seat 1's fields,
// actions as text ('fist 2 x3'), null for none.
class ArenaView {
  constructor(game, players, info, terms, seats) {
    this.family = 'arena';
    this.to_move = 0;
    this.phase = '';
    Object.assign(this, info);
    this.game = game;
    this.players = players;
    this.seat = game.seat;
    this.toMove = this.to_move;
    this.info = info;
    this.terms = terms;
    this.seats = seats;
    this.did = [];
    this.moveSeconds = 0;
    this.gameLeft = -1;
  }

  me() { return this.seats[this.seat - 1]; }
}

function arenaSeat(words) {
  const s = fields(words, 2);
  s.seat = Number(words[1]);
  for (const k of ACTION_FIELDS) {
    if (typeof s[k] === 'string') s[k] = s[k].split(',').join(' ');
    else if (typeof s[k] === 'number') s[k] = String(s[k]);
  }
  return s;
}

// ---- action ids

const minesTexts = new Map();   // 'w h' -> the texts of every id of that board
const arenaTexts = new Map();   // id -> text
const MINES_CACHE_CELLS = 1 << 16;

// Every action text of a w x h board, indexed by id (boards up to
// MINES_CACHE_CELLS cells; a larger one is decoded id by id).
function minesBoardTexts(w, h) {
  const key = `${w} ${h}`;
  let t = minesTexts.get(key);
  if (t) return t;
  t = [];
  for (const word of MINES_VERBS) {
    for (let c = 0; c < w * h; c++) t.push(`${word} ${c % w} ${Math.floor(c / w)}`);
  }
  minesTexts.set(key, t);
  return t;
}

function minesActionText(id, w, h) {
  const cells = w * h;
  if (cells <= 0 || id < 0 || id >= MINES_VERBS.length * cells) return null;
  const verb = Math.floor(id / cells), c = id % cells;
  return `${MINES_VERBS[verb]} ${c % w} ${Math.floor(c / w)}`;
}

function arenaActionText(id) {
  let text = arenaTexts.get(id);
  if (text !== undefined) return text;
  if (id < 0 || id >= ARENA_VERBS.length * ARENA_STRIDE) return null;
  const verb = Math.floor(id / ARENA_STRIDE), rest = id % ARENA_STRIDE;
  const count = Math.floor(rest / ARENA_SEATS) + 1, target = (rest % ARENA_SEATS) + 1;
  const word = ARENA_VERBS[verb];
  if (verb === MISSILE) text = `${word} ${count}`;
  else if (verb === FIST && count > 1) text = `${word} ${target} x${count}`;
  else if (verb === ALLOCATE && count > 1) text = `${word} ${target} ${count}`;
  else if ((verb >= FIST && verb <= 8) || verb === ALLOCATE) text = `${word} ${target}`;
  else text = word;
  arenaTexts.set(id, text);
  return text;
}

// The action texts of a `legal N R runs...` line split into words.
function decodeLegal(words, family, w, h) {
  const out = [];
  const cells = w * h;
  const table = family === 'mines' && cells > 0 && cells <= MINES_CACHE_CELLS
    ? minesBoardTexts(w, h) : null;
  for (let i = 3; i < words.length; i++) {
    const plus = words[i].indexOf('+');
    if (plus < 0) continue;
    const start = Number(words[i].slice(0, plus)), end = start + Number(words[i].slice(plus + 1));
    if (table) {
      if (start >= 0 && end <= table.length) for (let id = start; id < end; id++) out.push(table[id]);
      continue;
    }
    for (let id = start; id < end; id++) {
      const t = family === 'mines' ? minesActionText(id, w, h) : arenaActionText(id);
      if (t !== null) out.push(t);
    }
  }
  if (out.length !== Number(words[1])) {
    log(`sapper_bot: legal line announces ${words[1]} actions, its runs hold ${out.length}`);
  }
  return out;
}

// ---- the session

function hello(opts) {
  const lines = [];
  if (opts.id !== undefined && opts.id !== null) {
    if (!/^[a-z0-9_.-]{1,32}$/.test(opts.id)) {
      throw new Error(`sapper_bot: id '${opts.id}': 1-32 characters of a-z 0-9 _ - .`);
    }
    lines.push('id ' + opts.id);
  }
  for (const [key, cap] of [['name', 64], ['version', 32], ['author', 64]]) {
    const v = opts[key];
    if (v === undefined || v === null) continue;
    if (/[\r\n]/.test(v) || Buffer.byteLength(v) > cap) {
      throw new Error(`sapper_bot: ${key} '${v}': one line of up to ${cap} bytes`);
    }
    lines.push(`${key} ${v}`);
  }
  let families = opts.families ?? ['mines'];
  if (typeof families === 'string') families = [families];
  if (!families.length) throw new Error("sapper_bot: families: at least one of 'mines', 'arena'");
  for (const f of families) {
    if (f !== 'mines' && f !== 'arena') throw new Error(`sapper_bot: family '${f}': 'mines' or 'arena'`);
    lines.push('family ' + f);
  }
  if (opts.wantLegal ?? true) lines.push('option legal');
  lines.push('ready ' + PROTOCOL_VERSION);
  return lines.join('\n') + '\n';
}

// The `move ...` line for what choose returned.
function answer(actions) {
  if (typeof actions === 'string') actions = [actions];
  if (!Array.isArray(actions) || actions.length === 0) {
    throw new Error(`sapper_bot: choose returned ${actions}: return an action text or an array of them`);
  }
  for (const a of actions) {
    if (typeof a !== 'string' || !a || /[;\n]/.test(a)) {
      throw new Error(`sapper_bot: choose returned ${JSON.stringify(a)}: an action text such as 'reveal 3 4'`);
    }
  }
  if (actions.length > MAX_ACTIONS) actions = actions.slice(0, MAX_ACTIONS);
  let line = 'move ' + actions.join(';') + '\n';
  while (Buffer.byteLength(line) > MAX_LINE && actions.length > 1) {
    actions = actions.slice(0, actions.length >> 1);
    line = 'move ' + actions.join(';') + '\n';
  }
  return line;
}

class Session {
  constructor(opts, send) {
    this.opts = opts;
    this.send = send;
    this.game = null;
    this.playing = false;
    this.warned = new Set();
    this.resetTurn();
  }

  resetTurn() {
    this.did = [];
    this.kind = null;
    this.head = null;
    this.info = '';
    this.rows = [];
    this.terms = [];
    this.seats = [];
    this.legal = null;
  }

  unknown(line) {
    const word = line.split(' ', 1)[0];
    if (this.warned.has(word)) return;
    this.warned.add(word);
    log(`sapper_bot: ignored a line it does not know: ${JSON.stringify(line.slice(0, 80))}`);
  }

  header(word, rest, line) {
    const g = this.game, p = rest.split(' ');
    if (word === 'rules') {
      g.rulesId = p[0];
      g.family = p[1] ?? '';
      g.familyVersion = Number(p[2] ?? 0);
    } else if (word === 'seat') {
      g.seat = Number(p[0]);
      g.players = Number(p[1]);
    } else if (word === 'param') {
      const sp = rest.indexOf(' ');
      if (sp < 0) g.params[rest] = '';
      else g.params[rest.slice(0, sp)] = rest.slice(sp + 1);
    } else if (word === 'seed') {
      g.seedText = rest;
      g.seed = BigInt(rest);
    } else if (word === 'limits') {
      g.moveLimit = Number(p[0]);
      g.gameLimit = Number(p[1]);
    } else if (word === 'start') {
      this.start();
    } else {
      this.unknown(line);
    }
  }

  start() {
    const verdict = this.opts.onGame ? this.opts.onGame(this.game) : undefined;
    if (typeof verdict === 'string' || verdict === false) {
      this.send(`refuse ${(verdict || 'declined').replace(/\n/g, ' ')}\n`);
      this.game = null;
      return;
    }
    this.playing = true;
    this.resetTurn();
    this.send('ok\n');
  }

  view(go) {
    const g = this.game, head = this.head ? this.head.split(' ') : [];
    let v;
    if (this.kind === 'mines') {
      const w = Number(head[2]), h = Number(head[3]);
      v = new MinesView(g, w, h, this.rows, fields(this.info.split(' '), 0));
      if (this.legal !== null) this.legal = decodeLegal(this.legal.split(' '), 'mines', w, h);
    } else if (this.kind === 'arena') {
      const terms = {};
      for (const t of this.terms) terms[t[1]] = fields(t, 2);
      v = new ArenaView(g, Number(head[2]), fields(this.info.split(' '), 0), terms,
        this.seats.map(arenaSeat));
      if (this.legal !== null) this.legal = decodeLegal(this.legal.split(' '), 'arena', 0, 0);
    } else {
      throw new Error('sapper_bot: `go` without a view block before it');
    }
    const p = go.split(' ');
    v.moveSeconds = p.length > 1 ? Number(p[1]) : 0;
    v.gameLeft = p.length > 2 ? Number(p[2]) : -1;
    v.did = this.did;
    return v;
  }

  turn(go) {
    const v = this.view(go), legal = this.legal;
    this.resetTurn();
    this.send(answer(this.opts.choose(v, legal)));
  }

  end(rest) {
    const returns = rest ? rest.split(' ').map(Number) : null;
    this.send('ok\n');
    const game = this.game;
    this.game = null;
    this.playing = false;
    if (this.opts.onEnd) this.opts.onEnd(game, returns);
  }

  play(word, rest, line) {
    switch (word) {
      case 'row': this.rows.push(rest); break;
      case 'seat': this.seats.push(line.split(' ')); break;
      case 'terms': this.terms.push(line.split(' ')); break;
      case 'info': this.info = rest; break;
      case 'view':
        this.kind = rest.split(' ', 1)[0];
        this.head = line;
        this.info = '';
        this.rows = [];
        this.terms = [];
        this.seats = [];
        break;
      case 'legal': this.legal = line; break;
      case 'go': this.turn(line); break;
      case 'did': {
        const sp = rest.indexOf(' ');
        this.did.push([Number(rest.slice(0, sp)), rest.slice(sp + 1)]);
        break;
      }
      case 'end': this.end(rest); break;
      default: this.unknown(line);
    }
  }

  // One line; false when the session is over.
  line(line) {
    const sp = line.indexOf(' ');
    const word = sp < 0 ? line : line.slice(0, sp), rest = sp < 0 ? '' : line.slice(sp + 1);
    if (word === 'quit') return false;
    if (this.playing) this.play(word, rest, line);
    else if (this.game !== null) this.header(word, rest, line);
    else if (word === 'game') this.game = new Game(Number(rest));
    else this.unknown(line);
    return true;
  }
}

// Plays every game the engine sends; the process exits 0 at `quit` or the
// end of input, once what it wrote is flushed.
function run(opts) {
  if (typeof opts.choose !== 'function') throw new Error('sapper_bot: run({choose}) needs a choose function');
  const greeting = hello(opts);   // checked before a byte is read
  console.log = console.info = console.debug = (...a) => console.error(...a);
  // Each answer is written at once: libuv writes a pipe synchronously
  // when it can, and queues (then drains) the rest.
  const send = (text) => process.stdout.write(text);
  const session = new Session(opts, send);
  let greeted = false, done = false, buf = '';
  const finish = () => {
    if (done) return;
    done = true;
    process.stdin.pause();
    process.stdout.write('', () => process.exit(0));
  };
  const take = (line) => {
    if (line.endsWith('\r')) line = line.slice(0, -1);
    if (!greeted) {
      greeted = true;
      if (line !== `sapper ${PROTOCOL_VERSION}`) {
        log(`sapper_bot: the engine greeted ${JSON.stringify(line.slice(0, 80))}; this kit speaks version ${PROTOCOL_VERSION}`);
      }
      send(greeting);
      return true;
    }
    return session.line(line);
  };
  process.stdout.on('error', (e) => {
    if (e.code === 'EPIPE') process.exit(0);   // the engine is gone
    throw e;
  });
  process.stdin.setEncoding('utf8');
  process.stdin.on('data', (chunk) => {
    if (done) return;
    buf += chunk;
    let at = 0, nl;
    while ((nl = buf.indexOf('\n', at)) >= 0) {
      const line = buf.slice(at, nl);
      at = nl + 1;
      if (!take(line)) { buf = ''; finish(); return; }
    }
    buf = buf.slice(at);
  });
  process.stdin.on('end', () => {
    if (!done && buf) take(buf);
    finish();
  });
}

module.exports = {
  run, log, Game, MinesView, ArenaView, decodeLegal, minesActionText, arenaActionText,
  MINES_VERBS, ARENA_VERBS, MINE_GLYPHS, PROTOCOL_VERSION,
};

// The game viewer: a finished (or live) game's board, its move list and keys to step
// through it. Each step is said as the live game says a move, in the viewer's lexicon:
// the words come from the server (POST /api/steps); the position from POST /api/board.
'use strict';
(() => {
  const $ = id => document.getElementById(id);
  const { el, t, api } = Hall;
  const S = Hall.settings;
  const id = Hall.gameId();
  const base = `/api/games/${encodeURIComponent(id)}`;
  const GLYPH = { k: '♚', q: '♛', r: '♜', b: '♝', n: '♞', p: '♟' };
  let hdr = {}, state = null, steps = [], ply = 0, asked = 0, log = '';
  let flipped = false;                 // Black's side at the bottom
  const FILES = 'abcdefgh';

  function ctx(moves) {
    const c = { variant: hdr.variant || 'chess', moves, lang: S.lang || 'en', lexicon: S.lexicon || 'en' };
    if (hdr.start) c.start = hdr.start;
    return c;
  }
  function names() {
    $('players').textContent = t('{white} against {black}.', { white: hdr.white || t('White'), black: hdr.black || t('Black') });
  }

  // The board after `n` half-moves, drawn from the server's cells (a1 first).
  async function draw(n) {
    const me = ++asked;
    let b;
    try { b = await api('/api/board', { method: 'POST', body: ctx(state.moves.slice(0, n)) }); } catch (_) { return; }
    if (me !== asked) return; // a later step was asked meanwhile
    const grid = $('vboard');
    const rows = [];
    const last = b.last || [];
    // Row by row as the board is shown: rank 8 at the top, or rank 1 when flipped.
    for (let y = 0; y < 8; y++) {
      const r = flipped ? y : 7 - y;
      const row = el('div', { role: 'presentation', class: 'vrow' });
      for (let x = 0; x < 8; x++) {
        const f = flipped ? 7 - x : x;
        const c = b.cells[r * 8 + f];
        const cls = [(f + r) % 2 ? 'l' : 'd', n && last.includes(c.square) ? 'last' : ''].join(' ');
        const cell = el('div', { class: cls + ' vcell', 'data-square': c.square });
        if (c.piece) {
          const white = c.piece === c.piece.toUpperCase();
          cell.classList.add(white ? 'w' : 'b');
          cell.append(el('span', { class: 'g', text: GLYPH[c.piece.toLowerCase()] || c.piece }));
          // A Tavreli tower's height, drawn as on the game page.
          if (c.height > 1) cell.append(el('span', { class: 'h', 'data-h': String(c.height) }));
        }
        row.append(cell);
      }
      rows.push(row);
    }
    grid.replaceChildren(...rows);
    coordinates();
    $('pieces').replaceChildren(...b.cells.filter(c => c.piece).map(c => el('li', { text: c.name })));
  }

  // Files and ranks along the left and bottom edges, as on the game page, turned
  // with the board. A picture: the steps and the pieces list say the position.
  function coordinates() {
    const wrap = $('vboard').parentElement;
    let layer = wrap.querySelector('.coords');
    if (!layer) { layer = el('div', { class: 'coords', 'aria-hidden': 'true' }); wrap.append(layer); }
    const labels = [];
    for (let y = 0; y < 8; y++) {
      const r = flipped ? y : 7 - y, f = flipped ? 7 : 0;
      const s = el('span', { class: 'r ' + ((f + r) % 2 ? 'on-l' : 'on-d'), text: String(r + 1) });
      s.style.gridArea = `${y + 1} / 1`;
      labels.push(s);
    }
    for (let x = 0; x < 8; x++) {
      const f = flipped ? 7 - x : x, r = flipped ? 7 : 0;
      const s = el('span', { class: 'f ' + ((f + r) % 2 ? 'on-l' : 'on-d'), text: FILES[f] });
      s.style.gridArea = `8 / ${x + 1}`;
      labels.push(s);
    }
    layer.replaceChildren(...labels);
  }

  // The move list: one button per half-move, only the current one in the tab order.
  function list() {
    const ol = $('vmoves');
    ol.replaceChildren(...steps.map((s, i) => {
      const label = `${Math.floor(i / 2) + 1}${i % 2 ? '…' : '.'} ${s.san}`;
      return el('li', {}, el('button', { type: 'button', class: 'vmove', 'data-ply': String(i + 1), text: label, onclick: () => go(i + 1) }));
    }));
  }

  function mark() {
    for (const b of document.querySelectorAll('#vmoves button')) {
      const on = Number(b.dataset.ply) === ply;
      b.tabIndex = on ? 0 : -1;
      if (on) { b.setAttribute('aria-current', 'step'); b.scrollIntoView({ block: 'nearest' }); } else b.removeAttribute('aria-current');
    }
  }

  function sayStep() {
    let text;
    if (ply === 0) text = t('Start position.');
    else {
      const s = steps[ply - 1];
      const said = /[.!?…]$/.test(s.said) ? s.said : s.said + '.';
      text = t('Move {n}, {side}: {said}', { n: Math.floor((ply - 1) / 2) + 1, side: Hall.side(ply % 2 ? 'white' : 'black'), said });
      if (ply === steps.length && state.result && state.result !== '*') text += ' ' + t('Last move.');
    }
    $('said').textContent = text;
    Hall.speak(text);
  }

  function go(n) {
    if (!state) return;
    const to = Math.max(0, Math.min(steps.length, n));
    if (to === ply && $('said').textContent) { sayStep(); return; }
    ply = to;
    mark();
    draw(ply);
    sayStep();
  }

  // The keys work as soon as the page has focus, except where the player types.
  document.addEventListener('keydown', e => {
    if (e.altKey || e.ctrlKey || e.metaKey) return;
    const tag = (e.target && e.target.tagName) || '';
    if (['INPUT', 'SELECT', 'TEXTAREA'].includes(tag)) return;
    const to = { ArrowLeft: ply - 1, ArrowRight: ply + 1, Home: 0, End: steps.length }[e.key];
    if (to === undefined) return;
    e.preventDefault();
    go(to);
  });
  $('v-first').addEventListener('click', () => go(0));
  $('v-prev').addEventListener('click', () => go(ply - 1));
  $('v-next').addEventListener('click', () => go(ply + 1));
  $('v-last').addEventListener('click', () => go(steps.length));
  $('v-flip').addEventListener('click', () => {
    flipped = !flipped;
    $('v-flip').setAttribute('aria-pressed', String(flipped));
    if (state) draw(ply);
  });

  async function words() {
    try { steps = (await api('/api/steps', { method: 'POST', body: ctx(state.moves) })).steps; } catch (_) {
      steps = state.moves.map(m => ({ san: m, said: m }));
    }
    list();
    mark();
  }

  async function result() {
    let text = '';
    try {
      const rows = await api(`/api/games?status=finished&lang=${encodeURIComponent(S.lang || 'en')}`);
      const row = (rows || []).find(g => g.id === id);
      if (row && row.result_text) text = row.result_text;
    } catch (_) { /* a game still played has no result yet */ }
    $('result').textContent = text || (state.result === '*' ? t('The game is still being played.') : state.result);
  }

  async function brf() {
    try {
      const r = await api('/api/record', { method: 'POST', body: { log, letters: ['en', 'ru', 'de'].includes(S.lang) ? S.lang : 'en' } });
      $('dl-brf').href = URL.createObjectURL(new Blob([r.brf], { type: 'text/plain' }));
      $('dl-brf').setAttribute('download', `game-${id}.brf`);
    } catch (_) { $('dl-brf').hidden = true; }
  }

  Hall.settingsForm($('settings'), async key => {
    if (key === 'lang') { names(); result(); }
    if (key === 'lang' || key === 'lexicon') { await words(); draw(ply); }
  });
  $('watch-link').href = `/games/${encodeURIComponent(id)}`;
  $('record-link').href = `/games/${encodeURIComponent(id)}/record`;
  $('dl-pgn').href = `${base}/pgn`;
  $('dl-pgn').setAttribute('download', `game-${id}.pgn`);
  $('dl-log').href = `${base}/log`;
  $('dl-log').setAttribute('download', `game-${id}.jsonl`);

  (async () => {
    try {
      const r = await fetch(`${base}/log`);
      if (!r.ok) throw new Error(t('No such game.'));
      log = await r.text();
      try { hdr = JSON.parse(log.split('\n', 1)[0]) || {}; } catch (_) { hdr = {}; }
      state = (await api(base)).state;
    } catch (e) { $('said').textContent = t('This game could not be found: {reason}', { reason: e.message }); return; }
    names();
    await words();
    // The viewer opens on the final position, as a finished game is first looked at.
    ply = steps.length;
    mark();
    draw(ply);
    result();
    brf();
    document.body.dataset.ready = '1';
  })();
})();

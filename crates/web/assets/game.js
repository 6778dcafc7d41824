// The game page: the server's state shown and said. The page holds no game logic:
// moves, claims and actions go to the server, which answers with the state. Every
// sentence comes from the server: what happens in the game arrives worded with each
// WebSocket frame, in the page's language and lexicon; answers to commands come from
// the words endpoints (the same words as `arbiter play`).
'use strict';
(() => {
  const $ = id => document.getElementById(id);
  const S = Hall.settings;
  const t = Hall.t;
  const id = Hall.gameId();
  const P = Hall.params();
  const token = P.get('token') || '';
  let seat = P.get('seat') || '';     // 'white', 'black', or '' for a spectator
  const base = `/api/games/${encodeURIComponent(id)}`;

  let hdr = {};
  let state = null;
  let seq = 0;                         // the last event whose words were handled
  let queue = Promise.resolve();       // frames are handled one after another, in order
  let ws = null, wsClosedByUs = false, retry = 500, quiet = false;
  let seq0 = 0;                        // the last event when the page opened
  let paused = false;
  let stamp = performance.now();       // when `state` arrived, for the running clock
  let toMove = 'white';
  const said = [];                     // every status announcement, for checks and review
  const connection = [];               // every change of the connection said
  const opening = [];                  // what was said on opening mid-game
  const seen = {};                     // each side's time left when last looked at, for the alarm
  let lastTick = 0;
  // The connection as a state: 'up', 'lost' (the device is offline) or
  // 'reconnecting'; each change is said once, never on every retry.
  let conn = 'up';
  let lostTimer = null;
  let lastFrame = performance.now();   // when the socket last brought anything
  let greeted = false;                 // the state said once on opening mid-game
  let held = null;                     // words kept to be said with the next frame's
  let called = null;                   // the side whose call of the arbiter is pending

  const ctx = () => ({ variant: hdr.variant || 'chess', start: hdr.start || null, moves: (state && state.moves) || [], lang: S.lang, lexicon: S.lexicon });
  const running = () => state && state.clock && state.result === '*' && !paused && state.ply > 0;
  function clockNow() {
    if (!state || !state.clock) return null;
    let w = state.clock.white_ms, b = state.clock.black_ms;
    if (running()) { const d = performance.now() - stamp; if (toMove === 'white') w -= d; else b -= d; }
    return { white_ms: Math.round(w), black_ms: Math.round(b) };
  }

  // The status region: one announcement at a time. A repeat gets a trailing space
  // toggled, so screen readers read it again (as lichess does).
  function announce(texts) {
    if (!texts.length) return;
    // Each announcement is a sentence: a screen reader and the voice pause between them.
    let t = texts.map((x, i) => i < texts.length - 1 && !/[.!?…:;]$/.test(x) ? x + '.' : x).join(' ');
    said.push(t);
    const box = $('status');
    if (box.textContent.trim() === t) t += box.textContent.endsWith('\u00a0') ? '' : '\u00a0';
    box.textContent = t;
    Hall.speak(t);
  }
  // The state on opening: said in the status region once, not one of the game's events.
  function announceOpening(texts) {
    const text = texts.map(x => /[.!?…]$/.test(x) ? x : x + '.').join(' ');
    $('status').textContent = text;
    Hall.speak(text);
    opening.push(text);
  }

  function answer(text, speech) {
    const box = $('answer');
    box.textContent = text === box.textContent ? text + '\u00a0' : text;
    Hall.speak(speech || text);
  }

  async function command(text) {
    const body = { ...ctx(), command: text, clock: clockNow(), names: { white: hdr.white || '', black: hdr.black || '' }, seat: seat || null, result: state ? state.result : null };
    const r = await Hall.api('/api/describe', { method: 'POST', body });
    if (!r.command) return false;
    if (r.action) { await action(r.action, r.intended, r.claim); return true; }
    answer(r.text, r.speech);
    return true;
  }

  // An event for the server. Offline, it is not sent at all and the player is told
  // why: a move is never queued behind his back, so it is never lost or sent twice.
  async function send(ev) {
    if (!token) { answer(t('Spectators watch; they cannot act in the game.')); return null; }
    if (conn !== 'up' || navigator.onLine === false) {
      answer(t('Not sent: the connection is lost. Play it again when the connection is back.'));
      return null;
    }
    try {
      return await Hall.api(`${base}/events`, { method: 'POST', token, body: ev });
    } catch (e) {
      answer(e.offline ? t('Not sent: the connection is lost. Play it again when the connection is back.') : Hall.refused(e.message));
      if (e.offline) lost('reconnecting');
      return null;
    }
  }

  // Every submitted line empties the field: a command's text never piles up in
  // front of the next move. A move that could not be sent for want of a
  // connection is put back, for the player to send again.
  async function submitMove(text) {
    text = text.trim();
    $('move').value = '';
    if (!text) return;
    try { if (await command(text)) return; } catch (e) { answer(e.message); if (e.offline) $('move').value = text; return; }
    const ok = await send({ type: 'move', move: text });
    if (!ok && conn !== 'up' && !$('move').value) $('move').value = text;
  }

  // Confirmation for resign and claims; a claim also asks for the intended move.
  function confirmDialog(title, text, claim, intended) {
    return new Promise(resolve => {
      const d = $('confirm');
      $('confirm-h').textContent = title;
      $('confirm-text').textContent = text;
      $('claim-fields').hidden = !claim;
      $('intended').value = intended || '';
      d.addEventListener('close', () => resolve(d.returnValue === 'yes'), { once: true });
      d.returnValue = '';
      d.showModal();
      (claim ? $('intended') : $('confirm-no')).focus();
    });
  }

  async function action(what, intended, kind) {
    const opp = state && state.draw_offer && seat && state.draw_offer !== seat;
    if (what === 'draw') {
      const ok = await send(opp ? { type: 'accept_draw' } : { type: 'offer_draw' });
      if (ok && !opp) answer(t('Draw offered.'));
    } else if (what === 'accept') {
      await send({ type: 'accept_draw' });
    } else if (what === 'decline') {
      await send({ type: 'decline_draw' });
    } else if (what === 'claim') {
      // Typed words name the claim ("claim time", "claim 50 Nf3"): it is preselected.
      if (kind && [...$('claim-kind').options].some(o => o.value === kind)) $('claim-kind').value = kind;
      if (!(await confirmDialog(t('Claim draw'), t('Claim a draw from the arbiter. An incorrect claim is penalised (Art. 9.5).'), true, intended))) { answer(t('Claim cancelled.')); return; }
      const ev = { type: 'claim', claim: $('claim-kind').value };
      const mv = $('intended').value.trim();
      // Only a threefold or fifty-move claim has an intended move (9.2, 9.3).
      if (mv && (ev.claim === 'threefold' || ev.claim === 'fifty_moves')) ev.intended = mv;
      await send(ev);
    } else if (what === 'resign') {
      if (!(await confirmDialog(t('Resign'), t('Resign this game? It cannot be undone.'), false))) { answer(t('Not resigned.')); return; }
      await send({ type: 'resign' });
    } else if (what === 'pause') {
      // Stopping the clocks is the arbiter's (FIDE Laws 2023, 6.12.2): a player's
      // pause calls him, and the hall stops the clocks while he comes.
      await send({ type: 'call_arbiter' });
    } else if (what === 'resume') {
      // The hall makes this the arbiter's resume when no arbiter is present.
      await send({ type: 'arbiter', action: 'resume' });
    } else if (what === 'pgn') {
      location.href = `${base}/pgn`;
    }
  }

  async function renderBoard() {
    try {
      const b = await Hall.api('/api/board', { method: 'POST', body: { ...ctx(), fen: state.fen } });
      toMove = b.to_move;
      // The last move's two squares are marked (a frame, not only a colour).
      const at = sq => (Number(sq[1]) - 1) * 8 + 'abcdefgh'.indexOf(sq[0]);
      const live = state.result === '*';
      board.set(b.cells, b.last ? b.last.map(at) : null, live && seat === b.to_move ? b.legal : [], b.check);
      taken(b.cells);
    } catch (e) { answer(t('The board could not be read: {reason}', { reason: e.message })); }
    if (S.plain) {
      try {
        const r = await Hall.api('/api/describe', { method: 'POST', body: { ...ctx(), command: 'b' } });
        $('text-board').textContent = r.text;
      } catch (_) { /* the grid still shows the position */ }
    }
    $('text-board').hidden = !S.plain;
  }

  // One item a ply, numbered in its text only ("1. e4", "1... e5"): the list
  // itself is unnumbered, so nobody hears "1. 1. e4".
  function renderMoves() {
    const ol = $('moves');
    const moves = state.moves || [];
    // The log only grows, so a screen reader's log review is never re-read from the start.
    while (ol.children.length > moves.length) ol.lastChild.remove();
    for (let i = ol.children.length; i < moves.length; i++) {
      const li = document.createElement('li');
      const n = Math.floor(i / 2) + 1;
      li.textContent = `${n}${i % 2 ? '...' : '.'} ${moves[i]}`;
      ol.append(li);
    }
  }

  // The material each side has taken, from the men on the board (chess only: a
  // Tavreli tower keeps its captives). Drawn as glyphs, said in words.
  const SET = { q: 1, r: 2, b: 2, n: 2, p: 8 };
  const WORTH = { q: 9, r: 5, b: 3, n: 3, p: 1 };
  const NAMES = { q: 'queens', r: 'rooks', b: 'bishops', n: 'knights', p: 'pawns' };
  // Black's men drawn filled, White's in outline, so the two rows tell them apart.
  const GLYPHS = { b: { q: '♛', r: '♜', b: '♝', n: '♞', p: '♟' }, w: { q: '♕', r: '♖', b: '♗', n: '♘', p: '♙' } };
  function taken(cells) {
    const box = $('taken');
    if ((hdr.variant || 'chess') === 'tavreli') { box.replaceChildren(); return; }
    const count = { w: {}, b: {} };
    for (const c of cells) if (c.piece && c.piece.toLowerCase() !== 'k') {
      const side = c.piece === c.piece.toUpperCase() ? 'w' : 'b', k = c.piece.toLowerCase();
      count[side][k] = (count[side][k] || 0) + 1;
    }
    const parts = [], said = [];
    // The balance of material is what stands on the board (a promoted man counts).
    let worth = 0;
    for (const c of cells) if (c.piece && WORTH[c.piece.toLowerCase()]) worth += (c.piece === c.piece.toUpperCase() ? 1 : -1) * WORTH[c.piece.toLowerCase()];
    for (const [taker, lost] of [['White', 'b'], ['Black', 'w']]) {
      let glyphs = '';
      const words = [];
      for (const k of 'qrbnp') {
        const n = Math.max(0, SET[k] - (count[lost][k] || 0));
        if (!n) continue;
        glyphs += GLYPHS[lost][k].repeat(n);
        words.push(`${t(NAMES[k])}: ${n}`);
      }
      if (words.length) said.push(t('{side} has taken {list}', { side: t(taker), list: words.join(', ') }));
      if (glyphs) parts.push(Hall.el('span', { class: 'taken-' + lost, 'aria-hidden': 'true', text: glyphs + ' ' }));
    }
    if (worth) parts.push(Hall.el('span', { 'aria-hidden': 'true', text: (worth > 0 ? ' +' : ' −') + Math.abs(worth) }));
    parts.push(Hall.el('span', { class: 'sr', text: said.length ? said.join('. ') + '.' : t('Nothing taken yet.') }));
    box.replaceChildren(...parts);
  }

  function renderClocks() {
    const c = clockNow();
    for (const side of ['white', 'black']) {
      const e = $('clock-' + side);
      const label = side === 'white' ? (hdr.white || t('White')) : (hdr.black || t('Black'));
      e.textContent = c ? `${label}: ${Hall.mmss(c[side + '_ms'])}` : label;
      e.classList.toggle('on', toMove === side && state && state.result === '*');
    }
  }

  // A side without a name is its colour alone ("Белые — Boris (чёрные)"), never
  // the colour twice.
  function pairing() {
    if (hdr.white && hdr.black) return t('{white} (White) against {black} (Black)', { white: hdr.white, black: hdr.black });
    const side = (name, colour) => name ? t(`{name} (${colour})`, { name }) : t(colour);
    return t('{white} against {black}', { white: side(hdr.white, 'White'), black: side(hdr.black, 'Black') });
  }

  function players() {
    $('players').textContent = pairing()
      + (hdr.time_control ? t(', time control {tc}', { tc: hdr.time_control }) : '') + '. '
      + rulesText() + '.';
  }

  // The game and the rules that judge it, as the terminal's first line says
  // them: an arbiter and a player should know which edition applies.
  function rulesText() {
    const game = t((hdr.variant || (state && state.variant)) === 'tavreli' ? 'Tavreli' : 'Chess');
    const edition = (state && state.edition) || hdr.edition || '2023';
    const rules = edition === 'tavreli' ? t('Tavreli tournament rules') : t('FIDE Laws of Chess, {year} edition', { year: edition });
    return `${game}: ${rules}`;
  }

  // A result in words, never the score read out.
  function resultWords(r) {
    return { '1-0': t('White wins'), '0-1': t('Black wins'), '1/2-1/2': t('Draw') }[r] || r;
  }

  async function render() {
    if (!state) return;
    stamp = performance.now();
    renderMoves();
    renderClocks();
    await renderBoard();
    const over = state.result !== '*';
    $('title').textContent = over ? t('Game over: {result}', { result: resultWords(state.result) }) : t(seat ? (seat === 'white' ? 'You play White' : 'You play Black') : 'Watching');
    // An open offer from the opponent gets its own two answers; one's own offer none.
    const offered = !!(state.draw_offer && seat && state.draw_offer !== seat);
    $('act-accept').hidden = !offered;
    $('act-decline').hidden = !offered;
    $('act-draw').hidden = offered;
    // After the end a player has nothing left to do in the game.
    $('actions-box').hidden = !token || over;
    $('act-resume').hidden = !(called && seat && called !== seat);
    players();
  }

  // What a frame says: the hall words each event's announcements in the socket's
  // language, so the page says them as they come and derives nothing from the event.
  function words(frame) {
    const list = Array.isArray(frame.announcements) ? frame.announcements : [];
    return list.map(a => a && a.text).filter(x => typeof x === 'string' && x !== '');
  }

  // One frame of the socket: replayed frames at or below `seq` were handled already.
  async function handle(frame) {
    // Acknowledgements of events sent on the socket are not events of the log.
    if (!frame || 'ack' in frame || typeof frame.seq !== 'number' || !frame.state) return;
    if (frame.seq <= seq && state) return;
    if (frame.event) {
      const ev = frame.event;
      if (ev.type === 'arbiter' && ev.action === 'pause') paused = true;
      if (ev.type === 'arbiter' && ev.action === 'resume') { paused = false; called = null; }
      // A player's call stops both clocks until the arbiter resumes; with no
      // arbiter there, the caller's opponent may resume (his Resume button).
      if (ev.type === 'call_arbiter') { paused = true; called = ev.side || null; }
      const texts = words(frame);
      // The hall's own pause over its downtime: the players hear why the clocks
      // stopped, not only that they did.
      // Its pause and resume come as two frames: they are said together, once.
      const restart = ev.type === 'arbiter' && /hall was stopped/.test(ev.reason || '');
      // The arbiter's reason, typed in the console, is said with the action's
      // words, once (the hall's own reasons are not the arbiter's: said nothing more).
      if (ev.type === 'arbiter' && ev.reason && !restart) {
        const r = await arbiterReason(texts, ev.reason);
        if (r) texts.splice(0, texts.length, r);
      }
      if (restart && ev.action === 'pause') texts.unshift(t('The hall restarted; the clocks were stopped while it was away, and nobody is charged for that time.'));
      if (held) { texts.unshift(...held.texts); clearTimeout(held.timer); held = null; }
      if (restart && ev.action === 'pause') held = { texts: texts.splice(0), timer: setTimeout(() => { if (held) { const h = held; held = null; announce(h.texts); } }, 1500) };
      const before = state;
      seq = frame.seq;
      state = frame.state;
      // An answer about the position before this event is stale now.
      if (frame.seq > seq0) clearAnswer();
      await render();
      announce(texts);
      sounds(before, state);
    } else {
      seq = frame.seq;
      state = frame.state;
      await render();
    }
  }

  // The words for an arbiter's action with his reason, from the words crate; on
  // no answer the action's words and the reason as typed, so neither is lost.
  async function arbiterReason(texts, reason) {
    try {
      const r = await Hall.api('/api/reason', { method: 'POST', body: { lang: S.lang, said: texts, reason } });
      return r && r.text;
    } catch (_) { return texts.concat([reason]).join('. '); }
  }

  function clearAnswer() { $('answer').textContent = ''; }

  // The sound of what just happened: the end, a check, a capture or a move.
  function sounds(before, after) {
    if (!before || !after || seq <= seq0) return;
    if (before.result === '*' && after.result !== '*') { Hall.sound('end'); return; }
    if ((after.moves || []).length <= (before.moves || []).length) return;
    const m = (after.moves || []).at(-1) || '';
    Hall.sound(/[+#]/.test(m) ? 'check' : /[x:]/.test(m) ? 'capture' : 'move');
  }

  // The connection's state, shown beside the status and said once per change.
  const CONN = {
    lost: 'The connection is lost: this device is offline. Moves cannot be sent until it is back.',
    reconnecting: 'The connection to the hall is lost. Reconnecting…',
    up: 'The connection is back.',
  };
  let connSaid = false;   // the loss was said: "back" is said only after a said loss
  function setConn(next) {
    if (next === conn) return;
    conn = next;
    const box = $('conn');
    box.hidden = next === 'up';
    box.textContent = next === 'up' ? '' : t(CONN[next]);
    const stopTimer = () => { if (lostTimer) { clearTimeout(lostTimer); lostTimer = null; } };
    if (next === 'up') {
      stopTimer();
      if (connSaid) { connSaid = false; announceConn(t(CONN.up)); }
      return;
    }
    // An offline device is said at once; a dropped socket only when it stays down
    // two seconds, so a blip that heals at once is not announced at all.
    if (next === 'lost' || connSaid) { stopTimer(); connSaid = true; announceConn(t(CONN[next])); return; }
    if (!lostTimer) lostTimer = setTimeout(() => { lostTimer = null; if (conn !== 'up') { connSaid = true; announceConn(t(CONN[conn])); } }, 2000);
  }
  // Said in the status region, but not a game announcement (`said` lists those).
  function announceConn(text) {
    const box = $('status');
    box.textContent = box.textContent.trim() === text ? text + '\u00a0' : text;
    Hall.speak(text);
    connection.push(text);
  }
  function lost(how) {
    if (wsClosedByUs) return;
    setConn(navigator.onLine === false ? 'lost' : how);
  }

  // The heartbeat: a socket silent for five seconds is asked about with a cheap
  // request; no answer within four seconds means the connection is lost (a socket
  // can stay "open" long after the network has gone).
  async function heartbeat() {
    if (wsClosedByUs || conn === 'lost' || performance.now() - lastFrame < 5000) return;
    const stop = new AbortController();
    const timer = setTimeout(() => stop.abort(), 4000);
    try {
      await Hall.api('/api/health', { signal: stop.signal });
      lastFrame = performance.now();
      if (ws && ws.readyState !== WebSocket.OPEN && ws.readyState !== WebSocket.CONNECTING) connect();
    } catch (_) {
      lost('reconnecting');
      if (ws && ws.readyState === WebSocket.OPEN) ws.close();
    } finally { clearTimeout(timer); }
  }

  function connect() {
    const q = new URLSearchParams();
    if (token) q.set('token', token);
    q.set('since', String(seq));
    // The hall words the frames in the language and lexicon the socket asks for.
    q.set('lang', S.lang || 'en');
    if (S.lexicon) q.set('lexicon', S.lexicon);
    const proto = location.protocol === 'https:' ? 'wss:' : 'ws:';
    const sock = new WebSocket(`${proto}//${location.host}${base}/ws?${q}`);
    ws = sock;
    sock.onopen = () => { retry = 500; lastFrame = performance.now(); if (navigator.onLine !== false) setConn('up'); };
    sock.onmessage = m => {
      lastFrame = performance.now();
      let f;
      try { f = JSON.parse(m.data); } catch (_) { return; }
      queue = queue.then(() => handle(f)).catch(() => {});
    };
    sock.onclose = () => {
      if (ws !== sock || wsClosedByUs) return;
      if (!quiet) lost('reconnecting');
      quiet = false;
      if (navigator.onLine === false) return;  // the online event reconnects
      // Reconnect after what was handled: `since` replays exactly what was missed.
      setTimeout(() => { if (ws === sock) queue.then(connect); }, retry);
      retry = Math.min(retry * 2, 5000);
    };
  }

  async function lowTime() {
    const c = clockNow();
    if (!c || !running()) return;
    const sides = seat ? [seat] : [];
    const marks = String(S.alarms || '').split(/[\s,;]+/).map(Number).filter(n => n > 0 && n < 36000);
    // An alarm sounds when the time left passes a mark while the clock runs: a mark
    // already passed when the page opened (or the game began below it) stays silent,
    // for "one minute left" is false when forty seconds are left.
    for (const side of sides) {
      const left = c[side + '_ms'], before = seen[side];
      seen[side] = left;
      if (before === undefined || left <= 0) continue;
      for (const m of marks) {
        if (!(before > m * 1000 && left <= m * 1000)) continue;
        const r = await Hall.api('/api/lowtime', { method: 'POST', body: { lexicon: S.lexicon, side, ms: m * 1000 } }).catch(() => null);
        if (r) { answer(r.text); Hall.sound('low'); }
      }
    }
    const tick = Number(S.tick) || 0;
    if (tick && performance.now() - lastTick >= tick * 1000) {
      lastTick = performance.now();
      command('c').catch(() => {});
    }
  }

  const board = HallBoard.create($('board'), {
    say: t => answer(t),
    move: uci => send({ type: 'move', move: uci }),
    command: t => command(t).catch(e => answer(e.message)),
    focusInput: () => $('move').focus(),
    edge: () => answer(t('Edge of the board.')),
    variant: () => hdr.variant || 'chess',
    promote: choosePromotion,
  });

  // Which man a pawn becomes is asked, never assumed (FIDE Laws 3.7.5): a dialog
  // read by a screen reader as it opens, answered by click, touch or keys alike.
  function choosePromotion() {
    return new Promise(resolve => {
      const d = $('promo');
      const back = document.activeElement;
      d.addEventListener('close', () => {
        const v = d.returnValue;
        if (back && back.focus) back.focus();
        resolve('qrbn'.includes(v) && v ? v : null);
      }, { once: true });
      d.returnValue = '';
      d.showModal();
      d.querySelector('button[value=q]').focus();
    });
  }

  function wire() {
    $('move-form').addEventListener('submit', e => { e.preventDefault(); submitMove($('move').value); });
    for (const b of document.querySelectorAll('[data-cmd]')) b.addEventListener('click', () => command(b.dataset.cmd).catch(e => answer(e.message)));
    for (const b of document.querySelectorAll('[data-sq]')) b.addEventListener('click', () => {
      const sq = board.square();
      const k = b.dataset.sq;
      const text = k === 'file' ? `s ${sq[0]}` : k === 'rank' ? `s ${sq[1]}` : `${k} ${sq}`;
      command(text).catch(e => answer(e.message));
    });
    $('cmd-pieces').addEventListener('click', () => {
      const t = ['pieces', $('pc-colour').value, $('pc-type').value].filter(Boolean).join(' ');
      command(t).catch(e => answer(e.message));
    });
    $('act-draw').addEventListener('click', () => action('draw'));
    $('act-accept').addEventListener('click', () => action('accept'));
    $('act-resume').addEventListener('click', () => action('resume'));
    $('flip').addEventListener('click', () => {
      board.flip(!board.flipped);
      $('flip').setAttribute('aria-pressed', String(board.flipped));
      if (state) render();
    });
    window.addEventListener('offline', () => lost('lost'));
    window.addEventListener('online', () => {
      if (wsClosedByUs) return;
      setConn('reconnecting');
      if (!ws || ws.readyState !== WebSocket.OPEN) queue.then(connect);
      else setConn('up');
    });
    $('act-decline').addEventListener('click', () => action('decline'));
    $('act-claim').addEventListener('click', () => action('claim'));
    $('act-resign').addEventListener('click', () => action('resign'));
    $('act-pause').addEventListener('click', () => action('pause'));
    $('tick').value = String(S.tick || 0);
    $('tick').addEventListener('change', () => { S.tick = Number($('tick').value); Hall.save(); lastTick = performance.now(); });
    $('alarms').value = S.alarms;
    $('alarms').addEventListener('change', () => { S.alarms = $('alarms').value; Hall.save(); });
    Hall.settingsForm($('settings'), key => {
      for (const r of ['status', 'answer']) $(r).lang = S.lang;
      if (state) render();
      // The socket was opened in the old words: it reconnects from what was handled.
      if ((key === 'lang' || key === 'lexicon') && ws) { quiet = true; ws.close(); }
    });
    for (const r of ['status', 'answer']) $(r).lang = S.lang;
    $('record-link').href = `/games/${encodeURIComponent(id)}/record`;
    if (!token) $('actions-box').hidden = true;
  }

  function chooseSeat(s) {
    seat = s;
    sessionStorage.setItem('arbiter.seat.' + id, s);
    $('seat-box').hidden = true;
    board.flip(seat === 'black');
    $('flip').setAttribute('aria-pressed', String(board.flipped));
    render();
  }

  async function start() {
    wire();
    try {
      hdr = await Hall.header(id);
      const snap = await Hall.api(base);
      seq = snap.seq;
      state = snap.state;
    } catch (e) {
      $('title').textContent = t('No such game');
      answer(t('This game could not be found: {reason}', { reason: e.message }));
      return;
    }
    // A link without its seat: the player says which side the token plays, once per game.
    if (!seat && token) seat = sessionStorage.getItem('arbiter.seat.' + id) || '';
    if (!seat && token) {
      $('seat-box').hidden = false;
      $('seat-white').addEventListener('click', () => chooseSeat('white'));
      $('seat-black').addEventListener('click', () => chooseSeat('black'));
    }
    board.flip(seat === 'black');
    seq0 = seq;
    await render();
    // Opened (or reloaded) in the middle of a game: where it stands is said once,
    // with the last move and the clocks, from the same words as the commands.
    if (state.result === '*' && state.ply > 0 && !greeted) {
      greeted = true;
      const texts = [t(seat ? (seat === 'white' ? 'You play White' : 'You play Black') : 'Watching')];
      try {
        for (const c of ['l', 'c']) {
          const r = await Hall.api('/api/describe', { method: 'POST', body: { ...ctx(), command: c, clock: clockNow(), seat: seat || null, result: state.result } });
          if (r && r.text) texts.push(r.text);
        }
      } catch (_) { /* the title and the board still say it */ }
      announceOpening(texts);
    }
    // A game already over is said as such on opening: the status region is the
    // first thing a screen reader user reviews. Its last event is asked for again,
    // and its frame says how the game ended, in the page's words.
    if (state.result !== '*' && seq > 0) seq -= 1;
    connect();
    setInterval(() => { if (state) { renderClocks(); lowTime(); } }, 250);
    setInterval(heartbeat, 2500);
    if (navigator.onLine === false) lost('lost');
  }

  // For the browser tests and for anyone reviewing what was said.
  // hold() closes the socket and keeps it closed until resume(): a lost connection.
  window.hall = {
    said,
    connection,
    opening,
    get seq() { return seq; },
    get conn() { return conn; },
    get sounds() { return Hall.sound.played || []; },
    drop() { if (ws) ws.close(); },
    hold() { wsClosedByUs = true; if (ws) ws.close(); },
    resume() { wsClosedByUs = false; queue.then(connect); },
  };
  start();
})();

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
  let ws = null, wsClosedByUs = false, retry = 500;
  let paused = false;
  let stamp = performance.now();       // when `state` arrived, for the running clock
  let toMove = 'white';
  const said = [];                     // every status announcement, for checks and review
  const seen = {};                     // each side's time left when last looked at, for the alarm
  let lastTick = 0;

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
  function answer(text, speech) {
    const box = $('answer');
    box.textContent = text === box.textContent ? text + '\u00a0' : text;
    Hall.speak(speech || text);
  }

  async function command(text) {
    const body = { ...ctx(), command: text, clock: clockNow(), names: { white: hdr.white || '', black: hdr.black || '' }, seat: seat || null };
    const r = await Hall.api('/api/describe', { method: 'POST', body });
    if (!r.command) return false;
    if (r.action) { await action(r.action, r.intended, r.claim); return true; }
    answer(r.text, r.speech);
    return true;
  }

  async function send(ev) {
    if (!token) { answer(t('Spectators watch; they cannot act in the game.')); return null; }
    try {
      return await Hall.api(`${base}/events`, { method: 'POST', token, body: ev });
    } catch (e) {
      answer(t('Refused: {reason}', { reason: e.message }));
      return null;
    }
  }

  async function submitMove(text) {
    text = text.trim();
    if (!text) return;
    try { if (await command(text)) return; } catch (e) { answer(e.message); return; }
    if (await send({ type: 'move', move: text })) $('move').value = '';
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
      await send(opp ? { type: 'accept_draw' } : { type: 'offer_draw' });
      if (!opp) answer(t('Draw offered.'));
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
      // Stopping the clocks is the arbiter's (Art. 6.11); a player's pause calls him.
      await send({ type: 'arbiter', action: 'pause' });
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
      board.set(b.cells, b.last ? b.last.map(at) : null);
    } catch (e) { answer(t('The board could not be read: {reason}', { reason: e.message })); }
    if (S.plain) {
      try {
        const r = await Hall.api('/api/describe', { method: 'POST', body: { ...ctx(), command: 'b' } });
        $('text-board').textContent = r.text;
      } catch (_) { /* the grid still shows the position */ }
    }
    $('text-board').hidden = !S.plain;
  }

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
    ol.setAttribute('start', '1');
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

  function players() {
    $('players').textContent = t('{white} (White) against {black} (Black)', { white: hdr.white || t('White'), black: hdr.black || t('Black') })
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

  async function render() {
    if (!state) return;
    stamp = performance.now();
    renderMoves();
    renderClocks();
    await renderBoard();
    const over = state.result !== '*';
    $('title').textContent = over ? t('Game over: {result}', { result: state.result }) : t(seat ? (seat === 'white' ? 'You play White' : 'You play Black') : 'Watching');
    $('act-decline').hidden = !(state.draw_offer && seat && state.draw_offer !== seat);
    $('act-draw').textContent = t('Offer draw');
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
      if (ev.type === 'arbiter' && ev.action === 'resume') paused = false;
      const texts = words(frame);
      seq = frame.seq;
      state = frame.state;
      await render();
      announce(texts);
    } else {
      seq = frame.seq;
      state = frame.state;
      await render();
    }
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
    sock.onopen = () => { retry = 500; };
    sock.onmessage = m => {
      let f;
      try { f = JSON.parse(m.data); } catch (_) { return; }
      queue = queue.then(() => handle(f)).catch(() => {});
    };
    sock.onclose = () => {
      if (ws !== sock || wsClosedByUs) return;
      // Reconnect after what was handled: `since` replays exactly what was missed.
      setTimeout(() => queue.then(connect), retry);
      retry = Math.min(retry * 2, 8000);
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
        if (r) answer(r.text);
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
  });

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
      if ((key === 'lang' || key === 'lexicon') && ws) ws.close();
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
    await render();
    // A game already over is said as such on opening: the status region is the
    // first thing a screen reader user reviews. Its last event is asked for again,
    // and its frame says how the game ended, in the page's words.
    if (state.result !== '*' && seq > 0) seq -= 1;
    connect();
    setInterval(() => { if (state) { renderClocks(); lowTime(); } }, 250);
  }

  // For the browser tests and for anyone reviewing what was said.
  // hold() closes the socket and keeps it closed until resume(): a lost connection.
  window.hall = {
    said,
    get seq() { return seq; },
    drop() { if (ws) ws.close(); },
    hold() { wsClosedByUs = true; if (ws) ws.close(); },
    resume() { wsClosedByUs = false; queue.then(connect); },
  };
  start();
})();

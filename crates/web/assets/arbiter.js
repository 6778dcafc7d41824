// The arbiter console: the game's state, and the arbiter's actions (pause and resume,
// time, penalties, decisions on claims, declared results). Both players hear each
// action, because the server broadcasts it and their pages say it.
'use strict';
(() => {
  const $ = id => document.getElementById(id);
  const S = Hall.settings;
  const t = Hall.t;
  const id = Hall.gameId();
  const token = Hall.params().get('token') || '';
  const base = `/api/games/${encodeURIComponent(id)}`;
  let hdr = {}, state = null, seq = 0, queue = Promise.resolve(), ws = null;

  function answer(t) { $('answer').textContent = t; Hall.speak(t); }

  // An event the hall said nothing about (a press, an arrival) is named in the
  // console's language from its type, never shown as the log's identifier.
  function eventWords(e) {
    const who = e.side ? Hall.side(e.side) : '';
    const what = {
      start: 'the game started', move: 'move', press: 'clock pressed', offer_draw: 'draw offered', accept_draw: 'draw accepted',
      decline_draw: 'draw declined', claim: 'claim', resign: 'resignation', flag: 'flag fell', arrive: 'arrival',
      touch: 'piece touched', adjust: 'piece adjusted', announce: 'move announced', arbiter: 'arbiter\'s action',
    }[e.type] || 'event';
    return `${t(what)}${who ? ', ' + who : ''}${e.move ? ' ' + e.move : ''}${e.square ? ' ' + e.square : ''}`;
  }

  // The clocks tick between frames: the side to move (from the position) loses time
  // while the clock runs (a flag time is due only then), counted from the frame.
  let shownAt = 0, paused = false;
  // The state does not say whether the clocks are stopped; the announcements do.
  function follow(kinds) {
    for (const k of kinds) {
      if (k === 'paused' || k === 'arbiter_called') paused = true;
      if (k === 'resumed' || k === 'call_ended' || k === 'started') paused = false;
    }
  }
  function runningSide() {
    if (!state || !state.clock || state.result !== '*' || paused || !state.ply) return null;
    return / b /.test(state.fen || '') ? 'black' : 'white';
  }
  function clocks() {
    if (!state) return;
    if (!state.clock) { $('st-clock').textContent = t('no clock'); return; }
    const run = runningSide(), gone = run ? Date.now() - shownAt : 0;
    const ms = side => state.clock[side + '_ms'] - (side === run ? gone : 0);
    $('st-clock').textContent = `${t('White')} ${Hall.mmss(ms('white'))}, ${t('Black')} ${Hall.mmss(ms('black'))}`;
  }
  setInterval(clocks, 250);

  function show() {
    if (!state) return;
    shownAt = Date.now();
    $('st-result').textContent = state.result === '*' ? t('in progress') : state.result;
    $('st-ply').textContent = String(state.ply);
    clocks();
    $('st-offer').textContent = state.draw_offer ? t('open, by {side}', { side: Hall.side(state.draw_offer) }) : t('none');
    // A quickplay-finish claim waits for the arbiter's ruling (10.2, G-III.4, G-III.5).
    const q = state.quickplay_claim;
    $('st-claim').textContent = !q ? t('none') : t(q.claim === 'increment' ? '{side} asks for five seconds a move for both' : '{side} claims a draw in the quickplay finish', { side: Hall.side(q.side) });
    // The ruling at hand, beside the claim (10.2, G-III.5): accept or decline.
    $('claim-ruling').hidden = !q;
    $('st-illegal').textContent = `${t('White')} ${state.illegal_moves.white}, ${t('Black')} ${state.illegal_moves.black}`;
    $('st-penalties').textContent = state.penalties.length ? '…' : t('none');
    named(state);
    $('st-moves').textContent = (state.moves || []).slice(-10).join(' ') || t('none');
    // Art. 4: what the touches oblige the side to move, and the claims ruled on.
    $('st-touch').textContent = state.touch_obligation || t('none');
    const tc = state.touch_move_claims || [];
    $('st-touch-claims').textContent = tc.length ? tc.map(c => `${Hall.side(c.side)}: ${t(c.upheld ? 'upheld' : 'rejected')}`).join('; ') : t('none');
  }

  // The result and the penalties in the arbiter's words (from the words crate),
  // never the log's keys; the answer for an older state is dropped.
  let naming = 0;
  async function named(st) {
    const me = ++naming;
    let w;
    try {
      w = await Hall.api('/api/console', { method: 'POST', body: { lang: S.lang, result: st.result, termination: st.termination || null, penalties: st.penalties || [] } });
    } catch (_) { return; }
    if (me !== naming) return;
    if (w.result) $('st-result').textContent = w.result;
    if ((st.penalties || []).length) $('st-penalties').textContent = w.penalties.join('; ');
  }

  async function handle(f) {
    if (!f || 'ack' in f || typeof f.seq !== 'number' || !f.state || (f.seq <= seq && state)) return;
    let texts = [];
    if (f.event) {
      // The hall words the event in the socket's language: said as it comes.
      texts = (Array.isArray(f.announcements) ? f.announcements : []).map(a => a && a.text).filter(x => typeof x === 'string' && x !== '');
      follow((Array.isArray(f.announcements) ? f.announcements : []).map(a => a && a.kind));
      // The console's list says the action as the players hear it, reason and all.
      if (f.event.type === 'arbiter' && f.event.reason) {
        try {
          const r = await Hall.api('/api/reason', { method: 'POST', body: { lang: S.lang, said: texts, reason: f.event.reason } });
          if (r && r.text) texts = [r.text];
        } catch (_) { /* the action's words stand alone */ }
      }
      const li = document.createElement('li');
      li.textContent = `${f.seq}: ${texts.length ? texts.join(' ') : eventWords(f.event)}`;
      $('events').append(li);
    }
    seq = f.seq;
    state = f.state;
    show();
    if (texts.length) { $('status').textContent = texts.join(' '); Hall.speak(texts.join(' ')); }
  }

  function connect() {
    const q = new URLSearchParams({ token, since: String(seq), lang: S.lang || 'en' });
    if (S.lexicon) q.set('lexicon', S.lexicon);
    const sock = new WebSocket(`${location.protocol === 'https:' ? 'wss:' : 'ws:'}//${location.host}${base}/ws?${q}`);
    ws = sock;
    sock.onmessage = m => { let f; try { f = JSON.parse(m.data); } catch (_) { return; } queue = queue.then(() => handle(f)).catch(() => {}); };
    sock.onclose = () => { if (ws === sock) setTimeout(() => queue.then(connect), 1000); };
  }

  // `label` names the action as the console's own control does (in the page's
  // language): the answer never shows the log's keys ("add_time").
  async function act(ev, label) {
    try {
      await Hall.api(`${base}/events`, { method: 'POST', token, body: ev });
      const side = ev.side ? ', ' + Hall.side(ev.side) : '';
      answer(t('Done: {what}.', { what: label + side + (ev.square ? ' ' + ev.square : '') }));
    } catch (e) { answer(Hall.refused(e.message)); }
  }
  const labelOf = id => { const e = $(id); return (e.selectedOptions ? e.selectedOptions[0] : e).textContent.trim(); };

  $('pause').addEventListener('click', () => act({ type: 'arbiter', action: 'pause' }, labelOf('pause')));
  $('claim-accept').addEventListener('click', () => act({ type: 'arbiter', action: 'quickplay_accept' }, labelOf('claim-accept')));
  $('claim-decline').addEventListener('click', () => act({ type: 'arbiter', action: 'quickplay_reject' }, labelOf('claim-decline')));
  $('resume').addEventListener('click', () => act({ type: 'arbiter', action: 'resume' }, labelOf('resume')));
  $('arb').addEventListener('submit', e => {
    e.preventDefault();
    const ev = { type: 'arbiter', action: $('action').value };
    if ($('side').value) ev.side = $('side').value;
    if (['add_time', 'deduct_time'].includes(ev.action)) ev.ms = Math.round(Number($('seconds').value) * 1000);
    if ($('result').value) ev.result = $('result').value;
    if ($('reason').value.trim()) ev.reason = $('reason').value.trim();
    act(ev, labelOf('action'));
  });
  $('touch').addEventListener('submit', e => {
    e.preventDefault();
    const kind = $('touch-kind').value, side = $('touch-side').value;
    const square = $('touch-square').value.trim().toLowerCase();
    if (kind === 'claim') { act({ type: 'claim', side, claim: 'touch_move' }, labelOf('touch-kind')); return; }
    const ev = { type: kind, side, square };
    const man = Number($('touch-man').value);
    if (kind === 'touch' && man > 1) ev.man = man;
    act(ev, labelOf('touch-kind'));
  });
  Hall.settingsForm($('settings'), key => {
    if (key === 'lang') { show(); names(); heldList(); }
    // The socket was opened in the old words: it reconnects from what was handled.
    if ((key === 'lang' || key === 'lexicon') && ws) ws.close();
  });
  function names() { $('players').textContent = t('{white} against {black}.', { white: hdr.white || t('White'), black: hdr.black || t('Black') }); }
  // The games this browser holds the arbiter's token for, kept across visits.
  const HELD = 'arbiter.consoles';
  function held() { try { return JSON.parse(localStorage.getItem(HELD) || '[]'); } catch (_) { return []; } }
  function keep() {
    if (!token) return;
    const list = held().filter(g => g.id !== id);
    list.unshift({ id, token, white: hdr.white || '', black: hdr.black || '' });
    try { localStorage.setItem(HELD, JSON.stringify(list.slice(0, 50))); } catch (_) { /* private mode */ }
  }
  function heldList() {
    const ul = $('held');
    if (!ul) return;
    const rows = held().map(g => {
      const text = t('{white} against {black}, game {id}', { white: g.white || t('White'), black: g.black || t('Black'), id: g.id });
      const a = Hall.el('a', { href: `/games/${encodeURIComponent(g.id)}/arbiter?token=${encodeURIComponent(g.token)}`, text });
      if (g.id === id) a.setAttribute('aria-current', 'page');
      return Hall.el('li', {}, a);
    });
    ul.replaceChildren(...(rows.length ? rows : [Hall.el('li', { text: t('none') })]));
  }
  $('watch-link').href = `/games/${encodeURIComponent(id)}`;
  $('record-link').href = `/games/${encodeURIComponent(id)}/record`;
  heldList();

  (async () => {
    if (!token) answer(t('This console needs the arbiter token in its link.'));
    try {
      hdr = await Hall.header(id);
      const snap = await Hall.api(base);
      seq = snap.seq; state = snap.state;
      names();
      show();
      keep();
      heldList();
      connect();
    } catch (e) { answer(t('This game could not be found: {reason}', { reason: e.message })); }
  })();
})();

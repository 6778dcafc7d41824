// The lobby's open challenges (offer one, accept one with one action) and its
// list of finished games, newest first, each opening in the game viewer.
// A creator's page learns of the acceptance by asking the challenge with its
// token every two seconds, then goes to its board.
'use strict';
(() => {
  const $ = id => document.getElementById(id);
  const { el, api, t } = Hall;
  const KEY = 'arbiter.challenge';
  const NAME = 'arbiter.name';
  let waitTimer = null, lastOpen = '', lastDone = '';

  // "180+2" as the list says it: "3 min + 2 s".
  function short(tc) {
    const m = /^(\d+)(?:\+(\d+))?$/.exec(tc || '');
    if (!m) return tc || t('No clock');
    const min = Math.round(Number(m[1]) / 60), inc = Number(m[2] || 0);
    return inc ? t('{min} min + {inc} s', { min, inc }) : t('{min} min', { min });
  }
  function colourWords(c) {
    return c === 'white' ? t('plays White') : c === 'black' ? t('plays Black') : t('colour drawn by lot');
  }
  function seatUrl(seat) { return new URL(seat.url, location.origin).href; }
  function remembered() { try { return JSON.parse(sessionStorage.getItem(KEY) || 'null'); } catch (_) { return null; } }
  function remember(c) { try { if (c) sessionStorage.setItem(KEY, JSON.stringify(c)); else sessionStorage.removeItem(KEY); } catch (_) { /* private mode */ } }
  function myName() { return $('ch-name').value.trim(); }
  try { $('ch-name').value = localStorage.getItem(NAME) || ''; } catch (_) { /* private mode */ }
  $('ch-name').addEventListener('change', () => { try { localStorage.setItem(NAME, myName()); } catch (_) { /* private mode */ } });

  function say(text, extra) {
    const box = $('ch-waiting');
    box.replaceChildren(el('p', { text }), ...(extra || []));
    Hall.speak(text);
  }

  // The creator waits: the page asks the challenge until it has a seat.
  function wait(c) {
    clearTimeout(waitTimer);
    if (!c) return;
    say(t('Your challenge ({tc}) is open. Waiting for an opponent…', { tc: short(c.time_control) }), [
      el('button', { type: 'button', id: 'ch-withdraw', text: t('Withdraw the challenge'), onclick: () => withdraw(c) }),
    ]);
    const poll = async () => {
      try {
        const v = await api(`/api/challenges/${encodeURIComponent(c.id)}`, { token: c.token });
        if (v && v.seat && v.seat.url) {
          remember(null);
          say(t('Your challenge was accepted. Opening your board.'), [el('a', { href: seatUrl(v.seat), id: 'ch-board', text: t('Open your board ({side})', { side: Hall.side(v.seat.side) }) })]);
          setTimeout(() => { location.href = seatUrl(v.seat); }, 800);
          return;
        }
      } catch (e) {
        if (e.status === 404) { remember(null); say(t('Your challenge expired.')); return; }
      }
      waitTimer = setTimeout(poll, 2000);
    };
    waitTimer = setTimeout(poll, 1000);
  }

  async function withdraw(c) {
    clearTimeout(waitTimer);
    try { await api(`/api/challenges/${encodeURIComponent(c.id)}`, { method: 'DELETE', token: c.token }); } catch (_) { /* gone already */ }
    remember(null);
    say(t('Challenge withdrawn.'));
    loadOpen();
  }

  $('challenge').addEventListener('submit', async ev => {
    ev.preventDefault();
    const body = { time_control: $('ch-tc').value, colour: $('ch-colour').value };
    if (myName()) body.name = myName();
    try {
      const v = await api('/api/challenges', { method: 'POST', body });
      const c = { id: v.id, token: v.seat.token, time_control: v.time_control };
      remember(c);
      wait(c);
      loadOpen();
    } catch (e) {
      say(t('The challenge was not made: {reason}', { reason: e.message }));
    }
  });

  async function accept(ch) {
    const body = {};
    if (myName()) body.name = myName();
    try {
      const v = await api(`/api/challenges/${encodeURIComponent(ch.id)}/accept`, { method: 'POST', body });
      say(t('Challenge accepted. Opening your board.'), [el('a', { href: seatUrl(v.seat), text: t('Open your board ({side})', { side: Hall.side(v.seat.side) }) })]);
      location.href = seatUrl(v.seat);
    } catch (e) {
      say(e.status === 409 ? t('Someone else accepted this challenge first.') : e.status === 404 ? t('This challenge is no longer open.') : t('The challenge could not be accepted: {reason}', { reason: e.message }));
      loadOpen();
    }
  }

  async function loadOpen() {
    const ul = $('challenges');
    let list;
    try { list = await api('/api/challenges'); } catch (e) {
      ul.replaceChildren(el('li', { text: t('The list could not be read: {reason}', { reason: e.message }) }));
      return;
    }
    const mine = remembered();
    const key = JSON.stringify([Hall.settings.lang, list.map(c => c.id), mine && mine.id]);
    if (key === lastOpen) return; // unchanged: a screen reader's place in the list stays
    lastOpen = key;
    const rows = list.map(c => {
      const what = t('{name}, {tc}, {colour}', { name: c.name, tc: short(c.time_control), colour: colourWords(c.colour) });
      if (mine && mine.id === c.id) return el('li', { text: t('{what} (your challenge)', { what }) });
      return el('li', {}, el('span', { text: what + ' ' }),
        el('button', { type: 'button', 'data-challenge': c.id, 'aria-label': t('Accept the challenge of {name}, {tc}', { name: c.name, tc: short(c.time_control) }), text: t('Accept'), onclick: () => accept(c) }));
    });
    ul.replaceChildren(...(rows.length ? rows : [el('li', { text: t('No open challenges.') })]));
  }

  async function loadFinished() {
    const ul = $('finished');
    let list;
    try { list = await api(`/api/games?status=finished&order=recent&lang=${encodeURIComponent(Hall.settings.lang || 'en')}`); } catch (e) {
      ul.replaceChildren(el('li', { text: t('The list could not be read: {reason}', { reason: e.message }) }));
      return;
    }
    const games = (Array.isArray(list) ? list : (list && list.games) || []).slice(0, 50);
    const key = JSON.stringify([Hall.settings.lang, games.map(g => g.id)]);
    if (key === lastDone) return;
    lastDone = key;
    const rows = games.map(g => {
      const text = t('{white} against {black}: {result}', { white: g.white || t('White'), black: g.black || t('Black'), result: g.result_text || g.result || '' });
      return el('li', {}, el('a', { href: `/games/${encodeURIComponent(g.id)}/view`, text }));
    });
    ul.replaceChildren(...(rows.length ? rows : [el('li', { text: t('No finished games yet.') })]));
  }

  function all() { loadOpen(); loadFinished(); }
  const lang = $('set-lang');
  if (lang) lang.addEventListener('change', () => { lastOpen = lastDone = ''; all(); const c = remembered(); if (c) wait(c); });
  all();
  setInterval(all, 5000);
  const pending = remembered();
  if (pending) wait(pending);
  const again = Hall.params().get('challenge');
  if (!pending && again && Hall.params().get('token')) wait({ id: again, token: Hall.params().get('token'), time_control: '' });
})();

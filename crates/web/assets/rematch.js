// After a game, on the game page: a link to the game viewer for everyone, and for a
// player the rematch (colours swapped). Each player asks; when both have, the hall
// creates the game and each page, asking every two seconds, goes to its new board.
'use strict';
(() => {
  const { el, t, api } = Hall;
  const id = Hall.gameId();
  const token = Hall.params().get('token') || '';
  const base = `/api/games/${encodeURIComponent(id)}`;
  let box = null, said = '', going = false;

  function say(text) {
    if (text === said) return; // each change is said once, not on every poll
    said = text;
    box.querySelector('#rematch-say').textContent = text;
    Hall.speak(text);
  }

  function section() {
    const main = document.querySelector('main') || document.body;
    box = el('section', { 'aria-labelledby': 'after-h', id: 'after-game' },
      el('h2', { id: 'after-h', text: 'After the game' }),
      el('p', {}, el('a', { id: 'viewer-link', href: `/games/${encodeURIComponent(id)}/view`, text: 'Review the game in the viewer' })),
    );
    if (token) {
      box.append(el('button', { type: 'button', id: 'rematch', text: 'Offer a rematch', onclick: ask }));
    }
    box.append(el('div', { id: 'rematch-say', class: 'say', 'aria-live': 'polite' }));
    main.append(box);
    Hall.localise(box);
  }

  function follow(v, me) {
    if (!v || going) return;
    if (v.you) me = v.you;
    if (v.seat && v.seat.url) {
      going = true;
      say(t('The rematch is agreed: you play {side}. Opening the new board.', { side: Hall.side(v.seat.side) }));
      setTimeout(() => { location.href = new URL(v.seat.url, location.origin).href; }, 800);
      return;
    }
    const asked = v.asked || [];
    const button = box.querySelector('#rematch');
    if (!asked.length) return;
    if (me && asked.includes(me)) {
      say(t('You offered a rematch. Waiting for your opponent.'));
      if (button) button.disabled = true;
    } else if (asked.length) {
      say(t('Your opponent offers a rematch, colours swapped.'));
      if (button) button.textContent = t('Accept the rematch');
    }
  }

  let me = null;
  async function ask() {
    try { follow(await api(`${base}/rematch`, { method: 'POST', token }), me); } catch (e) {
      say(t('The rematch could not be asked: {reason}', { reason: e.message }));
    }
  }

  async function poll() {
    try {
      const v = await api(`${base}/rematch`, token ? { token } : {});
      follow(v, me);
    } catch (_) { /* a spectator's page or a lost connection: ask again later */ }
    if (!going) setTimeout(poll, 2000);
  }

  async function watch() {
    let s = null;
    try { s = await api(base); } catch (_) { /* ask again */ }
    if (!s || !s.state || s.state.result === '*') { setTimeout(watch, 2000); return; }
    section();
    if (token) {
      poll();
    }
  }
  watch();
})();

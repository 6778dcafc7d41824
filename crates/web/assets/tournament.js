// The tournament page: creating a tournament (/tournaments/new), registering,
// the player's next game, the arbiter's pairing of the next round, the pairings and
// the standings, read aloud in the page's language and offered in braille (BRF); the
// arbiter's withdrawals, byes and registration, a player's own byes and withdrawal.
// Every sentence about the tournament comes from the server, in the page's language.
'use strict';
(() => {
  const { el, t, api, params, speak, settings } = Hall;
  const $ = id => document.getElementById(id);
  const m = location.pathname.match(/^\/tournaments\/([^/]+)/);
  const id = m ? decodeURIComponent(m[1]) : '';
  const token = params().get('token') || '';
  const me = params().get('player') || '';
  const base = `/api/tournaments/${encodeURIComponent(id)}`;
  let shown = 0, seen = { round: -1, standings: -1 }, timer = null, info = null;

  function announce(text) {
    if (!text) return;
    $('announce').textContent = text;
    speak(text);
  }

  async function create(ev) {
    ev.preventDefault();
    const tc = `${Number($('new-min').value) * 60}+${Number($('new-inc').value)}`;
    try {
      const r = await api('/api/tournaments', { method: 'POST', body: {
        name: $('new-name').value, system: $('new-system').value, rounds: Number($('new-rounds').value),
        time_control: tc, edition: $('new-edition').value,
        double: $('new-system').value === 'berger' && $('new-double').checked,
        max_half_byes: Number($('new-half-byes').value) || 0 } });
      location.assign(r.arbiter_url);
    } catch (e) {
      $('new-result').textContent = Hall.refused(e.message);
      $('new-result').focus();
    }
  }

  async function register(ev) {
    ev.preventDefault();
    const body = { name: $('reg-name').value, rating: Number($('reg-rating').value) || 0 };
    if ($('reg-fide').value.trim()) body.fide_id = $('reg-fide').value.trim();
    const out = $('reg-result');
    try {
      const r = await api(`${base}/players`, { method: 'POST', body });
      out.replaceChildren(
        el('p', { text: t('You are registered as number {n}. Keep your link: it plays your games.', { n: r.player }) }),
        el('a', { href: r.url, text: t('Your tournament page') }));
    } catch (e) {
      out.textContent = Hall.refused(e.message);
    }
    Hall.localise(out);
    out.focus();
    refresh();
  }

  async function pair() {
    try {
      const r = await api(`${base}/rounds`, { method: 'POST', token });
      shown = r.round;
      await refresh();
    } catch (e) {
      announce(Hall.refused(e.message));
    }
  }

  // A change of who plays (a withdrawal, a bye, the registration): its words are
  // said in the live region, and the page is read again.
  async function change(path, opts, said) {
    try {
      const r = await api(path, { token, ...opts });
      announce((r.words && r.words[0]) || said || '');
    } catch (e) {
      announce(Hall.refused(e.message));
    }
    await refresh();
  }

  function withdrawPlayer(ev) {
    ev.preventDefault();
    const from = Number($('wd-round').value);
    return change(`${base}/players/${$('wd-player').value}/withdraw`, { method: 'POST', body: from ? { from_round: from } : {} });
  }

  function giveBye(ev) {
    ev.preventDefault();
    return change(`${base}/players/${$('gb-player').value}/byes`,
      { method: 'POST', body: { round: Number($('gb-round').value), points: $('gb-points').value } });
  }

  function askBye(ev) {
    ev.preventDefault();
    return change(`${base}/players/${me}/byes`,
      { method: 'POST', body: { round: Number($('bye-round').value), points: $('bye-points').value } });
  }

  function cancelBye(round) {
    return change(`${base}/players/${me}/byes?round=${round}`, { method: 'DELETE' },
      t('The bye of round {n} is cancelled.', { n: round }));
  }

  function toggleRegistration() {
    const open = !(info && info.registration_open);
    return change(`${base}/registration`, { method: 'POST', body: { open } },
      t(open ? 'Registration is open.' : 'Registration is closed.'));
  }

  function playerText(p) {
    let text = `${p.player}. ${p.name} (${p.rating})`;
    if (p.joined > 1) text += '; ' + t('joined in round {round}', { round: p.joined });
    for (const b of p.byes || []) text += '; ' + t(b.points === 'half' ? 'half-point bye, round {round}' : 'zero-point bye, round {round}', { round: b.round });
    if (p.withdrawn_from) text += '; ' + t('withdrew from round {round}', { round: p.withdrawn_from });
    return text;
  }

  function fillPlayers(sel, players) {
    const keep = sel.value;
    sel.replaceChildren(...players.filter(p => !p.withdrawn_from)
      .map(p => el('option', { value: String(p.player), text: `${p.player}. ${p.name}`, 'data-keep': true })));
    if (keep && Array.from(sel.options).some(o => o.value === keep)) sel.value = keep;
  }

  function gameLink(b) {
    if (!b.game) return t('forfeit: no game');
    const own = me && (String(b.white.player) === me || String(b.black.player) === me);
    const seat = String(b.white.player) === me ? 'white' : 'black';
    const href = own && token ? `/games/${b.game}?token=${encodeURIComponent(token)}&seat=${seat}` : b.watch_url;
    const label = own ? t('Play board {n}', { n: b.board }) : t('Watch board {n}', { n: b.board });
    return el('a', { href, text: label });
  }

  async function showRound(n) {
    const body = $('pairings').tBodies[0];
    const lang = settings.lang || 'en';
    $('pairings-brf').href = `${base}/rounds/${n}?format=brf&lang=${lang}`;
    let r;
    try { r = await api(`${base}/rounds/${n}?lang=${lang}`); } catch (_) { return null; }
    $('pairings-caption').textContent = r.words[0];
    body.replaceChildren(...r.boards.map(b => el('tr', {},
      el('td', { text: String(b.board) }), el('td', { text: b.white.name }), el('td', { text: b.black.name }),
      el('td', { text: b.result || t('playing') }), el('td', {}, gameLink(b)))));
    $('bye').textContent = r.bye ? r.words[r.boards.length + 1] : '';
    $('pairings-words').replaceChildren(...r.words.slice(1).map(w => el('li', { text: w })));
    Hall.localise($('pairings'));
    return r;
  }

  async function showStandings() {
    const lang = settings.lang || 'en';
    $('standings-brf').href = `${base}/standings?format=brf&lang=${lang}`;
    const s = await api(`${base}/standings?lang=${lang}`);
    const head = $('standings').tHead.rows[0];
    while (head.cells.length > 4) head.deleteCell(4);
    for (const code of s.tiebreaks) head.append(el('th', { scope: 'col', text: code, 'data-keep': true }));
    $('standings-caption').textContent = s.words[0];
    $('standings').tBodies[0].replaceChildren(...s.standings.map(r => el('tr', {},
      el('td', { text: String(r.rank) }), el('td', { text: String(r.id) }), el('th', { scope: 'row', text: r.withdrawn_from ? `${r.name}; ${t('withdrew from round {round}', { round: r.withdrawn_from })}` : r.name, 'data-keep': true }),
      el('td', { text: String(r.points) }), ...s.tiebreaks.map(c => el('td', { text: String(r.tiebreaks[c]) })))));
    $('say-standings').onclick = () => announce(s.words.join('. '));
    return s;
  }

  async function showMe() {
    if (!me || !token) return;
    $('me-section').hidden = false;
    try {
      const p = await api(`${base}/players/${me}?lang=${settings.lang || 'en'}`, { token });
      $('me-words').replaceChildren(...(p.words || []).map(w => el('li', { text: w })));
      const paired = info ? info.round : 0;
      $('my-byes').replaceChildren(...(p.byes || []).filter(b => b.round > paired).map(b => el('li', {},
        el('button', { type: 'button', text: t('Cancel the bye of round {n}', { n: b.round }), onclick: () => cancelBye(b.round) }))));
      $('bye-form').hidden = $('withdraw-me').hidden = !!p.withdrawn_from || info.system === 'berger';
      const g = p.next_game;
      const box = $('me-text');
      if (!g) box.replaceChildren(t('{name}: no game to play now; {points} points.', { name: p.name, points: p.points }));
      else if (g.bye) box.replaceChildren(t('{name}: you have the bye in round {round}.', { name: p.name, round: g.round }));
      else {
        const say = g.colour === 'white' ? 'Round {round}, board {board}: you have White; your opponent is {opponent}. Open your board.'
          : 'Round {round}, board {board}: you have Black; your opponent is {opponent}. Open your board.';
        box.replaceChildren(el('a', { href: g.url, text: t(say, { round: g.round, board: g.board, opponent: g.opponent.name }) }));
      }
    } catch (e) { $('me-text').textContent = Hall.refused(e.message); }
  }

  async function refresh() {
    try { info = await api(base); } catch (e) { $('t-about').textContent = Hall.refused(e.message); return; }
    $('t-name').textContent = info.name;
    document.__en = document.title = `arbiter hall: ${info.name}`;
    $('t-about').textContent = t('{system}, {rounds} rounds, {tc}, Laws of Chess {edition}. Rounds paired: {round}.', {
      system: t(info.system === 'berger' ? 'Round robin, Berger tables' : 'Swiss, FIDE Dutch system'),
      rounds: info.rounds, tc: info.time_control, edition: info.edition, round: info.round });
    $('register-section').hidden = !info.registration_open;
    $('arbiter-section').hidden = !token || !!me;
    $('registration-link').textContent = t('Registration link: {url}', { url: `${location.origin}/tournaments/${id}#register` });
    $('players').replaceChildren(...info.players.map(p => el('li', { text: playerText(p), 'data-keep': true })));
    $('registration-state').textContent = t(info.registration_open ? 'Registration is open.' : 'Registration is closed.');
    $('registration-toggle').textContent = t(info.registration_open ? 'Close the registration' : 'Open the registration');
    $('registration-toggle').hidden = !info.registration_open && info.system === 'berger' && info.round > 0;
    fillPlayers($('wd-player'), info.players);
    fillPlayers($('gb-player'), info.players);
    $('give-bye-form').hidden = info.system === 'berger';
    const sel = $('round');
    if (sel.options.length !== info.round) {
      sel.replaceChildren(...Array.from({ length: info.round }, (_, i) => el('option', { value: String(i + 1), text: String(i + 1) })));
    }
    if (info.round && (!shown || shown > info.round || seen.round !== info.round)) shown = info.round;
    if (shown) sel.value = String(shown);
    const r = shown ? await showRound(shown) : null;
    const s = await showStandings();
    if (seen.round >= 0 && info.round > seen.round && r) {
      const mine = r.boards.findIndex(b => String(b.white.player) === me || String(b.black.player) === me);
      announce(mine >= 0 ? r.words[mine + 1] : r.words[0]);
    } else if (seen.standings >= 0 && s.round > seen.standings) {
      announce(s.words[0]);
    }
    seen = { round: info.round, standings: s.round };
    await showMe();
    Hall.localise(document.querySelector('main'));
  }

  Hall.settingsForm($('settings'), () => { if (id !== 'new') refresh(); });
  if (id === 'new') {
    $('new-section').hidden = false;
    $('new-form').addEventListener('submit', create);
    for (const s of document.querySelectorAll('main > section:not(#new-section):not([aria-labelledby=settings-h])')) s.hidden = true;
    return;
  }
  $('register').addEventListener('submit', register);
  $('withdraw-form').addEventListener('submit', withdrawPlayer);
  $('give-bye-form').addEventListener('submit', giveBye);
  $('bye-form').addEventListener('submit', askBye);
  $('registration-toggle').addEventListener('click', toggleRegistration);
  $('withdraw-me').addEventListener('click', () => change(`${base}/players/${me}/withdraw`, { method: 'POST', body: {} }));
  $('pair').addEventListener('click', pair);
  $('round').addEventListener('change', () => { shown = Number($('round').value); showRound(shown); });
  $('say-pairings').addEventListener('click', () => announce(Array.from($('pairings-words').children, li => li.textContent).join('. ')));
  $('trf').href = `${base}/trf`;
  refresh();
  timer = setInterval(refresh, 5000);
  window.addEventListener('pagehide', () => clearInterval(timer));
})();

// The lobby: create a game (by invite link or against the engine), join one, watch one.
'use strict';
(() => {
  const $ = id => document.getElementById(id);
  const { el, api } = Hall;
  Hall.settingsForm($('settings'), key => { if (key === 'lang') { show(); refresh(); } });
  const t = Hall.t;

  // The time control read back in words, so a player hears what he chose.
  function control() {
    const none = $('tc-none').checked;
    const min = Math.max(0, Math.min(600, Math.floor(Number($('tc-min').value) || 0)));
    const inc = Math.max(0, Math.min(600, Math.floor(Number($('tc-inc').value) || 0)));
    const delay = $('tc-kind').value === 'delay';
    const words = Hall.timeWords(min, inc, none, delay);
    if (none || (min === 0 && inc === 0)) return { tc: null, words };
    return { tc: `${min * 60}${inc ? (delay ? 'd' : '+') + inc : ''}`, words };
  }
  const show = () => {
    const c = control();
    $('tc-words').textContent = c.words;
    $('tc-min').disabled = $('tc-inc').disabled = $('tc-kind').disabled = $('tc-none').checked;
    $('engine-row').hidden = !$('vs-engine').checked;
  };
  for (const id of ['tc-none', 'tc-min', 'tc-inc', 'tc-kind', 'vs-person', 'vs-engine']) $(id).addEventListener('input', show);
  show();

  // The Tavreli tournament rules govern Tavreli only, and are its default;
  // a Tavreli game may still be played under a FIDE edition.
  const tavreliRules = $('edition').querySelector('option[value="tavreli"]');
  const rulesFor = () => {
    const tavreli = $('variant').value === 'tavreli';
    tavreliRules.disabled = !tavreli;
    if (tavreli && $('edition').dataset.variant !== 'tavreli') $('edition').value = 'tavreli';
    if (!tavreli && $('edition').value === 'tavreli') $('edition').value = '2023';
    // The time control follows the game until the player sets one himself:
    // Tavreli's rules count per-move time as a delay (90 minutes and 30
    // seconds, the server's default for Tavreli), chess keeps 5 and 3 added.
    if ($('edition').dataset.variant !== undefined && $('edition').dataset.variant !== $('variant').value && !timeTouched) {
      const [min, sec, kind] = tavreli ? [90, 30, 'delay'] : [5, 3, 'increment'];
      $('tc-min').value = min; $('tc-inc').value = sec; $('tc-kind').value = kind;
      show();
    }
    $('edition').dataset.variant = $('variant').value;
  };
  let timeTouched = false;
  for (const id of ['tc-min', 'tc-inc', 'tc-kind']) $(id).addEventListener('input', () => { timeTouched = true; });
  $('variant').addEventListener('input', rulesFor);
  $('variant').addEventListener('change', rulesFor);
  rulesFor();

  // A link from the server may lack the seat; the page needs it to know whose move is whose.
  function link(url, id, seat, token) {
    let u = url || `/games/${encodeURIComponent(id)}${token ? '?token=' + encodeURIComponent(token) : ''}`;
    if (seat && !/[?&]seat=/.test(u)) u += (u.includes('?') ? '&' : '?') + 'seat=' + seat;
    return new URL(u, location.origin).href;
  }

  $('create').addEventListener('submit', async ev => {
    ev.preventDefault();
    const out = $('created');
    const engine = $('vs-engine').checked;
    let mine = $('colour').value;
    if (mine === 'random') mine = Math.random() < 0.5 ? 'white' : 'black';
    const theirs = mine === 'white' ? 'black' : 'white';
    const body = { variant: $('variant').value, edition: $('edition').value, white: 'human', black: 'human' };
    // The event's own rules: absent keys leave the hall's defaults (the time control's regime, the edition's supervision).
    if ($('regime').value) body.regime = $('regime').value;
    if ($('supervision').value) body.supervision = $('supervision').value;
    if ($('quickplay').checked) body.quickplay_finish = true;
    const c = control();
    // "-" is the log's "no clock"; an absent key would be the server's default.
    body.time_control = c.tc || '-';
    if (engine) { body[theirs] = 'engine'; body.engine_movetime_ms = Number($('movetime').value) || 300; }
    if ($('my-name').value.trim()) body[mine + '_name'] = $('my-name').value.trim();
    if ($('their-name').value.trim()) body[theirs + '_name'] = $('their-name').value.trim();
    else if (engine) body[theirs + '_name'] = 'Engine';
    out.textContent = t('Creating the game…');
    try {
      const g = await api('/api/games', { method: 'POST', body });
      const own = link(g[mine + '_url'], g.id, mine, g[mine + '_token']);
      const rows = [el('p', { text: t('Game {id} created. You play {side}.', { id: g.id, side: t(mine === 'white' ? 'the white pieces' : 'the black pieces') }) })];
      rows.push(el('p', {}, el('a', { href: own, id: 'play-link', text: t('Open your board ({side})', { side: Hall.side(mine) }) })));
      if (!engine) {
        const inv = link(g[theirs + '_url'], g.id, theirs, g[theirs + '_token']);
        rows.push(el('p', {}, el('label', { for: 'invite', text: t('Invite link for {side}: ', { side: Hall.side(theirs) }) }),
          el('input', { id: 'invite', readonly: true, value: inv, size: '48' }),
          el('button', { type: 'button', text: t('Copy invite link'), onclick: () => navigator.clipboard && navigator.clipboard.writeText(inv).then(() => Hall.speak(t('Copied'))) })));
      }
      if (g.arbiter_token || g.arbiter_url) {
        const arb = g.arbiter_url ? new URL(g.arbiter_url, location.origin).href : `${location.origin}/games/${encodeURIComponent(g.id)}/arbiter?token=${encodeURIComponent(g.arbiter_token)}`;
        rows.push(el('p', {}, el('a', { href: arb, id: 'arbiter-link', text: t('Arbiter console (keep this link private)') })));
      }
      const watch = g.watch_url ? new URL(g.watch_url, location.origin).href : `${location.origin}/games/${encodeURIComponent(g.id)}`;
      rows.push(el('p', {}, el('a', { href: watch, id: 'watch-link', text: t('Link for spectators') })));
      out.replaceChildren(...rows);
      out.focus();
    } catch (e) {
      out.textContent = t('The game was not created: {reason}', { reason: e.message });
    }
  });

  $('join').addEventListener('submit', ev => {
    ev.preventDefault();
    const v = $('join-link').value.trim();
    if (!v) return;
    location.href = /^https?:|^\//.test(v) ? v : `/games/${encodeURIComponent(v)}`;
  });

  async function refresh() {
    const ul = $('live');
    try {
      const data = await api('/api/games?status=live');
      const games = Array.isArray(data) ? data : (data && data.games) || [];
      ul.replaceChildren(...games.map(g => {
        const text = t('{white} against {black}, game {id}', { white: g.white_name || g.white || t('White'), black: g.black_name || g.black || t('Black'), id: g.id });
        return el('li', {}, el('a', { href: `/games/${encodeURIComponent(g.id)}`, text }));
      }));
      if (!games.length) ul.replaceChildren(el('li', { text: t('No live games.') }));
    } catch (e) {
      ul.replaceChildren(el('li', { text: t('The list could not be read: {reason}', { reason: e.message }) }));
    }
  }
  $('refresh').addEventListener('click', refresh);
  refresh();
})();

// The archive: the score in national letters and braille, PGN and BRF downloads, and
// the audit verdict (the log replayed under the Laws).
'use strict';
(() => {
  const $ = id => document.getElementById(id);
  const id = Hall.gameId();
  const base = `/api/games/${encodeURIComponent(id)}`;
  let log = '';
  let brfUrl = null;
  const t = Hall.t;
  let hdr = null;
  const names = () => { if (hdr) $('players').textContent = t('{white} against {black}.', { white: hdr.white || t('White'), black: hdr.black || t('Black') }); };
  Hall.settingsForm($('settings'), key => { if (key === 'lang') names(); });
  $('watch-link').href = `/games/${encodeURIComponent(id)}`;
  $('dl-pgn').href = `${base}/pgn`;
  $('dl-pgn').setAttribute('download', `game-${id}.pgn`);
  $('dl-log').href = `${base}/log`;
  $('dl-log').setAttribute('download', `game-${id}.jsonl`);
  const lang = Hall.settings.lang;
  $('letters').value = ['en', 'ru', 'de'].includes(lang) ? lang : 'en';

  async function load() {
    try {
      const r = await Hall.api('/api/record', { method: 'POST', body: { log, letters: $('letters').value } });
      $('verdict').textContent = r.verdict;
      $('score').textContent = r.letters;
      $('braille').textContent = r.braille;
      if (brfUrl) URL.revokeObjectURL(brfUrl);
      brfUrl = URL.createObjectURL(new Blob([r.brf], { type: 'text/plain' }));
      $('dl-brf').href = brfUrl;
      $('dl-brf').setAttribute('download', `game-${id}.brf`);
    } catch (e) {
      $('verdict').textContent = t('The record could not be read: {reason}', { reason: e.message });
    }
  }
  $('letters').addEventListener('change', load);
  (async () => {
    const r = await fetch(`${base}/log`);
    if (!r.ok) { $('verdict').textContent = t('No such game.'); return; }
    log = await r.text();
    try {
      hdr = JSON.parse(log.split('\n', 1)[0]);
      names();
    } catch (_) { /* the verdict says what is wrong with the log */ }
    load();
  })();
})();

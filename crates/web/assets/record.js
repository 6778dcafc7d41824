// The archive: the score in national letters and braille, PGN and BRF downloads, and
// the audit verdict (the log replayed under the Laws).
'use strict';
(() => {
  const $ = id => document.getElementById(id);
  const id = Hall.gameId();
  const base = `/api/games/${encodeURIComponent(id)}`;
  let log = '';
  let brfUrl = null;
  Hall.settingsForm($('settings'));
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
      $('verdict').textContent = 'The record could not be read: ' + e.message;
    }
  }
  $('letters').addEventListener('change', load);
  (async () => {
    const r = await fetch(`${base}/log`);
    if (!r.ok) { $('verdict').textContent = 'No such game.'; return; }
    log = await r.text();
    try {
      const h = JSON.parse(log.split('\n', 1)[0]);
      $('players').textContent = `${h.white || 'White'} against ${h.black || 'Black'}.`;
    } catch (_) { /* the verdict says what is wrong with the log */ }
    load();
  })();
})();

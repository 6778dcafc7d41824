// Shared by every page of the hall: settings remembered per browser, the JSON API,
// speech through the Web Speech API, and the settings form. No framework, no build.
'use strict';

const Hall = (() => {
  const KEY = 'arbiter.settings';
  const DEFAULTS = {
    lang: 'en', lexicon: 'en', contrast: false, large: false, plain: false,
    speech: false, voice: '', rate: 1, alarms: '60 30 10', tick: 0, sound: true,
  };
  let settings = { ...DEFAULTS };
  try { Object.assign(settings, JSON.parse(localStorage.getItem(KEY) || '{}')); } catch (_) { /* a broken entry is replaced */ }

  function save() {
    try { localStorage.setItem(KEY, JSON.stringify(settings)); } catch (_) { /* private mode: kept for this page only */ }
  }

  // The page's own text in the chosen language: `t` looks a text up by its English.
  function t(en, args) {
    const table = (typeof HallText !== 'undefined' && HallText[settings.lang]) || {};
    let s = table[en] || en;
    if (args) s = s.replace(/\{(\w+)\}/g, (_, k) => (args[k] == null ? '' : String(args[k])));
    return s;
  }
  function side(s) { return t(s === 'black' ? 'Black' : 'White'); }
  function timeWords(min, inc, none, delay) {
    const f = (typeof HallTimeWords !== 'undefined' && (HallTimeWords[settings.lang] || HallTimeWords.en));
    return f ? f(min, inc, none, delay) : '';
  }

  // Every text node, label and name written in the page, translated in place. The
  // English stays on the node, so a change of language translates from it again.
  // Regions the server or the page fill with words about the game (announcements,
  // answers, the move list, the score) are not touched: they are in the lexicon's
  // language already. Elements marked data-keep keep their text (the names of the
  // languages, each in its own).
  const SKIP = '[data-keep],[role=status],[role=log],[aria-live],pre,script,style';
  const ATTRS = ['aria-label', 'title', 'placeholder'];
  function localise(root) {
    root = root || document.documentElement;
    document.documentElement.lang = settings.lang;
    if (document.title) {
      if (document.__en === undefined) document.__en = document.title;
      document.title = t(document.__en);
    }
    const walk = document.createTreeWalker(root, NodeFilter.SHOW_TEXT);
    for (let n = walk.nextNode(); n; n = walk.nextNode()) {
      const p = n.parentElement;
      if (!p || p.closest(SKIP) || p.closest('head')) continue;
      if (n.__en === undefined) {
        const m = n.nodeValue.match(/^(\s*)([\s\S]*?)(\s*)$/);
        if (!m[2]) continue;
        n.__en = m[2]; n.__pre = m[1]; n.__post = m[3];
      }
      const v = n.__pre + t(n.__en) + n.__post;
      if (n.nodeValue !== v) n.nodeValue = v;
    }
    for (const a of ATTRS) {
      for (const e of root.querySelectorAll(`[${a}]`)) {
        // The board's cells are named by the server, in the chosen language already.
        if (e.closest('[data-keep]') || e.getAttribute('role') === 'gridcell') continue;
        const k = 'en' + a.replace(/-/g, '');
        if (e.dataset[k] === undefined) e.dataset[k] = e.getAttribute(a);
        e.setAttribute(a, t(e.dataset[k]));
      }
    }
  }

  // Classes on <html> switch the themes; the page language follows the chosen one.
  function apply() {
    const h = document.documentElement;
    h.classList.toggle('contrast', !!settings.contrast);
    h.classList.toggle('large', !!settings.large);
    h.classList.toggle('plain', !!settings.plain);
    h.lang = settings.lang;
  }
  apply();
  // The static text of the page, once it is parsed; pages call `localise` again after
  // they add text and when the player changes the language.
  if (document.readyState === 'loading') document.addEventListener('DOMContentLoaded', () => localise());
  else localise();

  // A fetch that failed for want of a connection says so in the page's words: the
  // browser's own "Failed to fetch" never reaches a person.
  function offlineError() {
    const e = new Error(t('The hall cannot be reached: the connection is lost.'));
    e.offline = true;
    return e;
  }

  async function api(path, opts = {}) {
    // The server answers (refusals included) in the page's language.
    const init = { method: opts.method || 'GET', headers: { 'Accept-Language': settings.lang || 'en' } };
    if (opts.body !== undefined) {
      init.headers['Content-Type'] = 'application/json';
      init.body = JSON.stringify(opts.body);
    }
    if (opts.token) init.headers.Authorization = 'Bearer ' + opts.token;
    if (opts.signal) init.signal = opts.signal;
    let r, text;
    try {
      r = await fetch(path, init);
      text = await r.text();
    } catch (_) { throw offlineError(); }
    let data = null;
    try { data = text ? JSON.parse(text) : null; } catch (_) { data = text; }
    if (!r.ok) {
      const reason = data && (data.reason || data.error || data.message) || (typeof data === 'string' ? data : r.statusText);
      const e = new Error(String(reason));
      e.status = r.status;
      throw e;
    }
    return data;
  }

  // "Refused: …" once: a reason the server has worded as a refusal already is not
  // prefixed again.
  function refused(reason) {
    const head = t('Refused: {reason}', { reason: '' }).trim();
    const r = String(reason || '').trim();
    // The words crate's own refusal heads, in each language, count as one.
    if (/^(refused|отклонено|отказано|abgelehnt)\s*:/i.test(r) || (head && r.startsWith(head))) return r;
    return t('Refused: {reason}', { reason: r });
  }

  // Sounds made on the spot with WebAudio (no files): a short tone per kind. The
  // announcements stay the first channel; the sounds can be turned off and the
  // choice is remembered.
  let audio = null;
  const TONES = {
    move: [[520, 0.07]], capture: [[330, 0.05], [260, 0.09]], check: [[880, 0.08], [660, 0.08]],
    low: [[990, 0.06], [990, 0.06], [990, 0.06]], end: [[523, 0.12], [659, 0.12], [784, 0.2]],
  };
  function sound(kind) {
    if (!settings.sound || !TONES[kind]) return;
    const AC = window.AudioContext || window.webkitAudioContext;
    if (!AC) return;
    try {
      audio = audio || new AC();
      let at = audio.currentTime + 0.01;
      for (const [hz, len] of TONES[kind]) {
        const o = audio.createOscillator(), g = audio.createGain();
        o.frequency.value = hz;
        g.gain.setValueAtTime(0.0001, at);
        g.gain.exponentialRampToValueAtTime(0.2, at + 0.01);
        g.gain.exponentialRampToValueAtTime(0.0001, at + len);
        o.connect(g).connect(audio.destination);
        o.start(at); o.stop(at + len + 0.02);
        at += len + 0.03;
      }
      sound.played = (sound.played || []).concat(kind);
    } catch (_) { /* no audio device: the words still say it */ }
  }

  function voiceLang() { return { en: 'en', ru: 'ru', de: 'de' }[settings.lang] || 'en'; }

  // Speech beside the screen reader's own: only when the player turns it on.
  function speak(text) {
    if (!settings.speech || !text || !('speechSynthesis' in window)) return;
    const u = new SpeechSynthesisUtterance(text);
    u.rate = Number(settings.rate) || 1;
    u.lang = voiceLang();
    const v = speechSynthesis.getVoices().find(x => x.name === settings.voice);
    if (v) u.voice = v;
    speechSynthesis.speak(u);
  }

  function el(tag, attrs = {}, ...kids) {
    const e = document.createElement(tag);
    for (const [k, v] of Object.entries(attrs)) {
      if (k === 'text') e.textContent = v;
      else if (k.startsWith('on')) e.addEventListener(k.slice(2), v);
      else if (v === true) e.setAttribute(k, '');
      else if (v !== false && v != null) e.setAttribute(k, v);
    }
    for (const k of kids) e.append(k);
    return e;
  }

  // The settings form: the same on every page, so a player finds it in one place.
  function settingsForm(host, onChange) {
    const f = el('fieldset', {}, el('legend', { text: 'Settings' }));
    const sel = (id, label, options, key) => {
      const s = el('select', { id });
      for (const [v, t] of options) s.append(el('option', { value: v, text: t }));
      s.value = settings[key];
      s.addEventListener('change', () => { settings[key] = s.value; save(); apply(); if (key === 'lang') localise(); onChange && onChange(key); });
      return el('div', { class: 'row' }, el('label', { for: id, text: label }), s);
    };
    const box = (id, label, key) => {
      const c = el('input', { type: 'checkbox', id });
      c.checked = !!settings[key];
      c.addEventListener('change', () => { settings[key] = c.checked; save(); apply(); onChange && onChange(key); });
      return el('div', { class: 'row' }, c, el('label', { for: id, text: label }));
    };
    const langs = sel('set-lang', 'Language', [['en', 'English'], ['ru', 'Русский'], ['de', 'Deutsch']], 'lang');
    // Each language is named in its own words, whatever the page's language.
    langs.querySelector('select').setAttribute('data-keep', '');
    f.append(
      langs,
      sel('set-lexicon', 'Lexicon', [['en', 'English (en)'], ['fide-de', 'FIDE Appendix D (fide-de)'], ['ru-fide', 'Russian, FIDE style (ru-fide)'], ['ru', 'Russian practice (ru)'], ['nato', 'NATO alphabet (nato)']], 'lexicon'),
      box('set-contrast', 'High contrast', 'contrast'),
      box('set-large', 'Large board', 'large'),
      box('set-plain', 'Braille-friendly plain text', 'plain'),
      box('set-speech', 'Speak announcements', 'speech'),
      box('set-sound', 'Sounds for moves, captures, check, low time and the end', 'sound'),
    );
    const voices = el('select', { id: 'set-voice' });
    const fill = () => {
      voices.replaceChildren(el('option', { value: '', text: 'Default voice' }));
      if ('speechSynthesis' in window) for (const v of speechSynthesis.getVoices()) voices.append(el('option', { value: v.name, text: `${v.name} (${v.lang})` }));
      voices.value = settings.voice;
      localise(voices);
    };
    fill();
    if ('speechSynthesis' in window) speechSynthesis.addEventListener('voiceschanged', fill);
    voices.addEventListener('change', () => { settings.voice = voices.value; save(); });
    const rate = el('input', { type: 'number', id: 'set-rate', min: '0.5', max: '3', step: '0.1', value: String(settings.rate) });
    rate.addEventListener('change', () => { settings.rate = Number(rate.value) || 1; save(); });
    f.append(
      el('div', { class: 'row' }, el('label', { for: 'set-voice', text: 'Voice' }), voices),
      el('div', { class: 'row' }, el('label', { for: 'set-rate', text: 'Speech rate' }), rate),
    );
    host.append(f);
    localise(f);
    return f;
  }

  function params() { return new URLSearchParams(location.search); }
  function gameId() { const m = location.pathname.match(/^\/games\/([^/]+)/); return m ? decodeURIComponent(m[1]) : ''; }

  // The log's first line: variant, start position, names, time control.
  async function header(id) {
    let r;
    try { r = await fetch(`/api/games/${encodeURIComponent(id)}/log`, { headers: { 'Accept-Language': settings.lang || 'en' } }); } catch (_) { throw offlineError(); }
    if (!r.ok) throw new Error(t('no such game'));
    const first = (await r.text()).split('\n', 1)[0];
    try { return JSON.parse(first); } catch (_) { return {}; }
  }

  function mmss(ms) {
    ms = Math.max(0, Math.round(ms));
    const s = Math.floor(ms / 1000), h = Math.floor(s / 3600), m = Math.floor(s / 60) % 60, ss = s % 60;
    const two = n => String(n).padStart(2, '0');
    return h ? `${h}:${two(m)}:${two(ss)}` : `${m}:${two(ss)}`;
  }

  return { settings, save, apply, api, speak, el, settingsForm, params, gameId, header, mmss, t, side, timeWords, localise, refused, sound };
})();

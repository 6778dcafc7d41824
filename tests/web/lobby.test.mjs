// Browser tests of the lobby: a challenge made in one browser is accepted in a second,
// the game is played to mate, a rematch is agreed on both pages, and the finished games
// are listed in the lobby and open in the game viewer, whose keys step through them.
// axe-core runs on every page and state reached, in English, Russian and German.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { join } from 'node:path';
import { openHall, closeHall, open, axe, shot, WAIT, hall, startServer, waitUp } from './harness.mjs';


let base, browser;

before(async () => {
  ({ base, browser } = await openHall('lobby'));
});

after(closeHall);

const gameOf = page => new URL(page.url()).pathname.split('/')[2];
const tokenOf = page => new URL(page.url()).searchParams.get('token');

async function plies(id) {
  const r = await fetch(`${base}/api/games/${id}`);
  return (await r.json()).state;
}

// A move typed in the Move field, as a blind player types it; the game's own state
// (not our words) tells that it was played.
async function typeMove(page, text, ply) {
  const box = page.locator('#move');
  await box.waitFor(WAIT);
  await box.fill(text);
  await box.press('Enter');
  const id = gameOf(page);
  for (let i = 0; i < 200; i++) {
    if ((await plies(id)).ply >= ply) return;
    await new Promise(r => setTimeout(r, 100));
  }
  assert.fail(`${text} was not played`);
}

async function foolsMate(white, black) {
  const [w, b] = [white, black];
  await typeMove(w, 'f3', 1); await typeMove(b, 'e5', 2); await typeMove(w, 'g4', 3); await typeMove(b, 'Qh4', 4);
  const st = await plies(gameOf(w));
  assert.equal(st.result, '0-1');
}

async function seatOf(page) {
  return new URL(page.url()).searchParams.get('seat');
}

test('a challenge accepted in a second browser, a game to mate, a rematch, and both games in the lobby and the viewer', async () => {
  // Anna offers 3 minutes and 2 seconds, White, in English.
  const anna = await open('/');
  await anna.getByLabel('Name in the challenge').fill('Anna');
  await anna.getByLabel('Time control of the challenge').selectOption('180+2');
  await anna.getByLabel('Colour you want').selectOption('white');
  await anna.getByRole('button', { name: 'Offer a challenge' }).press('Enter');
  await anna.getByRole('button', { name: 'Withdraw the challenge' }).waitFor(WAIT);
  assert.match(await anna.locator('#ch-waiting').textContent(), /3 min \+ 2 s/);
  await axe(anna, 'lobby with a challenge waiting');

  // Boris sees it in Russian and accepts it with one action.
  const boris = await open('/', { lang: 'ru' }, { width: 390, height: 844 });
  await boris.locator('#ch-name').fill('Boris');
  await boris.locator('#ch-name').dispatchEvent('change');
  const accept = boris.getByRole('button', { name: /Anna, 3 мин \+ 2 с/ });
  await accept.waitFor(WAIT);
  assert.match(await boris.locator('#challenges').textContent(), /играет белыми/);
  await axe(boris, 'lobby in Russian at 390 wide with an open challenge');
  await shot(boris, 'lobby-challenge-ru-390');
  await accept.press('Enter');
  await boris.waitForURL(/\/games\/[^/]+\?token=/, WAIT);
  // Anna's page was told: it goes to her board by itself.
  await anna.waitForURL(/\/games\/[^/]+\?token=/, WAIT);
  assert.equal(gameOf(anna), gameOf(boris), 'both at the same game');
  assert.equal(await seatOf(anna), 'white');
  assert.equal(await seatOf(boris), 'black');
  // A second accepter is refused.
  const cid = (await (await fetch(`${base}/api/challenges`)).json()).length;
  assert.equal(cid, 0, 'no open challenge is left');

  await foolsMate(anna, boris);
  const first = gameOf(anna);

  // After mate, a rematch: Anna offers, Boris (in Russian) accepts, colours swapped.
  await anna.getByRole('button', { name: 'Offer a rematch' }).waitFor(WAIT);
  await axe(anna, 'game page after mate with the rematch offer');
  await anna.getByRole('button', { name: 'Offer a rematch' }).press('Enter');
  const agree = boris.getByRole('button', { name: 'Принять реванш' });
  await agree.waitFor(WAIT);
  await axe(boris, 'game page in Russian with a rematch offered');
  await agree.press('Enter');
  await boris.waitForURL(u => !u.pathname.includes(first) && /\/games\//.test(u.pathname), WAIT);
  await anna.waitForURL(u => !u.pathname.includes(first) && /\/games\//.test(u.pathname), WAIT);
  assert.equal(gameOf(anna), gameOf(boris));
  assert.equal(await seatOf(anna), 'black', 'Anna plays Black in the rematch');
  assert.equal(await seatOf(boris), 'white');
  const second = gameOf(anna);
  await foolsMate(boris, anna);

  // The lobby (in German) lists both finished games, newest first, with their results.
  const lobby = await open('/', { lang: 'de' });
  await lobby.waitForFunction(() => document.querySelectorAll('#finished a').length >= 2, null, WAIT);
  const links = await lobby.locator('#finished a').evaluateAll(as => as.map(a => [a.getAttribute('href'), a.textContent]));
  assert.deepEqual(links.slice(0, 2).map(l => l[0]), [`/games/${second}/view`, `/games/${first}/view`], 'newest first');
  assert.match(links[0][1], /Boris gegen Anna: Schwarz gewinnt/);
  assert.match(links[1][1], /Anna gegen Boris: Schwarz gewinnt/);
  await axe(lobby, 'lobby in German with finished games');
  await shot(lobby, 'lobby-finished-de-1280', true);
  await lobby.locator('#finished a').first().press('Enter');
  await lobby.waitForURL(/\/view$/, WAIT);
  await lobby.waitForFunction(() => document.body.dataset.ready === '1', null, WAIT);
  await axe(lobby, 'viewer in German');
  for (const p of [anna, boris]) await p.context().close();
  await lobby.context().close();
});

test('the viewer: the keys step through the game at once, each move said in the lexicon', async () => {
  // A finished game made by the API: 1.e4 e5 2.Nf3 Nc6 3.Bc4 Nf6 4.Qh5?? Nxh5 5.resigns.
  const r = await fetch(`${base}/api/games`, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify({ white: 'human', black: 'human', white_name: 'Vera', black_name: 'Gleb', time_control: '600+5' }) });
  const g = await r.json();
  const moves = ['e4', 'e5', 'Nf3', 'Nc6', 'Bc4', 'Nf6', 'Qe2', 'Be7'];
  for (let i = 0; i < moves.length; i++) {
    const tok = i % 2 ? g.black_token : g.white_token;
    const a = await fetch(`${base}/api/games/${g.id}/events`, { method: 'POST', headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${tok}` }, body: JSON.stringify({ type: 'move', move: moves[i] }) });
    assert.equal(a.status, 200, await a.text());
  }
  const res = await fetch(`${base}/api/games/${g.id}/events`, { method: 'POST', headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${g.white_token}` }, body: JSON.stringify({ type: 'resign' }) });
  assert.equal(res.status, 200);

  // What each lexicon says of the squares: the facts of the moves, in its own words.
  const words = {
    en: { start: /Start/, e4: /e4/, knight: /knight.*f3/i, e5: /e5/, e7: /bishop.*e7/i },
    ru: { start: /Начальная/, e4: /четыре/, knight: /конь.*эф три/, e5: /пять/, e7: /слон.*семь/ },
    de: { start: /Ausgangs/, e4: /Eva vier/, knight: /Springer Felix drei/, e5: /Eva fuenf/, e7: /Eva sieben/ },
  };
  for (const lang of ['en', 'ru', 'de']) {
    const w = words[lang];
    const lexicon = { en: 'en', ru: 'ru', de: 'fide-de' }[lang];
    const v = await open(`/games/${g.id}/view`, { lang, lexicon });
    await v.waitForFunction(() => document.body.dataset.ready === '1', null, WAIT);
    const said = () => v.locator('#said').textContent();
    const saidHas = async (re, what) => v.waitForFunction(([src, f]) => new RegExp(src, f).test(document.querySelector('#said').textContent), [re.source, re.flags], WAIT)
      .catch(async () => assert.fail(`${lang} ${what}: said "${await said()}", expected ${re}`));
    // No click first: the page has focus, the keys work.
    await v.keyboard.press('Home');
    await saidHas(w.start, 'Home');
    assert.equal(await v.locator('#vboard .vcell .g').count(), 32, 'the start position');
    await v.keyboard.press('ArrowRight');
    await saidHas(w.e4, 'the first move');
    await v.keyboard.press('ArrowRight');
    await v.keyboard.press('ArrowRight');
    await saidHas(w.knight, 'the knight');
    assert.equal(await v.locator('#vmoves [aria-current=step]').textContent(), '2. Nf3');
    await v.keyboard.press('ArrowLeft');
    await saidHas(w.e5, 'back one');
    await v.keyboard.press('End');
    await saidHas(w.e7, 'End');
    // Past the end stays at the end.
    await v.keyboard.press('ArrowRight');
    assert.equal(await v.locator('#vmoves [aria-current=step]').textContent(), '4… Be7');
    assert.match(await v.locator('#result').textContent(), { en: /Black wins/, ru: /Победа чёрных/, de: /Schwarz gewinnt/ }[lang]);
    assert.equal(await v.locator('#dl-pgn').getAttribute('href'), `/api/games/${g.id}/pgn`);
    await v.waitForFunction(() => document.querySelector('#dl-brf').href.startsWith('blob:'), null, WAIT);
    await axe(v, `viewer ${lang}`);
    if (lang === 'en') {
      await shot(v, 'viewer-1280');
      await v.setViewportSize({ width: 390, height: 844 });
      await axe(v, 'viewer at 390 wide');
      await shot(v, 'viewer-390');
    }
    await v.context().close();
  }
});

test('the lobby in every language and mode has no axe violations, empty lists included', async () => {
  for (const s of [{ lang: 'en' }, { lang: 'ru' }, { lang: 'de' }, { contrast: true }, { large: true }]) {
    const p = await open('/', s);
    await p.waitForFunction(() => document.querySelector('#challenges li') && document.querySelector('#finished li'), null, WAIT);
    await axe(p, `lobby ${JSON.stringify(s)}`);
    if (s.lang === 'en') await shot(p, 'lobby-lists-1280');
    await p.context().close();
  }
  const phone = await open('/', {}, { width: 390, height: 844 });
  await phone.waitForFunction(() => document.querySelector('#challenges li'), null, WAIT);
  await shot(phone, 'lobby-lists-390');
  await phone.context().close();
});

test('the arbiter console: ticking clocks, events in words, a player\'s call heard, the claim ruling, the games held', async () => {
  const g = await (await fetch(`${base}/api/games`, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify({ white: 'human', black: 'human', white_name: 'Olga', black_name: 'Pavel', time_control: '600+0' }) })).json();
  const post = (tok, ev) => fetch(`${base}/api/games/${g.id}/events`, { method: 'POST', headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${tok}` }, body: JSON.stringify(ev) });
  const con = await open(g.arbiter_url, { lang: 'ru', lexicon: 'ru' });
  await con.waitForFunction(() => document.querySelector('#held a'), null, WAIT);
  assert.match(await con.locator('#held').textContent(), /Olga.*Pavel/);
  assert.equal(await con.locator('#claim-ruling').isHidden(), true, 'no claim, no ruling buttons');
  for (const [tok, m] of [[g.white_token, 'e4'], [g.black_token, 'e5']]) assert.equal((await post(tok, { type: 'move', move: m })).status, 200);
  await con.waitForFunction(() => document.querySelectorAll('#events li').length >= 2, null, WAIT);
  // White's clock runs: the console's reading changes without a new event.
  const first = await con.locator('#st-clock').textContent();
  await con.waitForFunction(f => document.querySelector('#st-clock').textContent !== f, first, WAIT);
  // Black calls the arbiter: the console hears it in its language.
  assert.equal((await post(g.black_token, { type: 'call_arbiter' })).status, 200);
  await con.waitForFunction(() => /вызывают арбитра/.test(document.querySelector('#status').textContent), null, WAIT);
  const events = await con.locator('#events li').allTextContents();
  assert.ok(events.every(e => !/\b(move|press|call_arbiter|arbiter)\b/.test(e)), `events in words: ${events.join(' | ')}`);
  assert.ok(events.some(e => /вызывают арбитра/.test(e)), events.join(' | '));
  await axe(con, 'arbiter console in Russian during a call');
  await con.getByRole('button', { name: 'Пустить часы' }).press('Enter');
  await con.waitForFunction(() => /Арбитр возобновляет/.test(document.querySelector('#status').textContent), null, WAIT);
  await shot(con, 'arbiter-console-ru-1280');
  await con.context().close();
});

test('a challenge survives a restart of the hall: its creator\'s page waits through it and opens its board when a second browser accepts', async () => {
  // A creator with no name offers a game as Black, in English.
  const anon = await open('/');
  await anon.getByLabel('Time control of the challenge').selectOption('180+2');
  await anon.getByLabel('Colour you want').selectOption('black');
  await anon.getByRole('button', { name: 'Offer a challenge' }).press('Enter');
  await anon.getByRole('button', { name: 'Withdraw the challenge' }).waitFor(WAIT);

  // The hall stops and starts again on its database.
  const stopped = new Promise(r => hall.server.once('exit', r));
  hall.server.kill('SIGTERM');
  await stopped;
  startServer();
  await waitUp();

  // A reader in Russian finds it, its creator named in Russian, and accepts it.
  const vera = await open('/', { lang: 'ru' });
  const accept = vera.getByRole('button', { name: /Аноним, 3 мин \+ 2 с/ });
  await accept.waitFor(WAIT);
  assert.match(await vera.locator('#challenges').textContent(), /Аноним.*играет чёрными/);
  await axe(vera, 'lobby in Russian with an anonymous challenge after a restart');
  await accept.press('Enter');
  await vera.waitForURL(/\/games\/[^/]+\?token=/, WAIT);
  // The creator's page, which waited through the restart, goes to its board.
  await anon.waitForURL(/\/games\/[^/]+\?token=/, WAIT);
  assert.equal(gameOf(anon), gameOf(vera), 'both at the same game');
  assert.equal(await seatOf(anon), 'black');
  assert.equal(await seatOf(vera), 'white');
  for (const p of [anon, vera]) await p.context().close();
});

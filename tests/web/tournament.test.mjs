// Browser tests of the tournament page: a real `arbiter serve`, Debian's Chromium driven
// by playwright-core, axe-core for accessibility. The organiser creates a tournament from
// the lobby, a player registers by the link, the arbiter pairs a round, a Russian-speaking
// player finds his board, results come back from the games, and the standings, the
// braille files and the TRF are there. Everything by keyboard, read from the live region.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { openHall, closeHall, open, axe, WAIT } from './harness.mjs';


let base, browser;

before(async () => {
  ({ base, browser } = await openHall('tournament'));
});

after(closeHall);

async function post(path, body, token) {
  const headers = { 'Content-Type': 'application/json' };
  if (token) headers.Authorization = `Bearer ${token}`;
  const r = await fetch(base + path, { method: 'POST', headers, body: JSON.stringify(body || {}) });
  assert.ok(r.ok, `${path}: ${r.status} ${await r.clone().text()}`);
  return r.json();
}

async function textOf(page, sel, re, what) {
  await page.waitForFunction(([s, src]) => new RegExp(src).test((document.querySelector(s) || {}).textContent || ''), [sel, re.source], WAIT)
    .catch(async () => assert.fail(`${what}: ${sel} was "${await page.locator(sel).textContent()}", expected ${re}`));
}

// Tab until the element with this id has the focus: the keyboard alone reaches it.
async function tabTo(page, id) {
  for (let i = 0; i < 120; i++) {
    if (await page.evaluate(x => document.activeElement && document.activeElement.id === x, id)) return;
    await page.keyboard.press('Tab');
  }
  assert.fail(`Tab never reached #${id}`);
}

test('a tournament is created from the lobby, registered, paired, played and ranked, by keyboard', async () => {
  const lobby = await open('/');
  await lobby.getByRole('link', { name: 'Create a tournament' }).focus();
  await lobby.keyboard.press('Enter');
  await lobby.waitForURL(/\/tournaments\/new$/, WAIT);
  await axe(lobby, 'the new tournament form');
  await lobby.getByRole('textbox', { name: 'Name of the tournament' }).fill('Club Open');
  await lobby.getByRole('spinbutton', { name: 'Rounds' }).fill('3');
  await lobby.getByRole('button', { name: 'Create tournament' }).press('Enter');
  await lobby.waitForURL(/\/tournaments\/[^/?]+\?token=/, WAIT);
  const arbiterUrl = lobby.url();
  const id = new URL(arbiterUrl).pathname.split('/')[2];
  const arbiterToken = new URL(arbiterUrl).searchParams.get('token');
  await textOf(lobby, '#t-name', /Club Open/, 'the heading names the tournament');
  await axe(lobby, 'the arbiter page before registration');

  // A player registers by the registration link, by keyboard.
  const reg = await open(`/tournaments/${id}#register`);
  await reg.getByRole('textbox', { name: 'Name (Lastname, Firstname)' }).fill('Petrov, Pyotr');
  await reg.getByRole('spinbutton', { name: 'FIDE rating (0 if none)' }).fill('2100');
  await reg.getByRole('button', { name: 'Register' }).press('Enter');
  await textOf(reg, '#reg-result', /\b1\b/, 'the registration says the number');
  assert.equal(await reg.evaluate(() => document.activeElement.id), 'reg-result', 'the answer takes the focus');
  const myUrl = await reg.locator('#reg-result a').getAttribute('href');
  await axe(reg, 'the registration page after registering');
  for (const [name, rating] of [['Ivanova, Anna', 2300], ['Schmidt, Hans', 1900], ['Lee, Kim', 1800], ['Roy, Ann', 1700]]) {
    await post(`/api/tournaments/${id}/players`, { name, rating });
  }

  // The arbiter pairs round 1 by keyboard; the live region says so.
  await textOf(lobby, '#players', /Roy, Ann/, 'the arbiter sees the players');
  await tabTo(lobby, 'pair');
  await lobby.keyboard.press('Enter');
  await textOf(lobby, '#announce', /Round 1/, 'the pairing is announced');
  assert.equal(await lobby.locator('#pairings tbody tr').count(), 2, 'five players: two boards and a bye');
  await textOf(lobby, '#bye', /Round 1: .+ bye/, 'the bye is said');
  await axe(lobby, 'the arbiter page with round 1 paired');

  // The Russian player finds his board: the top-rated is board 1, White, in round 1.
  const me = await open(myUrl, { lang: 'ru' });
  await textOf(me, '#me-text', /Тур 1, доска \d/, 'the player page names his board');
  await textOf(me, '#pairings-words', /Тур 1, доска 1: белые — /, 'the pairings in Russian words');
  const link = await me.locator('#me-text a').getAttribute('href');
  assert.match(link, /^\/games\/[^?]+\?token=.+&seat=(white|black)$/);
  await axe(me, 'the Russian player page');

  // The results come from the games: the arbiter declares White's wins.
  const round = await (await fetch(`${base}/api/tournaments/${id}/rounds/1`)).json();
  for (const b of round.boards) {
    await post(`/api/games/${b.game}/events`, { type: 'arbiter', action: 'declare_result', result: '1-0' }, arbiterToken);
  }
  await textOf(lobby, '#standings-caption', /after round 1/, 'the standings follow the results');
  await textOf(lobby, '#announce', /after round 1/, 'the new standings are announced');
  const top = await lobby.locator('#standings tbody tr').first().locator('td').nth(2).textContent();
  assert.equal(top, '1', 'a winner leads with one point');
  await axe(lobby, 'the arbiter page with the standings');

  // The braille files fit the embosser's page; the TRF is there at any time.
  const brf = await lobby.evaluate(async () => (await fetch(document.getElementById('standings-brf').href)).text());
  assert.ok(/^[\x00-\x7f]*$/.test(brf), 'BRF is ASCII');
  assert.ok(brf.split('\r\n').every(l => l.replace('\f', '').length <= 40), 'at most 40 cells a line');
  const trf = await lobby.evaluate(async () => (await fetch(document.getElementById('trf').href)).text());
  assert.match(trf, /^012 Club Open/m);
  assert.equal((trf.match(/^001 /gm) || []).length, 5);
  await lobby.context().close(); await reg.context().close(); await me.context().close();
});

test('the tournament page reads in German and in high contrast without an axe violation', async () => {
  const t = await post('/api/tournaments', { name: 'Rundenturnier', system: 'berger' });
  for (const name of ['A, A', 'B, B', 'C, C']) await post(`/api/tournaments/${t.id}/players`, { name });
  await post(`/api/tournaments/${t.id}/rounds`, {}, t.arbiter_token);
  const page = await open(t.url, { lang: 'de', contrast: true });
  await textOf(page, '#pairings-caption', /Runde 1/, 'the round in German');
  await textOf(page, '#bye', /spielfrei/, 'the bye in German');
  assert.equal(await page.getByRole('heading', { name: 'Paarungen' }).count(), 1);
  await axe(page, 'the German tournament page in high contrast');
  await page.context().close();
});

test('the arbiter withdraws a player and a player asks for a bye, by keyboard, without an axe violation', async () => {
  const tm = await post('/api/tournaments', { name: 'Weekend Swiss', rounds: 4 });
  const players = [];
  for (const [name, rating] of [['Ivanov, Ivan', 2200], ['Petrova, Anna', 2100], ['Lee, Kim', 2000], ['Roy, Ann', 1900]]) {
    players.push(await post(`/api/tournaments/${tm.id}/players`, { name, rating }));
  }

  // The arbiter withdraws Ivanov from the next round: the player's list and the live region say so.
  const arb = await open(tm.arbiter_url);
  await textOf(arb, '#players', /Roy, Ann/, 'the arbiter sees the players');
  await tabTo(arb, 'wd-player');
  assert.equal(await arb.locator('#wd-player').inputValue(), String(players[0].player), 'Ivanov is first');
  await tabTo(arb, 'wd-submit');
  await arb.keyboard.press('Enter');
  await textOf(arb, '#announce', /Ivanov, Ivan withdrew/, 'the withdrawal is announced');
  await textOf(arb, '#players', /Ivanov, Ivan \(2200\); withdrew from round 1/, 'the list says he withdrew');
  await axe(arb, 'the arbiter page after a withdrawal');

  // Petrova asks for a half-point bye in round 2 from her own page.
  const me = await open(players[1].url);
  await textOf(me, '#me-text', /Petrova/, 'her page is shown');
  await tabTo(me, 'bye-round');
  await me.keyboard.type('2');
  await tabTo(me, 'bye-submit');
  await me.keyboard.press('Enter');
  await textOf(me, '#announce', /Petrova, Anna: half-point bye, round 2/, 'the bye is announced');
  await textOf(me, '#me-words', /half-point bye, round 2/, 'her page lists the bye');
  assert.equal(await me.getByRole('button', { name: 'Cancel the bye of round 2' }).count(), 1);
  await axe(me, 'the player page with a bye asked for');
  const ru = await open(players[1].url, { lang: 'ru' });
  await textOf(ru, '#me-words', /Petrova, Anna: без игры в туре 2, пол-очка/, 'her bye in Russian words');
  assert.equal(await ru.getByRole('spinbutton', { name: 'Тур пропуска' }).count(), 1, 'the form is labelled in Russian');
  await axe(ru, 'the Russian player page with a bye asked for');
  await ru.context().close();

  // Round 1 leaves Ivanov out; the TRF marks him 0000 - Z, and Petrova's bye 0000 - H once round 1 is paired.
  const r1 = await post(`/api/tournaments/${tm.id}/rounds`, {}, tm.arbiter_token);
  assert.equal(r1.boards.length, 1, 'three players: one board and the bye');
  const trf = await (await fetch(`${base}/api/tournaments/${tm.id}/trf`)).text();
  assert.match(trf, /Ivanov, Ivan.*0000 - Z/);
  assert.match(trf, /Petrova, Anna.* {2}0000 - H/);
  await arb.context().close(); await me.context().close();
});

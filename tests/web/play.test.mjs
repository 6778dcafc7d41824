// Browser tests of the game page (issue "a hall people choose"): the Move field, the
// draw offer's answers, the player's Pause, the focused square, the phone, the mouse
// and touch board with its promotion chooser, the connection as a state, sounds, and
// the acceptance walk: one game by mouse on a phone-sized page and the same game by
// keyboard, heard the same. A real `arbiter serve`, Debian's Chromium driven by
// playwright-core, axe-core for accessibility. Expected words are facts of the game
// (a square, mate, who won), never text copied from our own output.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { join } from 'node:path';
import { hall, openHall, closeHall, open, axe, shot, WAIT, startServer, waitUp } from './harness.mjs';

const PHONE = { width: 390, height: 844 };

let base, browser;

before(async () => {
  ({ base, browser } = await openHall('play', { chromiumArgs: ['--autoplay-policy=no-user-gesture-required'] }));
});

after(closeHall);

async function create(body) {
  const r = await fetch(`${base}/api/games`, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(body) });
  assert.equal(r.status, 201, await r.clone().text());
  return r.json();
}
const game = async id => (await (await fetch(`${base}/api/games/${id}`)).json()).state;
async function post(g, token, ev) {
  const r = await fetch(`${base}/api/games/${g.id}/events`, { method: 'POST', headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${token}` }, body: JSON.stringify(ev) });
  assert.equal(r.status, 200, await r.text());
}
function withSeat(url, seat) { return `${base}${url}${url.includes('?') ? '&' : '?'}seat=${seat}`; }

async function ready(page) {
  await page.waitForFunction(() => window.hall && [...document.querySelectorAll('#board [role=gridcell]')].filter(c => c.getAttribute('aria-label').length > 2).length === 64, null, WAIT);
}
async function statusHas(page, re, what) {
  await page.waitForFunction(([src, flags]) => new RegExp(src, flags).test(document.querySelector('#status').textContent), [re.source, re.flags], WAIT)
    .catch(async () => assert.fail(`${what}: status was "${await page.locator('#status').textContent()}", expected ${re}`));
}
async function answerHas(page, re, what) {
  await page.waitForFunction(([src, flags]) => new RegExp(src, flags).test(document.querySelector('#answer').textContent), [re.source, re.flags], WAIT)
    .catch(async () => assert.fail(`${what}: answer was "${await page.locator('#answer').textContent()}", expected ${re}`));
}
async function typeMove(page, text, name = 'Move') {
  await page.getByRole('textbox', { name, exact: true }).fill(text);
  await page.getByRole('textbox', { name, exact: true }).press('Enter');
}
async function tabToBoard(page) {
  for (let i = 0; i < 80; i++) {
    if (await page.evaluate(() => document.activeElement && document.activeElement.getAttribute('role') === 'gridcell')) return;
    await page.keyboard.press('Tab');
  }
  assert.fail('Tab never reached the board');
}
const FILES = 'abcdefgh';
async function goTo(page, sq) {
  await page.keyboard.press(`Shift+Digit${FILES.indexOf(sq[0]) + 1}`);
  await page.keyboard.press(`Digit${sq[1]}`);
  assert.equal(await page.evaluate(() => document.activeElement.dataset.square), sq, 'the keyboard reached the square');
}
async function keyMove(page, from, to) {
  await tabToBoard(page);
  await goTo(page, from);
  await page.keyboard.press('Enter');
  await goTo(page, to);
  await page.keyboard.press('Enter');
}
// The mouse: a drag from one square's centre to another's, in steps as a hand moves.
async function dragMove(page, from, to) {
  const a = await page.locator(`#sq-${from}`).boundingBox(), b = await page.locator(`#sq-${to}`).boundingBox();
  await page.mouse.move(a.x + a.width / 2, a.y + a.height / 2);
  await page.mouse.down();
  await page.mouse.move(b.x + b.width / 2, b.y + b.height / 2, { steps: 8 });
  await page.mouse.up();
}
async function clickMove(page, from, to) {
  await page.locator(`#sq-${from}`).click();
  await page.locator(`#sq-${to}`).click();
}
const inView = async (page, sel, vp) => page.evaluate(([s, h, w]) => {
  const r = document.querySelector(s).getBoundingClientRect();
  return r.top >= 0 && r.bottom <= h && r.left >= 0 && r.right <= w && r.height > 0;
}, [sel, vp.height, vp.width]);

async function pair(body = {}, settings = {}, viewport, extra) {
  const g = await create({ white: 'human', black: 'human', white_name: 'Anna', black_name: 'Boris', ...body });
  const white = await open(withSeat(g.white_url, 'white'), settings, viewport, extra);
  const black = await open(withSeat(g.black_url, 'black'), settings, viewport, extra);
  await ready(white); await ready(black);
  return { g, white, black, close: async () => { await white.context().close(); await black.context().close(); } };
}

test('the Move field is emptied after every command and every move', async () => {
  const { white, black, close } = await pair({ time_control: '300+0' });
  const field = white.getByRole('textbox', { name: 'Move', exact: true });
  await typeMove(white, 'c');
  await answerHas(white, /White|Black/, 'the clock answered');
  assert.equal(await field.inputValue(), '', 'the command left the field');
  await typeMove(white, 'e4');
  await statusHas(black, /e4/, 'the move after a command is the move alone');
  assert.equal(await field.inputValue(), '', 'the move left the field');
  await typeMove(white, 'e5');  // not White's turn: refused, and still emptied
  await answerHas(white, /\S/, 'the refusal');
  assert.equal(await field.inputValue(), '', 'a refused move left the field too');
  assert.doesNotMatch(await white.locator('#answer').textContent(), /Refused:.*Refused:/s, 'one "Refused:"');
  await close();
});

test("a player's Pause calls the arbiter with the call_arbiter event", async () => {
  const { g, white, black, close } = await pair({ time_control: '300+0' });
  await typeMove(white, 'e4');
  await statusHas(black, /e4/, 'e4');
  const sent = white.waitForRequest(r => r.url().endsWith(`/api/games/${g.id}/events`) && r.method() === 'POST', WAIT);
  await white.getByRole('button', { name: 'Pause', exact: true }).press('Enter');
  const body = JSON.parse((await sent).postData());
  assert.deepEqual(body, { type: 'call_arbiter' });
  // Both hear the call; with no arbiter's console open, the opponent may resume.
  for (const p of [white, black]) await statusHas(p, /White calls the arbiter/, 'the call heard');
  assert.equal(await white.getByRole('button', { name: 'Resume the game', exact: true }).isVisible(), false, 'not the caller');
  await axe(black, 'game page with a call of the arbiter pending');
  await black.getByRole('button', { name: 'Resume the game', exact: true }).press('Enter');
  await black.getByRole('button', { name: 'Resume the game', exact: true }).waitFor({ state: 'hidden', ...WAIT });
  await white.waitForFunction(() => window.hall.said.length >= 3, null, WAIT);
  await typeMove(black, 'e5'); await statusHas(white, /e5/, 'play goes on after the resume');
  await close();
});

test('an open draw offer gives the opponent Accept and Decline; each works', async () => {
  const { g, white, black, close } = await pair({ time_control: '300+0' });
  await typeMove(white, 'e4'); await statusHas(black, /e4/, 'e4');
  await white.getByRole('button', { name: 'Offer draw', exact: true }).press('Enter');
  await black.getByRole('button', { name: 'Accept draw', exact: true }).waitFor(WAIT);
  await black.getByRole('button', { name: 'Decline draw', exact: true }).waitFor(WAIT);
  assert.equal(await white.getByRole('button', { name: 'Accept draw', exact: true }).isVisible(), false, 'no Accept for the one who offered');
  await axe(black, 'game page with an open draw offer');
  await black.getByRole('button', { name: 'Decline draw', exact: true }).press('Enter');
  await black.getByRole('button', { name: 'Accept draw', exact: true }).waitFor({ state: 'hidden', ...WAIT });
  assert.equal((await game(g.id)).draw_offer ?? null, null, 'the offer declined');
  await typeMove(black, 'e5'); await statusHas(white, /e5/, 'e5');
  await black.getByRole('button', { name: 'Offer draw', exact: true }).press('Enter');
  await white.getByRole('button', { name: 'Accept draw', exact: true }).press('Enter');
  await statusHas(white, /draw/i, 'the draw agreed');
  // The offer's own words say "draw" too: the heading says the game is over.
  await white.waitForFunction(() => /Draw/.test(document.querySelector('#title').textContent), null, WAIT);
  assert.equal((await game(g.id)).result, '1/2-1/2');
  // After the end the players' actions are gone.
  await white.locator('#actions-box').waitFor({ state: 'hidden', ...WAIT });
  await close();
});

test("the board's keys act on the focused square, wherever the focus was put", async () => {
  const { white, close } = await pair();
  await tabToBoard(white);
  assert.equal(await white.evaluate(() => document.activeElement.dataset.square), 'e2');
  // A screen reader's focus-following moves the focus without the board's keys.
  await white.evaluate(() => document.querySelector('#sq-g1').focus());
  await white.keyboard.press('Enter');
  await answerHas(white, /g1/, 'Enter picks the focused square');
  assert.doesNotMatch(await white.locator('#answer').textContent(), /e2/);
  await white.keyboard.press('ArrowUp');
  assert.equal(await white.evaluate(() => document.activeElement.dataset.square), 'g2', 'arrows go on from the focused square');
  await close();
});

test('the phone: board, both clocks, status and Move field on the first screen; large board keeps the clocks', async () => {
  const { white, black, close } = await pair({ time_control: '300+3' }, {}, PHONE, { isMobile: true, hasTouch: true });
  await typeMove(white, 'e4'); await statusHas(black, /e4/, 'e4');
  for (const p of [white, black]) {
    for (const sel of ['#board', '#clock-white', '#clock-black', '#status', '#move'])
      assert.ok(await inView(p, sel, PHONE), `${sel} on the first screen at 390×844`);
    assert.ok(await p.evaluate(() => document.documentElement.scrollWidth <= 390), 'no horizontal scroll');
  }
  await axe(white, 'game page on a phone');
  await shot(white, 'game-phone-390');
  await close();
  for (const vp of [PHONE, { width: 1280, height: 800 }]) {
    const { white: w, close: c } = await pair({ time_control: '300+3' }, { large: true }, vp);
    for (const sel of ['#clock-white', '#clock-black']) assert.ok(await inView(w, sel, vp), `${sel} in view with the large board at ${vp.width}`);
    assert.ok(await w.evaluate(w => document.documentElement.scrollWidth <= w, vp.width), 'no horizontal scroll with the large board');
    await axe(w, `large board at ${vp.width}`);
    await c();
  }
});

test('the move list: one number a move, focusable when it scrolls; axe clean after a long game', async () => {
  const g = await create({ white: 'human', black: 'human', time_control: '1800+0' });
  const moves = 'b3 h6 c3 Nf6 Qc2 g5 Qe4 e6 a4 Rh7 e3 Ke7 Qg6 Nc6 a5 Nb8 Qxh6 Rxh6 Ne2 Nd5 e4 Qe8 g3 Na6 Ba3+ d6 f3 Qc6 f4 f5 Kd1 Ke8 Nc1 Kd8 Na2 Rh7 Bb5 Nc5 Bb2 Nd3 Ba4 N3xf4 Kc2 Nh3 b4 Re7 Kd3 Qd7 Bc1 Rb8 exf5 c6'.split(' ');
  for (let i = 0; i < moves.length; i++) await post(g, i % 2 ? g.black_token : g.white_token, { type: 'move', move: moves[i] });
  for (const s of [{}, { contrast: true }, { large: true }, { lang: 'ru', lexicon: 'ru' }, { lang: 'de', lexicon: 'fide-de' }]) {
    const p = await open(withSeat(g.white_url, 'white'), s);
    await ready(p);
    await p.waitForFunction(n => document.querySelectorAll('#moves li').length === n, moves.length, WAIT);
    const first = await p.evaluate(() => {
      const li = document.querySelector('#moves li');
      const cs = getComputedStyle(li);
      return { text: li.textContent, numbered: cs.display === 'list-item' && cs.listStyleType !== 'none' };
    });
    assert.equal(first.text, '1. b3');
    assert.equal(first.numbered, false, 'the list adds no second number');
    assert.equal(await p.evaluate(() => document.querySelector('[role=log]').tabIndex), 0, 'the scrolling list takes the focus');
    await axe(p, `a 52-ply game ${JSON.stringify(s)}`);
    await p.context().close();
  }
});

test('reloaded mid-game, the page says where the game stands once', async () => {
  const g = await create({ white: 'human', black: 'human', time_control: '300+0' });
  for (const [mv, tok] of [['e4', g.white_token], ['e5', g.black_token]]) await post(g, tok, { type: 'move', move: mv });
  const p = await open(withSeat(g.white_url, 'white'));
  await ready(p);
  await statusHas(p, /e5/, 'the last move said on opening');
  await p.reload();
  await ready(p);
  await statusHas(p, /e5/, 'the last move said after a reload');
  await new Promise(r => setTimeout(r, 500));
  assert.equal((await p.evaluate(() => window.hall.opening)).length, 1, 'said once');
  assert.deepEqual(await p.evaluate(() => window.hall.said), [], 'no event repeated');
  await p.context().close();
});

test("after the mate: said once, in words; the spectator's clock says the game is over; stale answers go", async () => {
  const { g, white, black, close } = await pair({ time_control: '300+0' });
  const watcher = await open(g.watch_url);
  await ready(watcher);
  await typeMove(white, 'f3'); await statusHas(black, /f3/, 'f3');
  await black.getByRole('button', { name: 'Clock', exact: true }).press('Enter');
  await answerHas(black, /\S/, 'a clock answer');
  await typeMove(black, 'e5'); await statusHas(white, /e5/, 'e5');
  await typeMove(white, 'g4');
  await statusHas(black, /g4/, 'g4');
  assert.equal((await black.locator('#answer').textContent()).trim(), '', 'the answer about an older position is cleared');
  await typeMove(black, 'Qh4');
  for (const p of [white, black, watcher]) {
    await statusHas(p, /Black wins/, 'the result in words');
    const said = await p.locator('#status').textContent();
    assert.doesNotMatch(said, /one|nil/i, `no score read out: ${said}`);
    assert.equal((said.match(/checkmate|mate\b/gi) || []).length, 1, `mate said once: ${said}`);
  }
  assert.match(await white.locator('h1').textContent(), /Black wins/);
  await watcher.getByRole('button', { name: 'Clock', exact: true }).press('Enter');
  await answerHas(watcher, /over/i, "the spectator's clock after the mate");
  assert.doesNotMatch(await watcher.locator('#answer').textContent(), /to move/i);
  assert.equal(await white.locator('#actions-box').isVisible(), false, 'no player actions after the game');
  await watcher.context().close();
  await close();
});

test('a rejected claim: both players hear the intended move and the time given to the opponent', async () => {
  const { white, black, close } = await pair({ time_control: '1800+0' });
  await typeMove(white, 'Nf3'); await statusHas(black, /f3/, 'Nf3');
  await typeMove(black, 'Nf6'); await statusHas(white, /f6/, 'Nf6');
  await white.getByRole('button', { name: 'Claim draw', exact: true }).press('Enter');
  await white.getByRole('dialog').waitFor(WAIT);
  await white.getByLabel('Intended move').fill('Nc3');
  await white.getByRole('dialog').getByRole('button', { name: 'Confirm', exact: true }).press('Enter');
  for (const p of [white, black]) {
    await statusHas(p, /rejected/i, 'the ruling');
    await statusHas(p, /c3/, 'the intended move, played, is said');
    await statusHas(p, /Black.*(minute|1:00|60)|(minute|1:00|60).*Black/i, "the time given to the claimant's opponent");
  }
  await close();
});

test('the mouse board: legal marks, click and drag, check, coordinates, flip, captured material', async () => {
  const { g, white, black, close } = await pair();
  await white.locator('#sq-e2').click();
  const marks = await white.evaluate(() => [...document.querySelectorAll('#board .target')].map(c => c.dataset.square).sort());
  assert.deepEqual(marks, ['e3', 'e4'], "the pawn's two targets are marked");
  assert.match(await white.locator('#sq-e4').getAttribute('aria-label'), /legal/i, 'and said');
  await white.locator('#sq-e4').click();
  await statusHas(black, /e4/, 'click-click played e4');
  await dragMove(black, 'd7', 'd5');
  await statusHas(white, /d5/, 'a drag played d5');
  await dragMove(white, 'e4', 'd5');
  await statusHas(black, /d5/, 'exd5 by drag');
  // Captured material: a pawn for White, drawn and said.
  await white.waitForFunction(() => /♟/.test(document.querySelector('#taken').textContent), null, WAIT);
  assert.match(await white.locator('#taken .sr').textContent(), /White has taken pawns: 1/);
  // A drag onto an illegal square plays nothing.
  await dragMove(black, 'a7', 'a4');
  await new Promise(r => setTimeout(r, 300));
  assert.equal((await game(g.id)).ply, 3, 'nothing played');
  await clickMove(black, 'd8', 'd5');
  await statusHas(white, /d5/, 'Qxd5');
  await clickMove(white, 'f1', 'b5');
  await statusHas(black, /check/i, 'Bb5+');
  await black.waitForFunction(() => document.querySelector('#sq-e8').classList.contains('check'), null, WAIT);
  assert.match(await black.locator('#sq-e8').getAttribute('aria-label'), /check/i);
  // Coordinates along two edges; the flip turns the board and its coordinates.
  const coords = async p => p.evaluate(() => [...document.querySelectorAll('.coords .f')].map(e => e.textContent).join('') + [...document.querySelectorAll('.coords .r')].map(e => e.textContent).join(''));
  assert.equal(await coords(white), 'abcdefgh87654321', "White's board: files from a, ranks from 8 down");
  const before = (await white.locator('#sq-a1').boundingBox()).y;
  await white.getByRole('button', { name: 'Flip board', exact: true }).click();
  assert.ok((await white.locator('#sq-a1').boundingBox()).y < before, 'a1 at the top after the flip');
  assert.equal(await white.getByRole('button', { name: 'Flip board', exact: true }).getAttribute('aria-pressed'), 'true');
  assert.equal(await coords(white), 'hgfedcba12345678', 'the coordinates turn with the board');
  await axe(black, 'the board with a king in check');
  await close();
});

test('the connection as a state: lost, reconnecting and back said once each; offline moves refused, never lost or doubled', async () => {
  const { g, white, black, close } = await pair({ time_control: '600+0' }, { lang: 'de', lexicon: 'fide-de' });
  // The page's fetches carry its language.
  const asked = white.waitForRequest(r => r.url().includes('/api/describe'), WAIT);
  await white.getByRole('button', { name: 'Uhr', exact: true }).press('Enter');
  assert.equal((await asked).headers()['accept-language'], 'de');
  await white.context().setOffline(true);
  await white.waitForFunction(() => window.hall.conn === 'lost', null, WAIT);
  assert.equal(await white.locator('#conn').isVisible(), true, 'the loss is shown');
  await typeMove(white, 'e4', 'Zug');
  await answerHas(white, /\S/, 'the offline move answered');
  const refusal = await white.locator('#answer').textContent();
  assert.doesNotMatch(refusal, /fetch|Failed/i, 'no browser error reaches a person');
  assert.equal(await white.getByRole('textbox', { name: 'Zug', exact: true }).inputValue(), 'e4', 'the move is kept to send again');
  await white.getByRole('button', { name: 'Uhr', exact: true }).press('Enter');
  await white.waitForTimeout(300);
  assert.doesNotMatch(await white.locator('#answer').textContent(), /fetch|Failed/i);
  await white.context().setOffline(false);
  await white.waitForFunction(() => window.hall.conn === 'up', null, WAIT);
  await white.waitForFunction(() => window.hall.connection.length === 3, null, WAIT);
  await white.waitForTimeout(3000);
  const said = await white.evaluate(() => window.hall.connection);
  assert.equal(said.length, 3, `each change said once: ${JSON.stringify(said)}`);
  assert.equal(new Set(said).size, 3, 'lost, reconnecting and back, each in its words');
  assert.equal((await game(g.id)).ply, 0, 'the offline move was never sent');
  await white.getByRole('textbox', { name: 'Zug', exact: true }).press('Enter');
  await statusHas(black, /e4|Eva vier/, 'sent once when back');
  await white.waitForTimeout(500);
  assert.equal((await game(g.id)).ply, 1, 'and only once');
  await axe(white, 'German game page after a lost connection');
  await close();
});

test('sounds: a move and a capture make theirs; the setting turns them off and is remembered', async () => {
  const { white, black, close } = await pair();
  await typeMove(white, 'e4'); await statusHas(black, /e4/, 'e4');
  await typeMove(black, 'd5'); await statusHas(white, /d5/, 'd5');
  await typeMove(white, 'exd5'); await statusHas(black, /d5/, 'exd5');
  await black.waitForFunction(() => window.hall.sounds.includes('capture'), null, WAIT);
  assert.deepEqual(await black.evaluate(() => window.hall.sounds), ['move', 'move', 'capture']);
  const box = black.getByLabel('Sounds for moves, captures, check, low time and the end', { exact: true });
  await box.uncheck();
  assert.equal(await black.evaluate(() => JSON.parse(localStorage.getItem('arbiter.settings')).sound), false, 'remembered');
  await typeMove(black, 'Qxd5'); await statusHas(white, /d5/, 'Qxd5');
  await black.waitForTimeout(300);
  assert.equal((await black.evaluate(() => window.hall.sounds)).length, 3, 'no sound once turned off');
  await close();
});

// The same game twice: Anna and Boris by mouse on phones, then by keyboard. 1.d4 e5
// 2.dxe5 f6 3.exf6 Nh6 4.fxg7 Nf5 5.gxh8=N Bg7 6.Qxd7+ Kf8 7.Qxd8#: a promotion to a
// knight, and mate.
const WALK = [
  ['white', 'd2', 'd4'], ['black', 'e7', 'e5'], ['white', 'd4', 'e5'], ['black', 'f7', 'f6'],
  ['white', 'e5', 'f6'], ['black', 'g8', 'h6'], ['white', 'f6', 'g7'], ['black', 'h6', 'f5'],
  ['white', 'g7', 'h8', 'n'], ['black', 'f8', 'g7'], ['white', 'd1', 'd7'], ['black', 'e8', 'f8'],
  ['white', 'd7', 'd8'],
];

async function walk(byMouse) {
  const viewport = byMouse ? PHONE : { width: 1280, height: 800 };
  const { g, white, black, close } = await pair({ time_control: '600+5' }, {}, viewport, byMouse ? { hasTouch: true } : {});
  const pages = { white, black };
  for (let i = 0; i < WALK.length; i++) {
    const [side, from, to, promo] = WALK[i];
    const p = pages[side], other = pages[side === 'white' ? 'black' : 'white'];
    if (byMouse) {
      if (i % 2) await clickMove(p, from, to); else await dragMove(p, from, to);
    } else await keyMove(p, from, to);
    if (promo) {
      const d = p.getByRole('dialog', { name: 'Promotion' });
      await d.waitFor(WAIT);
      await axe(p, 'the promotion chooser');
      if (byMouse) await d.getByRole('button', { name: 'Knight', exact: true }).tap();
      else {
        assert.equal(await p.evaluate(() => document.activeElement.textContent), 'Queen', 'the chooser takes the focus');
        for (let k = 0; k < 3; k++) await p.keyboard.press('Tab');
        assert.equal(await p.evaluate(() => document.activeElement.textContent), 'Knight');
        await p.keyboard.press('Enter');
      }
    }
    await statusHas(other, new RegExp(to), `ply ${i + 1}: ${from}-${to} heard by the opponent`);
  }
  for (const p of [white, black]) {
    await statusHas(p, /mate/i, 'mate');
    await statusHas(p, /White wins/, 'the result');
  }
  const state = await game(g.id);
  assert.equal(state.result, '1-0');
  assert.equal(state.moves[8].replace(/[+#]/g, ''), 'gxh8=N', 'the pawn became a knight');
  if (byMouse) {
    for (const sel of ['#board', '#clock-white', '#clock-black', '#status', '#move']) assert.ok(await inView(white, sel, PHONE), `${sel} on the phone's first screen at the end`);
    await shot(white, 'game-over-phone-390');
  }
  const heard = { white: await white.evaluate(() => window.hall.said), black: await black.evaluate(() => window.hall.said) };
  await close();
  return heard;
}

let mouseHeard = null;
test('acceptance: a sighted player plays a whole game by mouse on a phone, promotes to a knight, and mates', async () => {
  mouseHeard = await walk(true);
  assert.equal(mouseHeard.black.length, WALK.length, 'every ply announced once');
});

test('acceptance: a blind player plays the same game by keyboard and hears the same game', async () => {
  const heard = await walk(false);
  assert.ok(mouseHeard, 'the mouse game ran first');
  assert.deepEqual(heard, mouseHeard, 'the same words, ply by ply');
});

test('a restart of the hall: the page says the connection is lost and back, and why the clocks stopped', async () => {
  const { g, white, black, close } = await pair({ time_control: '600+0' });
  await typeMove(white, 'e4'); await statusHas(black, /e4/, 'e4');
  hall.server.kill('SIGKILL');
  await new Promise(r => hall.server.once('exit', r));
  await black.waitForFunction(() => window.hall.connection.length >= 1, null, WAIT);
  startServer();
  await waitUp();
  await black.waitForFunction(() => window.hall.conn === 'up', null, { timeout: 30000 });
  await statusHas(black, /restarted/, 'the downtime pause explained');
  const said = await black.evaluate(() => window.hall.connection);
  assert.equal(said.length, 2, `lost and back, once each: ${JSON.stringify(said)}`);
  await typeMove(black, 'e5'); await statusHas(white, /e5/, 'play goes on');
  assert.equal((await game(g.id)).ply, 2);
  await close();
});

// ---- What was left of the game page, the viewer and the console ----

test("the arbiter's typed reason reaches both players once, with the action, in each one's language", async () => {
  const g = await create({ white: 'human', black: 'human', white_name: 'Anna', black_name: 'Boris', time_control: '300+0' });
  const white = await open(withSeat(g.white_url, 'white'), { lang: 'de', lexicon: 'fide-de' });
  const black = await open(withSeat(g.black_url, 'black'), { lang: 'ru', lexicon: 'ru' });
  const watcher = await open(g.watch_url);
  for (const p of [white, black, watcher]) await ready(p);
  await typeMove(white, 'e4', 'Zug'); await black.waitForFunction(() => window.hall.said.length >= 1, null, WAIT);
  const arb = await open(g.arbiter_url);
  await arb.waitForFunction(() => document.querySelector('#st-ply').textContent === '1', null, WAIT);
  const reason = "the opponent's phone rang";
  await arb.getByLabel('Action', { exact: true }).selectOption('add_time');
  await arb.getByLabel('Concerning', { exact: true }).selectOption('black');
  await arb.getByLabel('Seconds', { exact: true }).fill('120');
  await arb.getByLabel('Reason', { exact: true }).fill(reason);
  await arb.getByRole('button', { name: 'Apply' }).press('Enter');
  // Each page: the action in its own words (who gets the time), the arbiter named, and
  // the reason as typed; said once.
  const expect = [[white, /Schwarz/, /Schiedsrichter/], [black, /[Чч]ёрн/, /[Аа]рбитр/], [watcher, /Black/, /arbiter/i]];
  for (const [p, side, who] of expect) {
    await statusHas(p, new RegExp(reason), 'the reason, as typed');
    const said = await p.locator('#status').textContent();
    assert.match(said, side, `the action's words: ${said}`);
    assert.match(said, who, `the arbiter named: ${said}`);
    const times = (await p.evaluate(() => window.hall.said)).filter(t => t.includes("phone rang")).length;
    assert.equal(times, 1, 'said once');
  }
  // A pause with a reason: both hear it; the console's own list says it too.
  await arb.getByLabel('Action', { exact: true }).selectOption('warning');
  await arb.getByLabel('Concerning', { exact: true }).selectOption('white');
  await arb.getByLabel('Reason', { exact: true }).fill('talking during play');
  await arb.getByRole('button', { name: 'Apply' }).press('Enter');
  for (const p of [white, black]) await statusHas(p, /talking during play/, 'the warning with its reason');
  await arb.waitForFunction(() => /talking during play/.test(document.querySelector('#events').textContent), null, WAIT);
  await axe(black, 'Russian game page after an arbiter action with a reason');
  for (const p of [white, black, watcher, arb]) await p.context().close();
});

test("a move before White's first is refused in words: Black's is out of turn, in the page's language", async () => {
  for (const [lang, lexicon, field, side, not] of [['en', 'en', 'Move', /It is White's move/, /clock/i], ['de', 'fide-de', 'Zug', /Weiß ist am Zug/, /Uhr/], ['ru', 'ru', 'Ход', /белые/i, /[Чч]асы/]]) {
    const { white, black, close } = await pair({ time_control: '300+0' }, { lang, lexicon });
    await typeMove(black, 'e5', field);
    await answerHas(black, side, `Black's move before White's first (${lang})`);
    assert.doesNotMatch(await black.locator('#answer').textContent(), not, 'not the clock');
    // White's illegal first move says it is illegal, not that the clock stands.
    await typeMove(white, 'e5', field);
    await answerHas(white, /e5/, `White's illegal first move (${lang})`);
    assert.doesNotMatch(await white.locator('#answer').textContent(), not);
    await close();
  }
});

test('every refusal a player can provoke is worded for a person, in en, ru and de', async () => {
  for (const [lang, lexicon, field] of [['en', 'en', 'Move'], ['ru', 'ru', 'Ход'], ['de', 'fide-de', 'Zug']]) {
    const { g, white, black, close } = await pair({ time_control: '300+0' }, { lang, lexicon });
    const watcher = await open(g.watch_url, { lang, lexicon });
    await ready(watcher);
    const refusals = [];
    const provoke = async (p, text, what) => {
      await p.evaluate(() => { document.querySelector('#answer').textContent = ''; });
      await typeMove(p, text, field);
      await answerHas(p, /\S/, what);
      refusals.push([what, await p.locator('#answer').textContent()]);
    };
    // Each ply heard by the opponent before the next is typed.
    let n = 0;
    const play = async (p, other, mv) => { n += 1; await typeMove(p, mv, field); await other.waitForFunction(k => window.hall.said.length >= k, n, WAIT); };
    await play(white, black, 'e4');
    await provoke(white, 'd4', 'out of turn');
    await provoke(black, 'e4', 'illegal');
    await provoke(black, 'zz9', 'unreadable');
    await play(black, white, 'Nf6'); await play(white, black, 'Nf3');
    await play(black, white, 'Nc6'); await play(white, black, 'd4');
    await play(black, white, 'Nh5');
    await provoke(white, 'Nd2', 'ambiguous');
    await provoke(watcher, 'a3', 'a spectator');
    // A claim out of turn, from the Claim button and its dialog.
    await black.evaluate(() => { document.querySelector('#answer').textContent = ''; });
    await black.locator('#act-claim').click();
    await black.locator('#confirm-yes').click();
    await answerHas(black, /\S/, 'a claim out of turn');
    refusals.push(['a claim out of turn', await black.locator('#answer').textContent()]);
    for (const [what, text] of refusals) {
      assert.doesNotMatch(text, /(Refused|Отказано|Отклонено|Abgelehnt):.*(Refused|Отказано|Отклонено|Abgelehnt):/i, `${what}: one refusal word: ${text}`);
      assert.doesNotMatch(text, /problem at character|Failed|fetch|malformed|unauthorized|Bearer|token|[{}]/i, `${what} (${lang}): ${text}`);
      assert.doesNotMatch(text, /Refused:.*Refused:|Отклонено:.*Отклонено:|Abgelehnt:.*Abgelehnt:/, `${what}: one refusal word`);
      if (lang !== 'en') assert.doesNotMatch(text, /\b(the|move|is|not)\b/, `${what} (${lang}) in the page's language: ${text}`);
    }
    const amb = refusals.find(r => r[0] === 'ambiguous')[1];
    assert.match(amb, /Nbd2/, 'the ambiguous move lists its candidates');
    assert.match(amb, /Nfd2/, 'both');
    assert.doesNotMatch(amb, /Nc3|a3|h3|Ne5/, 'and nothing but them');
    await watcher.context().close();
    await close();
  }
});

test('the large board at 1280×800: the status, both clocks and the Move field on the first screen', async () => {
  const vp = { width: 1280, height: 800 };
  for (const s of [{ large: true }, { large: true, lang: 'ru', lexicon: 'ru' }, { large: true, contrast: true }]) {
    const { white, black, close } = await pair({ time_control: '300+3' }, s, vp);
    await typeMove(white, 'e4', s.lang === 'ru' ? 'Ход' : 'Move');
    await black.waitForFunction(() => window.hall.said.length === 1, null, WAIT);
    for (const p of [white, black]) {
      for (const sel of ['#board', '#clock-white', '#clock-black', '#status', '#move'])
        assert.ok(await inView(p, sel, vp), `${sel} on the first screen with the large board ${JSON.stringify(s)}`);
      assert.ok(await p.evaluate(() => document.documentElement.scrollWidth <= 1280), 'no horizontal scroll');
    }
    // Still larger than the ordinary board.
    const cell = await white.locator('#sq-e4').boundingBox();
    assert.ok(cell.width > 58, `the large board's squares: ${cell.width}px`);
    await axe(black, `large board at 1280×800 ${JSON.stringify(s)}`);
    if (!s.lang && !s.contrast) await shot(black, 'game-large-1280');
    await close();
  }
});

async function finishedGame(body, moves) {
  const g = await create({ white: 'human', black: 'human', white_name: 'Anna', black_name: 'Boris', ...body });
  for (let i = 0; i < moves.length; i++) await post(g, i % 2 ? g.black_token : g.white_token, { type: 'move', move: moves[i] });
  return g;
}

test("the viewer's board has coordinates, turned with the board by its flip control", async () => {
  const g = await finishedGame({}, ['f3', 'e5', 'g4', 'Qh4']);
  const v = await open(`/games/${g.id}/view`);
  await v.waitForFunction(() => document.body.dataset.ready === '1' && document.querySelectorAll('#vboard .vcell').length === 64, null, WAIT);
  const coords = () => v.evaluate(() => [...document.querySelectorAll('.coords .f')].map(e => e.textContent).join('') + [...document.querySelectorAll('.coords .r')].map(e => e.textContent).join(''));
  assert.equal(await coords(), 'abcdefgh87654321', 'files from a, ranks from 8 down');
  // The labels sit on the board: the file letter "a" over a1's square, the rank "8" over a8's.
  const over = (label, square) => v.evaluate(([l, sq]) => {
    const a = [...document.querySelectorAll('.coords span')].find(e => e.textContent === l).getBoundingClientRect();
    const b = document.querySelector(`#vboard [data-square="${sq}"]`).getBoundingClientRect();
    const x = a.left + a.width / 2, y = a.top + a.height / 2;
    return x >= b.left && x <= b.right && y >= b.top && y <= b.bottom;
  }, [label, square]);
  assert.ok(await over('a', 'a1') && await over('8', 'a8'), 'the labels on their squares');
  const flip = v.getByRole('button', { name: 'Flip board', exact: true });
  const top = () => v.evaluate(() => document.querySelector('#vboard [data-square="a1"]').getBoundingClientRect().top);
  const before = await top();
  await flip.click();
  await v.waitForFunction(() => [...document.querySelectorAll('.coords .f')].map(e => e.textContent).join('') === 'hgfedcba', null, WAIT);
  assert.equal(await coords(), 'hgfedcba12345678', 'the coordinates turn with the board');
  assert.ok(await top() < before, 'a1 at the top after the flip');
  assert.equal(await flip.getAttribute('aria-pressed'), 'true');
  assert.ok(await over('h', 'h8') && await over('1', 'h1'), 'the labels on their squares, flipped');
  await axe(v, 'viewer flipped');
  await v.context().close();
});

test("the Tavreli viewer says each step in the live game's Tavreli words, in the viewer's lexicon", async () => {
  for (const [lang, lexicon, field] of [['en', 'en', 'Move'], ['ru', 'ru', 'Ход']]) {
    const { g, white, black, close } = await pair({ variant: 'tavreli' }, { lang, lexicon });
    // What the live game said of each move, heard by the opponent: the oracle.
    const live = [];
    for (const [mover, listener, mv] of [[white, black, 'e2-e4'], [black, white, 'd7-d5'], [white, black, 'e4-d5']]) {
      await typeMove(mover, mv, field);
      await listener.waitForFunction(n => window.hall.said.length === n, live.length + 1, WAIT);
      // The first move comes with the clock's start: the move's words are the last sentence.
      live.push((await listener.evaluate(() => window.hall.said)).at(-1).split(/[.!?]\s+/).at(-1).replace(/[.\u00a0\s]+$/, ''));
    }
    await close();
    const v = await open(`/games/${g.id}/view`, { lang, lexicon });
    await v.waitForFunction(() => document.body.dataset.ready === '1', null, WAIT);
    await v.keyboard.press('Home');
    for (let i = 0; i < live.length; i++) {
      await v.keyboard.press('ArrowRight');
      await v.waitForFunction(n => document.querySelector('[aria-current=step]') && Number(document.querySelector('[aria-current=step]').dataset.ply) === n, i + 1, WAIT);
      const said = await v.locator('#said').textContent();
      assert.ok(said.includes(live[i]), `step ${i + 1} (${lang}): "${said}" says "${live[i]}"`);
    }
    // The list shows the record; the tower on d5 is drawn with its height.
    assert.match(await v.locator('#vmoves').textContent(), /e2-e4/);
    assert.equal(await v.locator('#vboard [data-square="d5"] .h').getAttribute('data-h'), '2');
    await axe(v, `Tavreli viewer ${lang}`);
    if (lang === 'en') await shot(v, 'viewer-tavreli-1280');
    await v.context().close();
  }
});

test("the arbiter console in Russian: its answers, penalties, result and events in words, never the log's keys", async () => {
  const g = await create({ white: 'human', black: 'human', white_name: 'Anna', black_name: 'Boris', time_control: '300+0' });
  await post(g, g.white_token, { type: 'move', move: 'e4' });
  const arb = await open(g.arbiter_url, { lang: 'ru', lexicon: 'ru' });
  await arb.waitForFunction(() => document.querySelector('#st-ply').textContent === '1', null, WAIT);
  await arb.getByLabel('Действие', { exact: true }).selectOption('add_time');
  await arb.getByLabel('Кого касается', { exact: true }).selectOption('black');
  await arb.getByLabel('Причина', { exact: true }).fill('звонил телефон соперника');
  await arb.getByRole('button', { name: 'Применить' }).press('Enter');
  await arb.waitForFunction(() => /звонил телефон/.test(document.querySelector('#events').textContent), null, WAIT);
  await arb.waitForFunction(() => /[а-я]/.test(document.querySelector('#st-penalties').textContent), null, WAIT);
  const keys = /add_time|add time|\bblack\b|\bwhite\b|_/i;
  for (const sel of ['#answer', '#st-penalties', '#events']) {
    const text = await arb.locator(sel).textContent();
    assert.doesNotMatch(text, keys, `${sel}: ${text}`);
  }
  await arb.getByLabel('Действие', { exact: true }).selectOption('declare_result');
  await arb.getByLabel('Результат', { exact: true }).selectOption('1-0');
  await arb.getByRole('button', { name: 'Применить' }).press('Enter');
  await arb.waitForFunction(() => /[Пп]обеда белых/.test(document.querySelector('#st-result').textContent), null, WAIT);
  assert.doesNotMatch(await arb.locator('#st-result').textContent(), /_|arbiter|declared/i);
  await axe(arb, 'Russian console after a penalty and a result');
  await arb.context().close();
});

test('the ordinary board at 1280×800, opened mid-game in Russian: the long status and the Move field on the first screen', async () => {
  const g = await finishedGame({ time_control: '300+3' }, ['e4', 'e5', 'Nf3']);
  const vp = { width: 1280, height: 800 };
  const p = await open(withSeat(g.black_url, 'black'), { lang: 'ru', lexicon: 'ru' }, vp);
  await ready(p);
  await p.waitForFunction(() => window.hall.opening.length === 1, null, WAIT);
  for (const sel of ['#board', '#clock-white', '#clock-black', '#status', '#move'])
    assert.ok(await inView(p, sel, vp), `${sel} on the first screen`);
  await shot(p, 'game-ru-mid-1280');
  await p.context().close();
});

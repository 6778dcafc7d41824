// Browser tests of the accessible hall: a real `arbiter serve`, Debian's Chromium driven
// by playwright-core, axe-core for accessibility. Each test acts as a player would: by
// keyboard, reading the live regions. Expected words are facts of the game (the square
// a move goes to, mate, the result), never text copied from our own output.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { hall, openHall, closeHall, open, axe, shot, SHOTS, WAIT } from './harness.mjs';


let base, browser;

before(async () => {
  ({ base, browser } = await openHall('web', { salt: 0 }));
});

after(closeHall);

async function create(body) {
  const r = await fetch(`${base}/api/games`, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(body) });
  assert.equal(r.status, 201, await r.clone().text());
  const g = await r.json();
  for (const k of ['white_url', 'black_url', 'arbiter_url', 'watch_url']) assert.ok(k in g, `POST /api/games lacks ${k}`);
  return g;
}

function withSeat(url, seat) { return `${base}${url}${url.includes('?') ? '&' : '?'}seat=${seat}`; }

async function ready(page) {
  // Until the server names them, the cells carry only their square.
  await page.waitForFunction(() => window.hall && [...document.querySelectorAll('#board [role=gridcell]')].filter(c => c.getAttribute('aria-label').length > 2).length === 64, null, WAIT);
}

const status = page => page.locator('[role=status]').first();
async function statusHas(page, re, what) {
  await page.waitForFunction(([src, flags]) => new RegExp(src, flags).test(document.querySelector('#status').textContent), [re.source, re.flags], WAIT)
    .catch(async () => assert.fail(`${what}: status was "${await status(page).textContent()}", expected ${re}`));
}

// Keyboard alone: Tab into the board, Shift+digit to the file, digit to the rank, Enter.
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
  const at = await page.evaluate(() => document.activeElement.dataset.square);
  assert.equal(at, sq, 'the keyboard reached the square');
}
async function boardMove(page, from, to) {
  await tabToBoard(page);
  await goTo(page, from);
  await page.keyboard.press('Enter');
  await goTo(page, to);
  await page.keyboard.press('Enter');
}
async function typeMove(page, text, name = 'Move') {
  await page.getByRole('textbox', { name, exact: true }).fill(text);
  await page.getByRole('textbox', { name, exact: true }).press('Enter');
}

test('lobby: axe finds nothing in every mode; the time control is read back in words', async () => {
  for (const s of [{}, { contrast: true }, { large: true }]) {
    const page = await open('/', s);
    await page.getByLabel('Minutes for the game').fill('3');
    await page.getByLabel('Seconds added per move').fill('2');
    await page.getByLabel('Seconds added per move').dispatchEvent('input');
    assert.match(await page.locator('#tc-words').textContent(), /3 minutes.*2 seconds/);
    await axe(page, `lobby ${JSON.stringify(s)}`);
    await page.context().close();
  }
});

test('lobby: Tavreli takes its own tournament rules unless a FIDE edition is chosen; chess never takes them', async () => {
  const page = await open('/');
  const game = page.getByLabel('Game', { exact: true }), rules = page.getByLabel('Laws of Chess edition', { exact: true });
  const created = async () => {
    await page.getByRole('button', { name: 'Create game' }).press('Enter');
    await page.locator('#play-link').waitFor(WAIT);
    const id = new URL(await page.locator('#play-link').getAttribute('href')).pathname.split('/')[2];
    const state = (await (await fetch(`${base}/api/games/${id}`)).json()).state;
    const listed = (await (await fetch(`${base}/api/games`)).json()).find(r => r.id === id);
    await page.locator('#created').evaluate(e => e.replaceChildren());
    lastGame = listed && listed.time_control;
    return [state.variant, state.edition];
  };
  let lastGame = '';
  await game.selectOption('tavreli');
  assert.equal(await rules.inputValue(), 'tavreli', 'Tavreli picks its rules');
  // Tavreli's rules count the time a move as a delay; the lobby follows them and says so.
  assert.equal(await page.getByLabel('The seconds per move are', { exact: true }).inputValue(), 'delay');
  assert.match(await page.locator('#tc-words').textContent(), /90 minutes.*delay of 30 seconds/);
  assert.deepEqual(await created(), ['tavreli', 'tavreli']);
  assert.equal(lastGame, '5400d30', 'the delay reaches the game');
  await rules.selectOption('2005');
  assert.deepEqual(await created(), ['tavreli', '2005'], 'a FIDE edition for Tavreli, as chosen');
  await game.selectOption('chess');
  assert.equal(await rules.inputValue(), '2005', 'a FIDE edition stays when chess is chosen');
  await game.selectOption('tavreli');
  await game.selectOption('chess');
  assert.equal(await rules.inputValue(), '2023', 'chess leaves the Tavreli rules for the current Laws');
  assert.equal(await rules.locator('option[value="tavreli"]').isDisabled(), true, 'chess cannot pick them');
  assert.deepEqual(await created(), ['chess', '2023']);
  assert.equal(lastGame, '300+3', 'chess is back to minutes and seconds added');
  // A time the player set himself stays when the game changes.
  await page.getByLabel('Seconds added per move').fill('7');
  await page.getByLabel('Seconds added per move').dispatchEvent('input');
  await page.getByLabel('The seconds per move are', { exact: true }).selectOption('delay');
  await game.selectOption('tavreli');
  assert.match(await page.locator('#tc-words').textContent(), /5 minutes.*delay of 7 seconds/);
  await game.selectOption('chess');
  await axe(page, 'lobby after choosing the rules');
  await page.context().close();
  const ru = await open('/', { lang: 'ru' });
  assert.equal(await ru.locator('#variant option[value="tavreli"]').textContent(), 'Таврели');
  assert.equal(await ru.locator('#edition option[value="tavreli"]').textContent(), 'Турнирные правила таврелей');
  await ru.context().close();
});

test("lobby: the event's rules (kind of play, supervision, Guidelines III) reach the game's header", async () => {
  const page = await open('/');
  // Folded away for casual players; a summary opens by keyboard.
  assert.equal(await page.getByLabel('Supervision', { exact: true }).isVisible(), false);
  await page.locator('#event-rules summary').press('Enter');
  await page.getByLabel('Laws of Chess edition', { exact: true }).selectOption('2017');
  await page.getByLabel('Kind of play', { exact: true }).selectOption('rapid');
  await page.getByLabel('Supervision', { exact: true }).selectOption('reduced');
  await page.getByLabel('Guidelines III announced: claims in the quickplay finish', { exact: true }).check();
  await axe(page, 'lobby with the rules of the event open');
  await page.getByRole('button', { name: 'Create game' }).press('Enter');
  await page.locator('#play-link').waitFor(WAIT);
  const id = new URL(await page.locator('#play-link').getAttribute('href')).pathname.split('/')[2];
  const header = JSON.parse((await (await fetch(`${base}/api/games/${id}/log`)).text()).split('\n')[0]);
  assert.deepEqual([header.edition, header.regime, header.supervision, header.quickplay_finish], ['2017', 'rapid', 'reduced', true]);
  await page.context().close();
  const ru = await open('/', { lang: 'ru' });
  assert.equal(await ru.locator('#event-rules summary').textContent(), 'Правила соревнования: для организаторов и судей');
  assert.equal(await ru.locator('#supervision option[value="reduced"]').textContent(), 'Неполный: требования заявляют игроки');
  await ru.context().close();
});

test('a whole game by keyboard in two browsers ends in mate; the opponent hears every move', async () => {
  // Created in the lobby by keyboard: the creator plays White, the invite link is Black's.
  const lobby = await open('/');
  await lobby.getByLabel('Your name').fill('Anna');
  await lobby.getByLabel("Opponent's name").fill('Boris');
  await lobby.getByRole('button', { name: 'Create game' }).press('Enter');
  await lobby.locator('#play-link').waitFor(WAIT);
  const whiteUrl = await lobby.locator('#play-link').getAttribute('href');
  const blackUrl = await lobby.locator('#invite').inputValue();
  await axe(lobby, 'lobby after creating a game');
  await lobby.context().close();

  const white = await open(whiteUrl), black = await open(blackUrl);
  await ready(white); await ready(black);
  for (const s of [{}, { contrast: true }, { large: true }]) {
    const p = await open(blackUrl, s); await ready(p); await axe(p, `game page before the game ${JSON.stringify(s)}`); await p.context().close();
  }
  // Fool's mate: 1.f3 e5 2.g4 Qh4#.
  const plies = [[white, black, 'f2', 'f3'], [black, white, 'e7', 'e5'], [white, black, 'g2', 'g4'], [black, white, 'd8', 'h4']];
  for (const [mover, listener, from, to] of plies) {
    await boardMove(mover, from, to);
    await statusHas(listener, new RegExp(to), `after ${from}-${to} the opponent's status`);
  }
  await statusHas(white, /mate/i, 'mate announced to White');
  await statusHas(white, /0-1|Black wins/i, 'the result announced to White');
  await statusHas(black, /mate/i, 'mate announced to Black');
  const log = await black.getByRole('log').locator('li').allTextContents();
  assert.equal(log.length, 4, 'the move list holds the four moves');
  // The board marks the last move's two squares, and only them.
  await white.waitForFunction(() => document.querySelectorAll('#board .last').length === 2, null, WAIT);
  const marked = await white.evaluate(() => [...document.querySelectorAll('#board .last')].map(c => c.dataset.square).sort());
  assert.deepEqual(marked, ['d8', 'h4'], 'the last move Qd8-h4 is marked on the board');
  for (const s of [{}, { contrast: true }, { large: true }]) {
    const p = await open(whiteUrl, s); await ready(p);
    // A page opened on a finished game says at once how it ended.
    await statusHas(p, /0-1|Black wins/i, 'the result said on opening a finished game');
    await axe(p, `game page after the game ${JSON.stringify(s)}`);
    await shot(p, `game-over${s.contrast ? '-contrast' : s.large ? '-large' : ''}-1280`);
    await p.context().close();
  }
  await white.context().close(); await black.context().close();
});

test('a draw by a threefold claim with the intended move', async () => {
  const g = await create({ white: 'human', black: 'human', white_name: 'Anna', black_name: 'Boris', time_control: '600+5' });
  const white = await open(withSeat(g.white_url, 'white')), black = await open(withSeat(g.black_url, 'black'));
  await ready(white); await ready(black);
  const moves = ['Nf3', 'Nf6', 'Ng1', 'Ng8', 'Nf3', 'Nf6', 'Ng1'];
  for (let i = 0; i < moves.length; i++) {
    const [mover, listener] = i % 2 ? [black, white] : [white, black];
    await typeMove(mover, moves[i]);
    await statusHas(listener, new RegExp(moves[i].slice(-2)), `after ${moves[i]}`);
    if (i === 3) { for (const s of [{}, { contrast: true }, { large: true }]) { const p = await open(withSeat(g.black_url, 'black'), s); await ready(p); await axe(p, `game page during the game ${JSON.stringify(s)}`); await p.context().close(); } }
  }
  // Black claims: Ng8 would make the initial position appear the third time (9.2).
  await black.getByRole('button', { name: 'Claim draw', exact: true }).press('Enter');
  const dialog = black.getByRole('dialog');
  await dialog.waitFor(WAIT);
  await black.getByLabel('Intended move').fill('Ng8');
  await axe(black, 'claim dialog');
  await dialog.getByRole('button', { name: 'Confirm', exact: true }).press('Enter');
  await statusHas(white, /1\/2-1\/2|draw/i, 'the draw announced to White');
  await statusHas(black, /1\/2-1\/2|draw/i, 'the draw announced to Black');
  const state = await (await fetch(`${base}/api/games/${g.id}`)).json();
  assert.equal(state.state.result, '1/2-1/2');
  await white.context().close(); await black.context().close();
});

test('2005 blitz: a fallen flag waits for the opponent, who claims it from the page', async () => {
  // The OLD rapid/blitz rules: nobody calls the flag (L-6.8, CFG-8); a claim does.
  const g = await create({ white: 'human', black: 'human', edition: '2005', time_control: '2+0' });
  const white = await open(withSeat(g.white_url, 'white'));
  await ready(white);
  await typeMove(white, 'e4');
  await new Promise(r => setTimeout(r, 2600)); // Black's two seconds run out
  assert.equal((await (await fetch(`${base}/api/games/${g.id}`)).json()).state.result, '*', 'not called');
  await white.getByRole('button', { name: 'Claim draw', exact: true }).press('Enter');
  await white.getByRole('dialog').waitFor(WAIT);
  await white.getByLabel('Claim', { exact: true }).selectOption('time');
  await axe(white, 'claim dialog with a flag claim');
  await white.getByRole('dialog').getByRole('button', { name: 'Confirm', exact: true }).press('Enter');
  await statusHas(white, /1-0|White wins/i, 'the win on time announced');
  const state = (await (await fetch(`${base}/api/games/${g.id}`)).json()).state;
  assert.deepEqual([state.result, state.termination], ['1-0', 'time_forfeit']);
  await white.context().close();
});

test('a quickplay-finish claim typed in words goes to the arbiter, who sees it and rules', async () => {
  // 2005 10.2: under two minutes, the player to move claims; the clocks stop and the arbiter decides.
  const g = await create({ white: 'human', black: 'human', edition: '2005', regime: 'standard', time_control: '100' });
  const white = await open(withSeat(g.white_url, 'white')), black = await open(withSeat(g.black_url, 'black'));
  await ready(white); await ready(black);
  await typeMove(white, 'e4');
  await statusHas(black, /e4/, 'the first move');
  // The typed words name the claim: the dialog opens with it chosen, and no move.
  await typeMove(black, 'claim quickplay');
  await black.getByRole('dialog').waitFor(WAIT);
  assert.equal(await black.getByLabel('Claim', { exact: true }).inputValue(), 'quickplay_finish');
  await axe(black, 'claim dialog with a quickplay claim');
  await black.getByRole('dialog').getByRole('button', { name: 'Confirm', exact: true }).press('Enter');
  for (const p of [white, black]) await statusHas(p, /quickplay finish.*arbiter decides|arbiter decides/i, 'the claim goes to the arbiter');
  const arb = await open(g.arbiter_url);
  await arb.waitForFunction(() => /Black claims a draw in the quickplay finish/.test(document.querySelector('#st-claim').textContent), null, WAIT);
  await axe(arb, 'arbiter console with a claim to rule on');
  await arb.getByLabel('Action', { exact: true }).selectOption('quickplay_reject');
  await arb.getByRole('button', { name: 'Apply' }).press('Enter');
  await arb.waitForFunction(() => document.querySelector('#st-claim').textContent === 'none', null, WAIT);
  // Both players hear the ruling and who gets the two minutes (10.2c: White, the claimant's opponent).
  for (const p of [white, black]) await statusHas(p, /rejected.*White receives 2 minutes/i, 'the ruling');
  const state = (await (await fetch(`${base}/api/games/${g.id}`)).json()).state;
  assert.equal(state.quickplay_claim, null);
  assert.deepEqual(state.penalties.map(p => [p.side, p.kind, p.ms]), [['black', 'quickplay_rejected', 120000]]);
  await white.context().close(); await black.context().close(); await arb.context().close();
});

test('in Russian, against the engine: the page and the announcements in Russian', async () => {
  const g = await create({ white: 'human', black: 'engine', engine_movetime_ms: 50, white_name: 'Анна' });
  const ru = { lang: 'ru', lexicon: 'ru' };
  const white = await open(withSeat(g.white_url, 'white'), ru);
  await ready(white);
  // The page's own text is Russian: its language, the board, the field, the buttons.
  assert.equal(await white.evaluate(() => document.documentElement.lang), 'ru');
  await white.getByRole('grid', { name: 'Доска', exact: true }).waitFor(WAIT);
  for (const name of ['Предложить ничью', 'Потребовать ничью', 'Сдаться', 'Пауза', 'Часы'])
    await white.getByRole('button', { name, exact: true }).waitFor(WAIT);
  assert.match(await white.locator('#board-help').textContent(), /Стрелки/);
  for (const english of ['Offer draw', 'Resign', 'Announcements', 'Settings'])
    assert.ok(!(await white.locator('main').innerText()).includes(english), `"${english}" left in English on the Russian page`);
  await axe(white, 'the Russian game page');
  // The cells are named in Russian.
  assert.match(await white.locator('#sq-e2').getAttribute('aria-label'), /пешка/i);
  await typeMove(white, 'е2-е4', 'Ход');
  // The engine answers; its move is announced in Russian words.
  await white.waitForFunction(() => window.hall.said.length >= 2, null, WAIT);
  const said = await white.evaluate(() => window.hall.said);
  assert.match(said[1], /[а-яё]/i, `the engine's move in Russian: ${said[1]}`);
  await typeMove(white, 'Кf3', 'Ход');
  await white.waitForFunction(() => window.hall.said.length >= 4, null, WAIT);
  // A command typed in Russian words is answered in Russian.
  await typeMove(white, 'часы', 'Ход');
  await white.waitForFunction(() => /[а-яё]/i.test(document.querySelector('#answer').textContent), null, WAIT);
  await shot(white, 'game-ru-1280');
  await white.getByRole('button', { name: 'Сдаться', exact: true }).press('Enter');
  await white.getByRole('dialog').waitFor(WAIT);
  await axe(white, 'the Russian resign dialog');
  await white.getByRole('dialog').getByRole('button', { name: 'Подтвердить', exact: true }).press('Enter');
  // White resigned, so Black wins: said in Russian words.
  await statusHas(white, /чёрн|черн/i, 'the result in Russian');
  // The page says which Laws judge the game, in the player's language.
  assert.match(await white.locator('#players').textContent(), /Шахматы: Правила ФИДЕ 2023 года\.$/);
  assert.equal((await (await fetch(`${base}/api/games/${g.id}`)).json()).state.result, '0-1');
  await white.context().close();
});

test('players who gave no names are named in the page\'s language, never "White" in English', async () => {
  // The lobby's New game form sends no names when the fields are left empty.
  const g = await create({ white: 'human', black: 'human', time_control: '300+0' });
  for (const [lang, white, black] of [['ru', /Белые/, /Чёрные/], ['de', /Weiß/, /Schwarz/], ['en', /White/, /Black/]]) {
    const p = await open(withSeat(g.black_url, 'black'), { lang, lexicon: lang });
    await ready(p);
    const players = await p.locator('#players').textContent();
    assert.match(players, white, `${lang}: ${players}`);
    assert.match(players, black, `${lang}: ${players}`);
    if (lang !== 'en') assert.ok(!/White|Black/.test(players), `${lang}: English side names: ${players}`);
    await p.context().close();
  }
});

test('the arbiter console gives a penalty and both players hear it', async () => {
  const g = await create({ white: 'human', black: 'human', white_name: 'Anna', black_name: 'Boris', time_control: '300+0' });
  const white = await open(withSeat(g.white_url, 'white')), black = await open(withSeat(g.black_url, 'black'));
  await ready(white); await ready(black);
  await typeMove(white, 'e4');
  await statusHas(black, /e4/, 'the first move');
  const arb = await open(g.arbiter_url);
  await arb.waitForFunction(() => document.querySelector('#st-ply').textContent === '1', null, WAIT);
  for (const s of [{}, { contrast: true }, { large: true }]) { const p = await open(g.arbiter_url, s); await p.waitForFunction(() => document.querySelector('#st-ply').textContent === '1', null, WAIT); await axe(p, `arbiter console ${JSON.stringify(s)}`); await p.context().close(); }
  await arb.getByLabel('Action', { exact: true }).selectOption('add_time');
  await arb.getByLabel('Concerning', { exact: true }).selectOption('black');
  await arb.getByLabel('Seconds', { exact: true }).fill('120');
  await arb.getByRole('button', { name: 'Apply' }).press('Enter');
  // Two minutes for Black: both players' status regions say so.
  for (const p of [white, black]) await statusHas(p, /(Black|black).*(2|two)|(2|two).*(Black|black)/, 'the time added');
  const w = await status(white).textContent(), b = await status(black).textContent();
  assert.equal(w.trim(), b.trim(), 'both players hear the same words');
  await shot(arb, 'arbiter-1280');
  await arb.setViewportSize({ width: 390, height: 844 });
  await shot(arb, 'arbiter-390');
  await white.context().close(); await black.context().close(); await arb.context().close();
});

test('a reconnect mid-game announces nothing twice and loses nothing', async () => {
  const g = await create({ white: 'human', black: 'human', white_name: 'Anna', black_name: 'Boris' });
  const white = await open(withSeat(g.white_url, 'white')), black = await open(withSeat(g.black_url, 'black'));
  await ready(white); await ready(black);
  await typeMove(white, 'e4'); await statusHas(black, /e4/, 'e4');
  await typeMove(black, 'e5'); await statusHas(white, /e5/, 'e5');
  // Black loses the connection; White plays on; Black comes back.
  await black.evaluate(() => window.hall.hold());
  await typeMove(white, 'Nf3');
  await black.evaluate(() => window.hall.drop());
  await black.evaluate(() => window.hall.resume());
  await statusHas(black, /f3/, 'the move made while away');
  await typeMove(black, 'Nc6'); await statusHas(white, /c6/, 'Nc6');
  // A plain drop with an immediate reconnect repeats nothing either.
  await black.evaluate(() => window.hall.drop());
  await typeMove(white, 'Bb5'); await statusHas(black, /b5/, 'Bb5');
  const said = await black.evaluate(() => window.hall.said);
  const expect = [/e4/, /e5/, /f3/, /c6/, /b5/];
  assert.equal(said.length, expect.length, `every move once: ${JSON.stringify(said)}`);
  said.forEach((t, i) => assert.match(t, expect[i]));
  await white.context().close(); await black.context().close();
});

test('the archive: score in letters and braille, downloads, verdict; screenshots of every page', async () => {
  const g = await create({ white: 'human', black: 'human', white_name: 'Anna', black_name: 'Boris' });
  for (const [mv, tok] of [['f3', g.white_token], ['e5', g.black_token], ['g4', g.white_token], ['Qh4', g.black_token]]) {
    const r = await fetch(`${base}/api/games/${g.id}/events`, { method: 'POST', headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${tok}` }, body: JSON.stringify({ type: 'move', move: mv }) });
    assert.equal(r.status, 200, await r.text());
  }
  for (const s of [{}, { contrast: true }, { large: true }]) {
    const p = await open(`/games/${g.id}/record`, s);
    await p.waitForFunction(() => /Audit/.test(document.querySelector('#verdict').textContent), null, WAIT);
    assert.match(await p.locator('#verdict').textContent(), /0-1/);
    await p.getByLabel('Letters', { exact: true }).selectOption('ru');
    await p.waitForFunction(() => document.querySelector('#score').textContent.includes('Фh4'), null, WAIT);
    assert.match(await p.locator('#braille').textContent(), /[\u2800-\u28ff]/);
    assert.match(await p.getByRole('link', { name: 'Download braille score (BRF)' }).getAttribute('href'), /^blob:/);
    await axe(p, `archive ${JSON.stringify(s)}`);
    await p.context().close();
  }
  if (!SHOTS) return;
  // A game in progress for the game page's picture: two moves played.
  const live = await create({ white: 'human', black: 'human', white_name: 'Anna', black_name: 'Boris', time_control: '300+3' });
  for (const [mv, tok] of [['e4', live.white_token], ['c5', live.black_token]]) {
    const r = await fetch(`${base}/api/games/${live.id}/events`, { method: 'POST', headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${tok}` }, body: JSON.stringify({ type: 'move', move: mv }) });
    assert.equal(r.status, 200, await r.text());
  }
  const pages = { lobby: '/', game: withSeat(live.white_url, 'white'), 'game-over': withSeat(g.white_url, 'white'), record: `/games/${g.id}/record` };
  for (const [name, url] of Object.entries(pages)) {
    for (const vp of [{ width: 1280, height: 800 }, { width: 390, height: 844 }]) {
      const p = await open(url, {}, vp);
      if (name.startsWith('game')) await ready(p);
      if (name === 'record') await p.waitForFunction(() => /Audit/.test(document.querySelector('#verdict').textContent), null, WAIT);
      await shot(p, `${name}-${vp.width}`);
      await p.context().close();
    }
  }
});

test('the lobby and the other pages follow the chosen language: en, ru, de', async () => {
  const expect = { en: ['Create a game', 'Create game'], ru: ['Создать партию', 'Создать партию'], de: ['Partie anlegen', 'Partie anlegen'] };
  for (const [lang, [heading, button]] of Object.entries(expect)) {
    const p = await open('/', { lang });
    await p.getByRole('heading', { name: heading, exact: true }).waitFor(WAIT);
    await p.getByRole('button', { name: button, exact: true }).waitFor(WAIT);
    assert.equal(await p.evaluate(() => document.documentElement.lang), lang);
    // The time control is read back in the page's language.
    await p.getByLabel({ en: 'Minutes for the game', ru: 'Минут на партию', de: 'Minuten für die Partie' }[lang]).fill('2');
    await p.getByLabel({ en: 'Minutes for the game', ru: 'Минут на партию', de: 'Minuten für die Partie' }[lang]).dispatchEvent('input');
    assert.match(await p.locator('#tc-words').textContent(), { en: /2 minutes/, ru: /2 минуты/, de: /2 Minuten/ }[lang]);
    await axe(p, `lobby in ${lang}`);
    if (lang !== 'en') await shot(p, `lobby-${lang}-1280`);
    await p.context().close();
  }
  // A change of language in the settings translates the page at once, and back.
  const p = await open('/');
  await p.getByLabel('Language', { exact: true }).selectOption('de');
  await p.getByRole('heading', { name: 'Partie anlegen', exact: true }).waitFor(WAIT);
  await p.getByLabel('Sprache', { exact: true }).selectOption('en');
  await p.getByRole('heading', { name: 'Create a game', exact: true }).waitFor(WAIT);
  await p.context().close();
  // The arbiter console and the archive in Russian.
  const g = await create({ white: 'human', black: 'human', white_name: 'Anna', black_name: 'Boris' });
  const arb = await open(g.arbiter_url, { lang: 'ru' });
  await arb.getByRole('button', { name: 'Применить', exact: true }).waitFor(WAIT);
  await arb.getByRole('heading', { name: 'Пульт арбитра', exact: true }).waitFor(WAIT);
  await axe(arb, 'arbiter console in Russian');
  await arb.context().close();
  const rec = await open(`/games/${g.id}/record`, { lang: 'de' });
  await rec.getByRole('link', { name: 'PGN herunterladen', exact: true }).waitFor(WAIT);
  await axe(rec, 'archive in German');
  await rec.context().close();
});

test('Tavreli: the page plays it, and a tower is named in its cell and announced', async () => {
  const g = await create({ variant: 'tavreli', white: 'human', black: 'human', white_name: 'Anna', black_name: 'Boris' });
  const white = await open(withSeat(g.white_url, 'white')), black = await open(withSeat(g.black_url, 'black'));
  await ready(white); await ready(black);
  // 1. e4 d5 2. takes on d5: the white ratnik climbs onto the black one, a tower of two.
  const plies = [[white, black, 'e2', 'e4'], [black, white, 'd7', 'd5'], [white, black, 'e4', 'd5']];
  for (const [mover, listener, from, to] of plies) {
    await boardMove(mover, from, to);
    await statusHas(listener, new RegExp(to), `Tavreli ${from}-${to}, the opponent's status`);
  }
  await black.waitForFunction(() => window.hall.said.length === 3, null, WAIT);
  assert.match(await black.locator('#players').textContent(), /Anna \(White\) against Boris \(Black\).*Tavreli: Tavreli tournament rules\.$/);
  const cell = await black.locator('#sq-d5').getAttribute('aria-label');
  assert.match(cell, /white/i, `the tower's top man: ${cell}`);
  assert.match(cell, /black/i, `the man under it: ${cell}`);
  const state = await (await fetch(`${base}/api/games/${g.id}`)).json();
  assert.equal(state.state.ply, 3);
  for (const s of [{}, { contrast: true }, { large: true }]) {
    const p = await open(withSeat(g.black_url, 'black'), s); await ready(p); await axe(p, `Tavreli page ${JSON.stringify(s)}`); await p.context().close();
  }
  await shot(black, 'tavreli-1280');
  await black.setViewportSize({ width: 390, height: 844 });
  await shot(black, 'tavreli-390');
  await white.context().close(); await black.context().close();
});

test('the talking clock speaks when asked, and the low-time alarm sounds at the chosen mark', async () => {
  // 40 seconds a side; Black's alarm at 38 seconds left: it sounds two seconds after White's move.
  const g = await create({ white: 'human', black: 'human', white_name: 'Anna', black_name: 'Boris', time_control: '40+0' });
  const white = await open(withSeat(g.white_url, 'white'), { speech: true, alarms: '38' });
  const black = await open(withSeat(g.black_url, 'black'), { speech: true, alarms: '38' });
  await ready(white); await ready(black);
  assert.equal(await black.getByLabel('Low-time alarm at these seconds left').inputValue(), '38');
  // Asked before any move: the clock speaks both times, in words (Appendix D).
  await black.getByRole('button', { name: 'Clock', exact: true }).press('Enter');
  await black.waitForFunction(() => window.spoken.some(t => /White|Black/i.test(t)), null, WAIT);
  const told = await black.evaluate(() => window.spoken.at(-1));
  assert.match(told, /forty|40/i, `the clock reading spoken: ${told}`);
  assert.match(await black.locator('#answer').textContent(), /40|0:40/, 'the answer shows the reading');
  // White moves; Black's clock runs; the alarm sounds for Black once, in words.
  await typeMove(white, 'e4');
  await statusHas(black, /e4/, 'e4');
  await black.waitForFunction(() => /left/.test(document.querySelector('#answer').textContent), null, { timeout: 30000 });
  const alarm = await black.locator('#answer').textContent();
  assert.match(alarm, /Black/, `the alarm names Black's clock: ${alarm}`);
  assert.match(alarm, /thirty-eight|38/i, `the alarm says the mark: ${alarm}`);
  assert.ok(await black.evaluate(() => window.spoken.some(t => /left/.test(t))), 'the alarm is spoken too');
  // White's clock is stopped: White hears no alarm (Black's page alarms only for Black).
  assert.ok(!(await white.evaluate(() => window.spoken.some(t => /left/.test(t)))), 'no alarm on White');
  await white.context().close(); await black.context().close();
});

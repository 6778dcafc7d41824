// What every browser test file shares: a real `arbiter serve` on a port of its own
// (node runs each test file in its own process), Debian's Chromium driven by
// playwright-core, a page opened as a player opens it (settings stored, speech
// recorded), and axe-core. The state is this process's, so one file, one hall.
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, mkdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, dirname, resolve } from 'node:path';
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';
import { chromium } from 'playwright-core';

const require = createRequire(import.meta.url);
const here = dirname(fileURLToPath(import.meta.url));
export const repo = resolve(here, '..', '..');
export const AXE = readFileSync(require.resolve('axe-core/axe.min.js'), 'utf8');
export const BIN = process.env.ARBITER_BIN || join(repo, 'target', 'release', 'arbiter');
export const CHROMIUM = process.env.CHROMIUM || '/usr/bin/chromium';
// Screenshots are drawn only when asked (scripts/web-test.sh --screenshots), so an
// ordinary run leaves the working tree as it found it.
export const SHOTS = process.env.ARBITER_SCREENSHOTS || '';
export const WAIT = { timeout: 20000 };

/** The hall of this test file: its server, its address and its browser. */
export const hall = { server: null, base: '', browser: null, tmp: '', port: 0 };

/** Starts (or restarts, on the same database) the hall's server. */
export function startServer() {
  hall.server = spawn(BIN, ['serve', '--addr', `127.0.0.1:${hall.port}`, '--database', `sqlite://${join(hall.tmp, 'hall.sqlite')}`], { stdio: ['ignore', 'inherit', 'inherit'] });
  return hall.server;
}

/** Waits until the server answers /api/health: a bounded number of tries, not a timing assertion. */
export async function waitUp() {
  for (let i = 0; i < 300; i++) {
    try { if ((await fetch(`${hall.base}/api/health`)).ok) return; } catch (_) { /* not yet */ }
    await new Promise(r => setTimeout(r, 100));
  }
  assert.fail('arbiter serve did not answer /api/health');
}

/** The hall and the browser for a test file; `salt` keeps files' ports apart. */
export async function openHall(name, { salt = 7919, chromiumArgs = [] } = {}) {
  hall.tmp = mkdtempSync(join(tmpdir(), `arbiter-${name}-`));
  hall.port = 20000 + ((process.pid + salt) % 20000);
  hall.base = `http://127.0.0.1:${hall.port}`;
  startServer();
  await waitUp();
  hall.browser = await chromium.launch({ executablePath: CHROMIUM, headless: true, args: ['--no-sandbox', ...chromiumArgs] });
  if (SHOTS) mkdirSync(SHOTS, { recursive: true });
  return hall;
}

/** Closes the browser, stops the server and removes its database. */
export async function closeHall() {
  if (hall.browser) await hall.browser.close();
  if (hall.server) hall.server.kill('SIGTERM');
  if (hall.tmp) rmSync(hall.tmp, { recursive: true, force: true });
}

/**
 * A page as a player opens it: settings in localStorage, what it gives the Web Speech
 * API recorded in `window.spoken` (headless Chromium has no voices), a page error failing
 * the test. axe is injected by the test, so the hall's Content-Security-Policy is bypassed.
 */
export async function open(url, settings = {}, viewport = { width: 1280, height: 800 }, extra = {}) {
  const ctx = await hall.browser.newContext({ viewport, bypassCSP: true, ...extra });
  await ctx.addInitScript(s => localStorage.setItem('arbiter.settings', JSON.stringify(s)), settings);
  await ctx.addInitScript(() => {
    window.spoken = [];
    if (window.speechSynthesis) window.speechSynthesis.speak = u => window.spoken.push(u.text);
  });
  const page = await ctx.newPage();
  page.on('pageerror', e => { throw e; });
  await page.goto(url.startsWith('http') ? url : hall.base + url);
  return page;
}

/** axe-core's violations on the page as it stands: none. */
export async function axe(page, what) {
  await page.addScriptTag({ content: AXE });
  const r = await page.evaluate(async () => (await window.axe.run(document, { resultTypes: ['violations'] })).violations.map(v => `${v.id}: ${v.nodes.map(n => n.target.join(' ')).join(', ')}`));
  assert.deepEqual(r, [], `axe violations on ${what}`);
}

/** A screenshot for the docs, when they are being redrawn. */
export async function shot(page, name, fullPage = false) {
  if (SHOTS) await page.screenshot({ path: join(SHOTS, `${name}.png`), fullPage });
}

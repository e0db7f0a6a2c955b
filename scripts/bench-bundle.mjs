#!/usr/bin/env node
// `pnpm bench:bundle`: builds for production, serves the composed product, loads /, /booklist and one
// screen of each dashboard remote (as the demo user of the role it needs) in Chromium with a cold cache
// each, and reports per route the JavaScript files and bytes (raw and gzip as served) split into the
// shell, the shared singletons and each remote. Writes reports/bench-bundle.json. `--no-build` measures
// the existing builds.
import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { chromium } from 'playwright-core';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../tooling/product/chromium.mts';
import { isMostlySingletons } from '../tooling/product/bundle-parts.mts';
import { launchProduct, promoteLastBuild, ROOT } from '../tooling/product/launch-product.mts';
import { PACKAGES, servedFile, servedFolder } from '../tooling/serve/packages.mts';
import { readCommandLine } from '../tooling/product/command-line.mts';

const { values: flags } = readCommandLine({
  usage: `usage: pnpm bench:bundle [--no-build]
  --no-build   measure the existing builds`,
  options: { 'no-build': { type: 'boolean', default: false } },
});

/** `path` may hold `{booking}`: one of the signed-in buyer's bookings, made for the run when they have none. */
const ROUTES = [
  { path: '/' },
  { path: '/booklist' },
  { path: '/dashboard/myproduct', role: 'seller' },
  { path: '/dashboard/allseller', role: 'admin' },
  { path: '/dashboard/payment/{booking}', role: 'buyer' },
];
const API = 'http://localhost:5000';

if (!flags['no-build']) {
  const build = spawnSync(process.execPath, [join(ROOT, 'scripts', 'build-all.mjs')], { stdio: 'inherit' });
  if (build.status !== 0) process.exit(build.status ?? 1);
}

/** port -> package, to tell which build a requested file came from. */
const byPort = new Map(PACKAGES.map((pkg) => [String(pkg.port), pkg]));

function categoryOf(url) {
  const { port, pathname } = new URL(url);
  const pkg = byPort.get(port);
  if (!pkg) return null;
  return isMostlySingletons(servedFolder(ROOT, pkg), servedFile(pkg, pathname)) ? 'shared singletons' : pkg.name;
}

/** The first DEMO_USERS entry of a role (TypeScript source, so read as text: Node 20 does not run .ts). */
function demoUser(role) {
  const source = readFileSync(join(ROOT, 'shared', 'src', 'schemas', 'demo-users.ts'), 'utf8');
  const line = source.split('\n').find((text) => text.includes(`role: '${role}'`));
  const field = (name) => new RegExp(`${name}: '([^']*)'`).exec(line ?? '')?.[1];
  return { email: field('email'), password: field('password') };
}

async function signInAs(page, role) {
  const user = demoUser(role);
  try {
    await page.goto('http://localhost:3000/login');
    await page.getByLabel('Email').fill(user.email);
    await page.getByLabel('Password').fill(user.password);
    await page.getByRole('button', { name: 'Login', exact: true }).click();
    await page.getByRole('button', { name: 'Account menu' }).waitFor({ timeout: 20_000 });
    await page.waitForFunction(() => localStorage.getItem('accessToken'));
    return true;
  } catch {
    return false;
  }
}

/** One of the signed-in buyer's bookings: an unpaid one, or a new booking of an available book. */
async function bookingOf(page, email) {
  const token = await page.evaluate(() => localStorage.getItem('accessToken'));
  const headers = { authorization: `Bearer ${token}`, 'content-type': 'application/json' };
  const mine = await (await fetch(`${API}/api/booking/list?email=${encodeURIComponent(email)}`, { headers })).json();
  const open = Array.isArray(mine) ? mine.find((booking) => !booking.paid) : undefined;
  if (open) return open._id;
  const list = await (await fetch(`${API}/api/category/list?search=&page=0&size=20`)).json();
  const book = list.products.find((product) => !product.paid);
  const created = await fetch(`${API}/api/booking/create`, {
    method: 'POST',
    headers,
    body: JSON.stringify({ category_id: book._id, phone: '+1 555 0100', meetingLocation: 'Main Street' }),
  });
  return (await created.json()).insertedId;
}

async function measure(browser, { path, role }) {
  let signedIn = null;
  let storageState;
  let route = path;
  if (role) {
    // Sign in elsewhere, then open the route in a new context holding only the session: a cold cache.
    const signInContext = await browser.newContext();
    const page = await signInContext.newPage();
    signedIn = await signInAs(page, role);
    if (signedIn && path.includes('{booking}'))
      route = path.replace('{booking}', await bookingOf(page, demoUser(role).email));
    storageState = await signInContext.storageState({ indexedDB: true });
    await signInContext.close();
  }
  const context = await browser.newContext({ storageState });
  const page = await context.newPage();
  const responses = [];
  page.on('response', (response) => {
    if (response.url().endsWith('.js')) responses.push(response);
  });
  await page.goto(`http://localhost:3000${route}`, { waitUntil: 'networkidle' });
  const totals = {};
  const files = [];
  for (const response of responses) {
    const category = categoryOf(response.url());
    if (!category) continue;
    const body = await response.body();
    const raw = body.length;
    // Computed here (level 6, what tooling/serve sends) so cached or uncompressed answers count the same.
    const gzip = gzipSync(body).length;
    files.push({ url: response.url(), part: category, gzip });
    totals[category] ??= { files: 0, raw: 0, gzip: 0 };
    totals[category].files += 1;
    totals[category].raw += raw;
    totals[category].gzip += gzip;
  }
  const all = Object.values(totals).reduce(
    (sum, t) => ({ files: sum.files + t.files, raw: sum.raw + t.raw, gzip: sum.gzip + t.gzip }),
    { files: 0, raw: 0, gzip: 0 },
  );
  const result = { route, role, finalUrl: new URL(page.url()).pathname, signedIn, total: all, byPart: totals, files };
  await context.close();
  return result;
}

const kib = (bytes) => (bytes / 1024).toFixed(1);
const dataDir = mkdtempSync(join(tmpdir(), 'bookswap-bench-'));
const log = (line) => line.startsWith('[product]') && console.log(line);
// The releases the last build made, live in a registry of the run's own.
process.env.BOOKSWAP_RELEASE_REGISTRY = join(dataDir, 'release-registry.json');
promoteLastBuild({ log: () => undefined });
let product;
try {
  product = await launchProduct({ dataDir, log });
} catch (error) {
  // Without the API server or the emulator nobody can sign in: measure what a visitor gets.
  console.warn(`[bench] ${error.message}: measuring signed out, without the API server and emulator`);
  product = await launchProduct({ dataDir, log, api: false, authEmulator: false });
}
const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS });
try {
  const results = [];
  for (const route of ROUTES) results.push(await measure(browser, route));
  console.log('\nFirst-load JavaScript per route (KiB, raw / gzip):');
  for (const result of results) {
    const session =
      result.signedIn === null ? '' : result.signedIn ? ` (signed in as the ${result.role})` : ' (sign-in failed)';
    const note = `${session}${result.finalUrl !== result.route ? ` (ended on ${result.finalUrl})` : ''}`;
    console.log(
      `\n${result.route}${note}: ${result.total.files} files, ${kib(result.total.raw)} / ${kib(result.total.gzip)}`,
    );
    for (const [part, t] of Object.entries(result.byPart).sort()) {
      console.log(
        `  ${part.padEnd(18)} ${String(t.files).padStart(3)} files  ${kib(t.raw).padStart(8)} / ${kib(t.gzip).padStart(7)}`,
      );
    }
  }
  mkdirSync(join(ROOT, 'reports'), { recursive: true });
  const out = join(ROOT, 'reports', 'bench-bundle.json');
  writeFileSync(
    out,
    `${JSON.stringify({ measuredAt: new Date().toISOString(), unit: 'bytes', routes: results }, null, 2)}\n`,
  );
  console.log(`\nwritten ${out}`);
} finally {
  await browser.close();
  await product.stop();
  rmSync(dataDir, { recursive: true, force: true });
}

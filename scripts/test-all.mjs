#!/usr/bin/env node
// `npm test`: every quality gate and test suite of the product, each one run even when an earlier one failed, then
// one closing line `N passed, N failed` over all test cases. The build and the test suites run one after another;
// lint, format and typecheck run in the background of the browser tests (gatesInBackground).
// Lint and typecheck are gates, not test cases: a failing gate adds one to the failed count so the
// closing line never reads green over a broken build.
import { spawn } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const reports = join(root, 'reports');
mkdirSync(reports, { recursive: true });
const bin = (name) => join(root, 'node_modules', '.bin', name);

const totals = { passed: 0, failed: 0, skipped: 0 };
const lines = [];

/** Runs one stage with its output on this terminal; it never blocks this process, so background gates go on. */
function run(label, cmd, args, env = {}) {
  const started = Date.now();
  console.log(`\n=== ${label}: ${[cmd, ...args].join(' ')}`);
  return new Promise((resolve) => {
    const child = spawn(cmd, args, { cwd: root, stdio: 'inherit', env: { ...process.env, ...env } });
    child.on('error', () => undefined);
    child.on('close', (code) => resolve({ ok: code === 0, seconds: ((Date.now() - started) / 1000).toFixed(1) }));
  });
}

async function gate(label, cmd, args) {
  const { ok, seconds } = await run(label, cmd, args);
  if (!ok) totals.failed += 1;
  lines.push(`${label}: ${ok ? 'ok' : 'FAILED'} (${seconds} s)`);
  return ok;
}

/**
 * Gates that read the sources, write nothing and time nothing, run at the same time and at the lowest CPU priority
 * (`nice -n 19`), beside the browser tests: those leave a fifth to a third of two cores idle (pages and servers
 * waiting on one another), which the gates fill without slowing a browser test down (docs/benchmarks-history.md). Each one's
 * output is kept and printed whole by `report`, once the browser tests' own output has ended.
 */
function gatesInBackground(gates) {
  const started = Date.now();
  const results = Promise.all(
    gates.map(
      ({ label, cmd, args }) =>
        new Promise((resolve) => {
          const child = spawn('nice', ['-n', '19', cmd, ...args], { cwd: root, stdio: ['ignore', 'pipe', 'pipe'] });
          let output = '';
          child.stdout.on('data', (chunk) => (output += chunk));
          child.stderr.on('data', (chunk) => (output += chunk));
          child.on('error', (error) => (output += `${error.message}\n`));
          child.on('close', (code) => {
            const seconds = ((Date.now() - started) / 1000).toFixed(1);
            resolve({ label, cmd, args, output, ok: code === 0, seconds });
          });
        }),
    ),
  );
  return {
    async report() {
      for (const { label, cmd, args, output, ok, seconds } of await results) {
        console.log(`\n=== ${label}: ${[cmd, ...args].join(' ')}`);
        if (output.trim()) console.log(output.trimEnd());
        if (!ok) totals.failed += 1;
        lines.push(
          `${label}: ${ok ? 'ok' : 'FAILED'} (${seconds} s; ${gates.length} gates side by side, in the background)`,
        );
      }
    },
  };
}

function readJson(file) {
  try {
    return JSON.parse(readFileSync(file, 'utf8'));
  } catch {
    return null;
  }
}

async function jestSuite(label, args, env = {}) {
  const out = join(reports, `${label.replace(/\W+/g, '-')}.json`);
  rmSync(out, { force: true });
  const { ok, seconds } = await run(label, bin('jest'), [...args, '--ci', '--json', `--outputFile=${out}`], env);
  const report = readJson(out);
  if (!report) {
    totals.failed += 1;
    lines.push(`${label}: FAILED before reporting (${seconds} s)`);
    return;
  }
  // Suites that fail to load (syntax, import) count as failures though they ran no test case.
  const brokenSuites = report.testResults.filter(
    (s) => s.status === 'failed' && s.assertionResults.length === 0,
  ).length;
  totals.passed += report.numPassedTests;
  totals.failed += report.numFailedTests + brokenSuites;
  totals.skipped += report.numPendingTests + report.numTodoTests;
  lines.push(
    `${label}: ${report.numPassedTests} passed, ${report.numFailedTests + brokenSuites} failed, ${report.numPendingTests} skipped (${seconds} s)${ok ? '' : ' [exit non-zero]'}`,
  );
  if (!ok && report.numFailedTests + brokenSuites === 0) totals.failed += 1;
}

async function playwrightSuite(label) {
  const out = join(reports, 'e2e.json');
  rmSync(out, { force: true });
  const { ok, seconds } = await run(label, bin('playwright'), ['test', '--config', 'e2e/playwright.config.ts'], {
    PLAYWRIGHT_JSON_OUTPUT_NAME: out,
  });
  const report = readJson(out);
  if (!report) {
    totals.failed += 1;
    lines.push(`${label}: FAILED before reporting (${seconds} s)`);
    return;
  }
  const { expected = 0, unexpected = 0, flaky = 0, skipped = 0 } = report.stats ?? {};
  totals.passed += expected + flaky;
  totals.failed += unexpected;
  totals.skipped += skipped;
  lines.push(
    `${label}: ${expected + flaky} passed (${flaky} flaky), ${unexpected} failed, ${skipped} skipped (${seconds} s)`,
  );
  if (!ok && unexpected === 0) totals.failed += 1;
}

const started = Date.now();
const built = await gate('build', 'node', [join(root, 'scripts', 'build-all.mjs')]);
await jestSuite('unit, component and API tests (PGlite)', ['--maxWorkers=2']);
if (process.env.BOOKSWAP_TEST_DATABASE_URL) {
  await jestSuite('API tests on PostgreSQL', ['--selectProjects', 'server', '--maxWorkers=2'], {
    DATABASE_URL: process.env.BOOKSWAP_TEST_DATABASE_URL,
  });
} else {
  lines.push('API tests on PostgreSQL: not run (set BOOKSWAP_TEST_DATABASE_URL; .ci/run does)');
}
const gates = gatesInBackground([
  { label: 'lint', cmd: bin('eslint'), args: ['.', '--max-warnings=0'] },
  { label: 'format', cmd: bin('prettier'), args: ['--check', '.', '--log-level=warn'] },
  { label: 'typecheck', cmd: 'node', args: [join(root, 'scripts', 'typecheck-all.mjs')] },
]);
if (built && existsSync(join(root, 'e2e', 'playwright.config.ts'))) await playwrightSuite('browser tests (Chromium)');
else {
  totals.failed += 1;
  lines.push('browser tests: not run (build failed or no e2e config)');
}
await gates.report();

console.log('\n=== Summary');
for (const line of lines) console.log(`- ${line}`);
console.log(`total time: ${((Date.now() - started) / 1000).toFixed(0)} s`);
console.log(`${totals.passed} passed, ${totals.failed} failed, ${totals.skipped} skipped`);
process.exit(totals.failed === 0 ? 0 : 1);

import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { readConfig } from './config';
import { unsafeSettings } from './startup-checks';

const SECRET = 'a-production-secret-of-more-than-32-bytes';
const production = {
  AUTH_MODE: 'firebase',
  JWT_SECRET: SECRET,
  STRIPE_SECRET_KEY: 'sk_test_x',
  SMTP_URL: 'smtp://mail.example.test:587',
  BOOKSWAP_PAGE_LOAD_SECRET: 'a-page-load-secret-of-more-than-32-bytes',
};

describe('outside emulator mode nothing local happens unless asked for', () => {
  it('seeds the demo users (with their demo admin) only with SEED=demo', () => {
    expect(readConfig(production).seed).toBe('none');
    expect(readConfig({ ...production, SEED: 'demo' }).seed).toBe('demo');
    expect(readConfig({ AUTH_MODE: 'emulator' }).seed).toBe('demo');
    expect(() => readConfig({ ...production, SEED: 'yes' })).toThrow(/SEED/);
  });

  it('refuses to start without a Stripe key unless the card sandbox is asked for', () => {
    const { STRIPE_SECRET_KEY: _key, ...noStripe } = production;
    expect(unsafeSettings(readConfig(noStripe))).toEqual([expect.stringMatching(/STRIPE_SECRET_KEY is not set/)]);
    expect(unsafeSettings(readConfig({ ...noStripe, PAYMENTS: 'sandbox' }))).toEqual([]);
    expect(unsafeSettings(readConfig({ ...noStripe, PAYMENTS: 'stripe' }))).toContainEqual(
      expect.stringMatching(/PAYMENTS=stripe needs STRIPE_SECRET_KEY/),
    );
    expect(unsafeSettings(readConfig(production))).toEqual([]);
  });

  it('refuses to start without mail when sign-in or payments are real, unless MAIL=off says so (decision 024)', () => {
    const { SMTP_URL: _mail, ...noMail } = production;
    expect(unsafeSettings(readConfig(noMail))).toEqual([expect.stringMatching(/SMTP_URL is not set/)]);
    expect(unsafeSettings(readConfig({ ...noMail, MAIL: 'off' }))).toEqual([]);
    const emulatorWithStripe = { AUTH_MODE: 'emulator', STRIPE_SECRET_KEY: 'sk_test_x' };
    expect(unsafeSettings(readConfig(emulatorWithStripe))).toEqual([expect.stringMatching(/SMTP_URL is not set/)]);
    expect(unsafeSettings(readConfig({ AUTH_MODE: 'emulator' }))).toEqual([]);
    expect(() => readConfig({ ...production, SMTP_URL: 'mail.example.test' })).toThrow(/SMTP_URL/);
    expect(() => readConfig({ ...production, MAIL: 'no' })).toThrow(/MAIL must be off/);
  });

  it('refuses to start without a JWT_SECRET of at least 32 bytes', () => {
    const { JWT_SECRET: _secret, ...noSecret } = production;
    expect(unsafeSettings(readConfig(noSecret))).toEqual([expect.stringMatching(/JWT_SECRET is not set/)]);
    expect(unsafeSettings(readConfig({ ...production, JWT_SECRET: 'short-secret' }))).toEqual([
      expect.stringMatching(/JWT_SECRET is shorter than 32 bytes/),
    ]);
    expect(unsafeSettings(readConfig({ AUTH_MODE: 'emulator', JWT_SECRET: 'short-secret' }))).toHaveLength(1);
  });

  it('refuses to start without a page-load secret of at least 32 bytes, which its shell’s server shares', () => {
    const { BOOKSWAP_PAGE_LOAD_SECRET: _secret, ...noSecret } = production;
    expect(unsafeSettings(readConfig(noSecret))).toEqual([
      expect.stringMatching(/BOOKSWAP_PAGE_LOAD_SECRET is not set/),
    ]);
    expect(unsafeSettings(readConfig({ ...production, BOOKSWAP_PAGE_LOAD_SECRET: 'short' }))).toEqual([
      expect.stringMatching(/BOOKSWAP_PAGE_LOAD_SECRET is shorter than 32 bytes/),
    ]);
    // Locally the server makes one up.
    expect(unsafeSettings(readConfig({ AUTH_MODE: 'emulator' }))).toEqual([]);
  });

  it('keeps the newcomer’s local mode as it was: demo data, card sandbox, no settings needed', () => {
    const local = readConfig({ AUTH_MODE: 'emulator' });
    expect(local).toMatchObject({ seed: 'demo', host: '127.0.0.1' });
    expect(unsafeSettings(local)).toEqual([]);
  });
});

describe('emulator mode stays on this machine', () => {
  it('binds to loopback by default, and production to every interface', () => {
    expect(readConfig({ AUTH_MODE: 'emulator' }).host).toBe('127.0.0.1');
    expect(readConfig(production).host).toBe('0.0.0.0');
  });

  it('refuses emulator mode on another interface unless ALLOW_REMOTE_EMULATOR=1', () => {
    expect(unsafeSettings(readConfig({ AUTH_MODE: 'emulator', HOST: '0.0.0.0' }))).toEqual([
      expect.stringMatching(/ALLOW_REMOTE_EMULATOR=1/),
    ]);
    expect(unsafeSettings(readConfig({ AUTH_MODE: 'emulator', HOST: '192.168.1.20' }))).toHaveLength(1);
    expect(unsafeSettings(readConfig({ AUTH_MODE: 'emulator', HOST: '0.0.0.0', ALLOW_REMOTE_EMULATOR: '1' }))).toEqual(
      [],
    );
    for (const HOST of ['127.0.0.1', 'localhost', '::1']) {
      expect(unsafeSettings(readConfig({ AUTH_MODE: 'emulator', HOST }))).toEqual([]);
    }
  });
});

/** The real server process with this environment (and nothing inherited but PATH), until it exits. */
function runServer(env: NodeJS.ProcessEnv): Promise<{ code: number | null; output: string }> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'bookswap-refuse-'));
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['--import', 'tsx', 'src/main.ts'], {
      cwd: path.resolve(__dirname, '..'),
      env: { PATH: process.env.PATH, DATA_DIR: dataDir, PORT: '1', LOG_LEVEL: 'warn', ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    child.stdout.on('data', (chunk) => (output += chunk));
    child.stderr.on('data', (chunk) => (output += chunk));
    const timer = setTimeout(() => child.kill('SIGKILL'), 30_000);
    child.once('error', reject);
    child.once('exit', (code) => {
      clearTimeout(timer);
      fs.rmSync(dataDir, { recursive: true, force: true });
      resolve({ code, output });
    });
  });
}

describe('the server process', () => {
  it('exits at once with the list of missing production settings', async () => {
    const { code, output } = await runServer({ AUTH_MODE: 'firebase' });
    expect(code).toBe(1);
    expect(output).toMatch(/will not start/);
    expect(output).toMatch(/JWT_SECRET is not set/);
    expect(output).toMatch(/STRIPE_SECRET_KEY is not set/);
  });

  it('exits rather than run emulator mode on every interface', async () => {
    const { code, output } = await runServer({ AUTH_MODE: 'emulator', HOST: '0.0.0.0', SEED: 'none' });
    expect(code).toBe(1);
    expect(output).toMatch(/ALLOW_REMOTE_EMULATOR=1/);
  });
});

import type { ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { drawCover } from './seed/cover-image';
import { startMailCatcher } from './testing/mail-catcher';
import { spawnServer } from './testing/server-process';
import { emulatorIdToken } from './testing/test-server';

/**
 * An acknowledged write survives `kill -9`: the real server process is killed right after its answers,
 * started again on the same data, and everything acknowledged is there.
 */
let dataDir: string;
const children: ChildProcess[] = [];
let schema: string | undefined;
const env: NodeJS.ProcessEnv = {};

beforeAll(async () => {
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'bookswap-durability-'));
  if (process.env.DATABASE_URL) {
    schema = `durability_${randomBytes(4).toString('hex')}`;
    const client = new pg.Client({ connectionString: process.env.DATABASE_URL });
    await client.connect();
    await client.query(`CREATE SCHEMA ${schema}`);
    await client.end();
  }
  Object.assign(env, {
    ...process.env,
    DATA_DIR: dataDir,
    AUTH_MODE: 'emulator',
    SEED: 'none',
    LOG_LEVEL: 'warn',
    JWT_SECRET: 'durability-test-secret-long-enough-0000000',
    ...(schema ? { DATABASE_SCHEMA: schema } : {}),
  });
});

afterAll(async () => {
  for (const child of children) if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
  fs.rmSync(dataDir, { recursive: true, force: true });
  if (schema) {
    const client = new pg.Client({ connectionString: process.env.DATABASE_URL });
    await client.connect();
    await client.query(`DROP SCHEMA ${schema} CASCADE`);
    await client.end();
  }
});

async function startServer(extra: NodeJS.ProcessEnv = {}) {
  const server = await spawnServer({ ...env, ...extra }, { timeoutMs: 60_000, captureOutput: true });
  children.push(server.child);
  return server;
}

function killHard(child: ChildProcess): Promise<void> {
  return new Promise((resolve) => {
    child.once('exit', () => resolve());
    child.kill('SIGKILL');
  });
}

/** Signs a new user up through the real calls and answers their access token. */
async function signUp(base: string, email: string, role: 'buyer' | 'seller'): Promise<string> {
  const created = await fetch(`${base}/api/user/create`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${emulatorIdToken({ email })}` },
    body: JSON.stringify({ userEmail: email, userName: `Durable ${role}`, role }),
  });
  expect(created.status).toBe(201);
  const { accessToken } = (await (
    await fetch(`${base}/api/jwt/list?email=${email}`, {
      headers: { authorization: `Bearer ${emulatorIdToken({ email })}` },
    })
  ).json()) as { accessToken: string };
  return accessToken;
}

const DURABLE_BOOK = {
  author_name: 'A. Writer',
  category_id: '8',
  original_price: '10',
  resale_price: '5',
  Year_of_use: '1',
  book_condition: 'Fair',
  location: 'Dhaka',
};

/** A cover uploaded through the real call: a listing shows only images of the server's own store. */
async function uploadCover(base: string, accessToken: string): Promise<string> {
  const form = new FormData();
  form.append('image', new Blob([drawCover(3, 8, 8)], { type: 'image/png' }), 'cover.png');
  const response = await fetch(`${base}/api/image/upload`, {
    method: 'POST',
    headers: { authorization: `Bearer ${accessToken}` },
    body: form,
  });
  expect(response.status).toBe(200);
  return ((await response.json()) as { data: { url: string } }).data.url;
}

it('keeps every acknowledged write after kill -9', async () => {
  const email = 'durable@example.test';
  const first = await startServer();
  const accessToken = await signUp(first.base, email, 'seller');
  const img = await uploadCover(first.base, accessToken);
  const ids: string[] = [];
  for (let i = 0; i < 5; i++) {
    const response = await fetch(`${first.base}/api/product/create`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${accessToken}` },
      body: JSON.stringify({ ...DURABLE_BOOK, img, book_name: `Durable Book ${i}` }),
    });
    expect(response.status).toBe(201);
    ids.push(((await response.json()) as { insertedId: string }).insertedId);
  }
  await killHard(first.child);

  const second = await startServer();
  try {
    const list = (await (await fetch(`${second.base}/api/category/list?search=durable%20book&size=20`)).json()) as {
      products: { _id: string }[];
      count: number;
    };
    expect(list.count).toBe(5);
    expect(list.products.map((p) => p._id).sort()).toEqual([...ids].sort());
    // The access token signed before the crash still works: the user record and the secret are kept too.
    const me = await fetch(`${second.base}/api/user/list/${email}`, {
      headers: { authorization: `Bearer ${accessToken}` },
    });
    expect(me.status).toBe(200);
  } finally {
    await killHard(second.child);
  }
}, 120_000);

it('sends an email queued before kill -9 once, after the restart (decision 024)', async () => {
  const catcher = await startMailCatcher();
  try {
    // The worker of the first process never gets its turn: it is killed between the event and the delivery.
    const first = await startServer({ SMTP_URL: catcher.smtpUrl, MAIL_POLL_MS: '600000' });
    const sellerToken = await signUp(first.base, 'mail-seller@example.test', 'seller');
    const buyerToken = await signUp(first.base, 'mail-buyer@example.test', 'buyer');
    const listed = await fetch(`${first.base}/api/product/create`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${sellerToken}` },
      body: JSON.stringify({
        ...DURABLE_BOOK,
        img: await uploadCover(first.base, sellerToken),
        book_name: 'Crash Mail Book',
      }),
    });
    const { insertedId } = (await listed.json()) as { insertedId: string };
    const booked = await fetch(`${first.base}/api/booking/create`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${buyerToken}` },
      body: JSON.stringify({ category_id: insertedId, phone: '+880 1711 000999', meetingLocation: 'Gate' }),
    });
    expect(booked.status).toBe(201);
    await killHard(first.child);
    expect(catcher.mails).toHaveLength(0);

    const second = await startServer({ SMTP_URL: catcher.smtpUrl, MAIL_POLL_MS: '50' });
    try {
      await catcher.waitFor(1, 20_000);
      // Time for a second delivery, were there one.
      await new Promise((resolve) => setTimeout(resolve, 1_000));
      expect(catcher.mails.map((mail) => [mail.to, mail.subject])).toEqual([
        [['mail-seller@example.test'], 'Bookswap: New booking: Crash Mail Book'],
      ]);
    } finally {
      await killHard(second.child);
    }
  } finally {
    await catcher.close();
  }
}, 120_000);

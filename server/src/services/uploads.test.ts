import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { eq, sql } from 'drizzle-orm';
import { uploads } from '../db/schema';
import { drawCover } from '../seed/cover-image';
import {
  call,
  givenBooking,
  givenProduct,
  givenUser,
  imagesOf,
  startTestServer,
  VALID_PRODUCT,
  type Person,
  type TestServer,
  uploadImage,
} from '../testing/test-server';
import { sweepUnusedUploads } from './uploads';

const MB = 1024 * 1024;
let server: TestServer;
let freeBytes = 10 * 1024 * MB;
let seller: Person;
let sellers = 0;

beforeAll(async () => {
  server = await startTestServer(
    {
      uploads: {
        perDayCount: 3,
        perDayBytes: 4000,
        graceHours: 24,
        sweepIntervalMinutes: 60,
        minFreeDiskBytes: 64 * MB,
      },
    },
    { freeSpace: async () => freeBytes },
  );
});
afterAll(async () => {
  await server?.close();
});
beforeEach(async () => {
  freeBytes = 10 * 1024 * MB;
  seller = await givenUser(server, 'seller', `Uploading Seller ${sellers++}`);
});

function upload(bytes: Buffer, as: Person = seller) {
  return uploadImage(server, as, bytes, { filename: 'c.png' });
}

const store = () => imagesOf(server);
/** Whether the server's image store (files with PGlite, rows with PostgreSQL) still holds this name. */
const stored = async (name: string, on: TestServer = server) => (await imagesOf(on).read(name)) !== null;
const storedCount = async () =>
  server.kind === 'postgres'
    ? Number(
        ((await server.db.execute(sql`SELECT count(*) AS n FROM images`)) as unknown as { rows: { n: string }[] })
          .rows[0]!.n,
      )
    : fs.readdirSync(path.join(server.config.dataDir, 'images')).length;
// The disk guard reads the probe at most every 2 s.
const probeAgain = () => new Promise((resolve) => setTimeout(resolve, 2100));

describe('the per-seller upload quota', () => {
  it('refuses a fourth image in a day with 429, keeping no file of it, while another seller may upload', async () => {
    const small = drawCover(1, 8, 8);
    const statuses = [];
    for (let i = 0; i < 4; i++) statuses.push((await upload(small)).statusCode);
    expect(statuses).toEqual([200, 200, 200, 429]);
    const refused = await upload(small);
    expect(refused.json()).toEqual({ message: expect.stringMatching(/3 images a day/), field: 'image' });
    expect(await server.db.select().from(uploads).where(eq(uploads.ownerId, seller.id))).toHaveLength(3);

    const other = await givenUser(server, 'seller', `Other Uploader ${sellers++}`);
    expect((await upload(small, other)).statusCode).toBe(200);
  });

  it('refuses the image that would pass the day’s bytes, and removes its file', async () => {
    // Only the first bytes decide the type: a PNG header and noise make a 3 kB "picture".
    const big = Buffer.concat([drawCover(2, 8, 8).subarray(0, 8), randomBytes(3000)]);
    const first = await upload(big);
    expect(first.statusCode).toBe(200);
    const before = await storedCount();
    const second = await upload(big);
    expect(second.statusCode).toBe(429);
    expect(second.json().message).toMatch(/MB of images a day/);
    expect(await storedCount()).toBe(before);
    expect(await stored(path.basename(first.json().data.url as string))).toBe(true);
  });
});

describe('removing uploads nothing uses', () => {
  it('keeps every upload through the grace period, then removes those no listing or booking uses', async () => {
    const urls: string[] = [];
    for (let i = 0; i < 3; i++) urls.push((await upload(drawCover(10 + i, 8, 8))).json().data.url as string);
    const [listed, booked, abandoned] = urls.map((url) => path.basename(url)) as [string, string, string];
    const productId = await givenProduct(server, seller, { img: urls[0]! });
    // A booking copies the image: the listing may go, the booking still shows it.
    const bookedProduct = await givenProduct(server, seller, { img: urls[1]! });
    const buyer = await givenUser(server, 'buyer', `Image Buyer ${sellers++}`);
    await givenBooking(server, buyer, bookedProduct);
    await call(server, 'DELETE', `/api/product/delete/${bookedProduct}`, { as: seller });

    const hourLater = new Date(Date.now() + 60 * 60 * 1000);
    const dayAndHourLater = new Date(Date.now() + 25 * 60 * 60 * 1000);
    const sweep = (now: Date) => sweepUnusedUploads({ db: server.db, images: store(), graceHours: 24, now });

    expect(await sweep(hourLater)).toEqual([]);
    const swept = await sweep(dayAndHourLater);
    expect(swept).toContain(abandoned);
    expect(swept).not.toEqual(expect.arrayContaining([listed]));
    expect(swept).not.toEqual(expect.arrayContaining([booked]));
    expect(await stored(listed)).toBe(true);
    expect(await stored(booked)).toBe(true);
    expect(await stored(abandoned)).toBe(false);
    expect((await server.app.inject({ method: 'GET', url: `/images/${abandoned}` })).statusCode).toBe(404);

    // Once its listing is deleted, the listed image goes at the next sweep too.
    await call(server, 'DELETE', `/api/product/delete/${productId}`, { as: seller });
    expect(await sweep(dayAndHourLater)).toEqual([listed]);
    expect(await stored(listed)).toBe(false);
    expect(await stored(booked)).toBe(true);
  });

  it('leaves images that did not come through the upload call (the demo covers) alone', async () => {
    const cover = await store().save(drawCover(5, 8, 8), 'image/png');
    await sweepUnusedUploads({
      db: server.db,
      images: store(),
      graceHours: 24,
      now: new Date(Date.now() + 100 * 24 * 60 * 60 * 1000),
    });
    expect(await stored(path.basename(cover))).toBe(true);
  });
});

describe('a nearly full disk', () => {
  it('refuses uploads and other writes with 507 and keeps serving reads, then takes writes again', async () => {
    freeBytes = 10 * MB;
    await probeAgain();
    const refusedUpload = await upload(drawCover(20, 8, 8));
    expect(refusedUpload.statusCode).toBe(507);
    expect(refusedUpload.json()).toEqual({ message: expect.stringMatching(/disk space/) });
    const refusedListing = await call(server, 'POST', '/api/product/create', { as: seller, body: VALID_PRODUCT });
    // Other writes only meet this disk when the database (PGlite) lives on it.
    expect(refusedListing.status).toBe(server.kind === 'pglite' ? 507 : 201);
    expect((await call(server, 'GET', '/api/category/list?page=0&size=5')).status).toBe(200);
    expect((await call(server, 'GET', '/health')).status).toBe(200);

    freeBytes = 10 * 1024 * MB;
    await probeAgain();
    expect((await upload(drawCover(21, 8, 8))).statusCode).toBe(200);
    expect((await call(server, 'POST', '/api/product/create', { as: seller, body: VALID_PRODUCT })).status).toBe(201);
  });
});

describe('the server’s own sweeps', () => {
  it('run every UPLOAD_SWEEP_MINUTES and remove an unused upload past its grace period', async () => {
    const sweeping = await startTestServer({
      uploads: {
        perDayCount: 10,
        perDayBytes: 10 * MB,
        graceHours: 24,
        sweepIntervalMinutes: 0.002,
        minFreeDiskBytes: 1,
      },
    });
    try {
      const owner = await givenUser(sweeping, 'seller', 'Sweeping Seller');
      const name = await imagesOf(sweeping).save(drawCover(30, 8, 8), 'image/png');
      const file = path.basename(name);
      await sweeping.db.insert(uploads).values({ name: file, ownerId: owner.id, bytes: 100 });
      await new Promise((resolve) => setTimeout(resolve, 500));
      expect(await stored(file, sweeping)).toBe(true);

      await sweeping.db
        .update(uploads)
        .set({ createdAt: new Date(Date.now() - 25 * 60 * 60 * 1000) })
        .where(eq(uploads.name, file));
      await waitFor(async () => !(await stored(file, sweeping)));
      expect(await sweeping.db.select().from(uploads).where(eq(uploads.name, file))).toEqual([]);
    } finally {
      await sweeping.close();
    }
  });
});

async function waitFor(condition: () => Promise<boolean>, timeoutMs = 5000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await condition())) {
    if (Date.now() > deadline) throw new Error('timed out waiting');
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

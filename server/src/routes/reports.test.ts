import { eq } from 'drizzle-orm';
import { reportSchema, type Report } from '@bookswap/shared/schemas';
import { readConfig } from '../config';
import { reports } from '../db/schema';
import {
  ADA_ADMIN,
  BEA_BUYER,
  BO_BUYER,
  call,
  givenProduct,
  givenUser,
  SAM_SELLER,
  serverForThisFile,
  type Person,
} from '../testing/test-server';

// One buyer's report used to keep a listing out of the ads, so one buyer could have done it to every listing. This file
// runs the product's own REPORTS_TO_FLAG (3) and a small REPORTS_PER_DAY.
const { reportsToFlag } = readConfig({});
const REPORTS_PER_DAY = 10;

const { server, seller, buyer, buyer2, buyer3, admin } = serverForThisFile(
  {
    seller: SAM_SELLER,
    buyer: BEA_BUYER,
    buyer2: BO_BUYER,
    buyer3: { role: 'buyer', name: 'Cy Buyer' },
    admin: ADA_ADMIN,
  },
  { reportsToFlag, reportsPerDay: REPORTS_PER_DAY },
);

async function report(by: Person, productId: string, reason = 'High Price') {
  return call(server, 'POST', '/api/report/create', { as: by, body: { productId, reason } });
}

async function reported(by: Person, productId: string): Promise<string> {
  const created = await report(by, productId);
  expect(created.status).toBe(201);
  return created.body.insertedId as string;
}

const productOf = async (id: string) => (await call(server, 'GET', `/api/product/list/${id}`)).body;
const adIds = async () =>
  (await call(server, 'GET', '/api/product/Ads/list')).body.map((product: { _id: string }) => product._id);
const advertise = (id: string) => call(server, 'PUT', `/api/product/update/${id}`, { as: seller });
const reportsOn = async (productId: string) =>
  (await call(server, 'GET', '/api/report/list', { as: admin })).body
    .filter((r: { productId: string }) => r.productId === productId)
    .map((r: unknown) => reportSchema.parse(r));

describe('reported listings and the ads', () => {
  it('takes the product’s default of three people to mark a listing Reported', () => {
    expect(reportsToFlag).toBe(3);
    expect(readConfig({}).reportsPerDay).toBe(20);
    expect(readConfig({ REPORTS_TO_FLAG: '5', REPORTS_PER_DAY: '7' })).toMatchObject({
      reportsToFlag: 5,
      reportsPerDay: 7,
    });
    expect(() => readConfig({ REPORTS_TO_FLAG: '0' })).toThrow(/REPORTS_TO_FLAG/);
  });

  it('one buyer’s report leaves the listing in the ads and advertisable, and the admin still sees it', async () => {
    const inAds = await givenProduct(server, seller, { book_name: 'Still Advertised' });
    expect((await advertise(inAds)).body.modifiedCount).toBe(1);
    const notYet = await givenProduct(server, seller, { book_name: 'Advertised Later' });
    const first = await reported(buyer, inAds);
    await reported(buyer, notYet);

    expect(await productOf(inAds)).toMatchObject({ report: 'false', addADS: true });
    expect(await adIds()).toContain(inAds);
    expect((await advertise(notYet)).body).toEqual({ acknowledged: true, modifiedCount: 1 });
    expect(await adIds()).toContain(notYet);
    const mine = await call(server, 'GET', `/api/product/list?email=${seller.email}`, { as: seller });
    expect(mine.body.find((p: { _id: string }) => p._id === inAds).report).toBe('false');
    // The admin's Report list has every report, one reporter or many, open for a decision.
    expect(await reportsOn(inAds)).toEqual([
      expect.objectContaining({ _id: first, reporterName: buyer.name, status: 'open', report: false }),
    ]);
    // The reporter still cannot report it twice.
    expect((await report(buyer, inAds, 'Other')).status).toBe(409);
  });

  it('the third person’s report marks it Reported and takes it out of the ads; a dismissal puts it back in reach', async () => {
    const id = await givenProduct(server, seller, { book_name: 'Widely Doubted' });
    await advertise(id);
    await reported(buyer, id);
    await reported(buyer2, id);
    expect(await productOf(id)).toMatchObject({ report: 'false', addADS: true });
    expect(await adIds()).toContain(id);

    const third = await reported(buyer3, id);
    expect(await productOf(id)).toMatchObject({ report: 'true', addADS: false });
    expect(await adIds()).not.toContain(id);
    expect((await advertise(id)).status).toBe(409);
    // Reported is not hidden: the listing stays on the public lists until an admin decides.
    expect((await call(server, 'GET', `/api/product/list/${id}`)).status).toBe(200);
    expect(await reportsOn(id)).toHaveLength(3);

    expect((await call(server, 'PUT', `/api/report/dismiss/${third}`, { as: admin })).status).toBe(200);
    expect(await productOf(id)).toMatchObject({ report: 'false', addADS: false });
    expect((await advertise(id)).body.modifiedCount).toBe(1);
    expect(await adIds()).toContain(id);
  });

  it('three people reporting at once mark it Reported, however their reports interleave', async () => {
    const ids = await Promise.all([1, 2, 3].map((n) => givenProduct(server, seller, { book_name: `At Once ${n}` })));
    for (const id of ids) await advertise(id);
    const answers = await Promise.all(ids.flatMap((id) => [buyer, buyer2, buyer3].map((by) => report(by, id))));
    expect(answers.map((answer) => answer.status)).toEqual(Array<number>(9).fill(201));
    const ads = await adIds();
    for (const id of ids) {
      expect(await productOf(id)).toMatchObject({ report: 'true', addADS: false });
      expect(ads).not.toContain(id);
    }
  });

  it('an admin hides a listing on a single report, which takes it out of the ads and every list', async () => {
    const id = await givenProduct(server, seller, { book_name: 'Plainly Fake' });
    await advertise(id);
    await reported(buyer, id);
    expect((await call(server, 'PUT', `/api/report/update/${id}`, { as: admin })).body).toEqual({
      acknowledged: true,
      modifiedCount: 1,
    });
    expect(await adIds()).not.toContain(id);
    expect((await call(server, 'GET', `/api/product/list/${id}`)).status).toBe(404);
    expect(await reportsOn(id)).toEqual([expect.objectContaining({ status: 'hidden', report: true })]);
  });
});

describe('the daily cap on one person’s reports', () => {
  it('past REPORTS_PER_DAY a clear 429 and nothing is stored; parallel reports cannot slip past', async () => {
    const hasty = await givenUser(server, 'buyer', 'Hasty Reporter');
    const ids = await Promise.all(
      Array.from({ length: REPORTS_PER_DAY + 3 }, (_, n) => givenProduct(server, seller, { book_name: `Shelf ${n}` })),
    );
    const answers = await Promise.all(ids.map((id) => report(hasty, id)));
    expect(answers.map((answer) => answer.status).sort()).toEqual([
      ...Array<number>(REPORTS_PER_DAY).fill(201),
      ...Array<number>(3).fill(429),
    ]);
    expect(answers.find((answer) => answer.status === 429)?.body).toEqual({
      message: `You have made the ${REPORTS_PER_DAY} reports a day allows; try again tomorrow`,
    });
    const stored = await server.db.select().from(reports).where(eq(reports.reporterId, hasty.id));
    expect(stored).toHaveLength(REPORTS_PER_DAY);

    // Each person counts apart.
    const calm = await givenUser(server, 'buyer', 'Calm Reporter');
    expect((await report(calm, ids[0]!)).status).toBe(201);
  });
});

describe('the Other reason’s own words', () => {
  const reportWith = (by: Person, productId: string, body: Record<string, unknown>) =>
    call(server, 'POST', '/api/report/create', { as: by, body: { productId, ...body } });

  it('stores what is wrong, trimmed, and shows it to the admin; reports without it read null', async () => {
    const id = await givenProduct(server, seller, { book_name: 'Wrong Edition' });
    const explains = await givenUser(server, 'buyer', 'Explaining Reporter');
    const silent = await givenUser(server, 'buyer', 'Silent Reporter');
    const priced = await givenUser(server, 'buyer', 'Pricing Reporter');
    const details = '  The photos show a different edition.  ';
    expect((await reportWith(explains, id, { reason: 'Other', details })).status).toBe(201);
    // The product.md's call, without the field, still works for Other.
    expect((await reportWith(silent, id, { reason: 'Other' })).status).toBe(201);
    expect((await reportWith(priced, id, { reason: 'High Price' })).status).toBe(201);

    const byReporter = Object.fromEntries((await reportsOn(id)).map((r: Report) => [r.reporterName, r.details]));
    expect(byReporter).toEqual({
      'Explaining Reporter': 'The photos show a different edition.',
      'Silent Reporter': null,
      'Pricing Reporter': null,
    });
  });

  it('refuses text that is too long, blank, ill-formed, or given with another reason, and stores nothing', async () => {
    const id = await givenProduct(server, seller, { book_name: 'Refused Words' });
    const hasty = await givenUser(server, 'buyer', 'Wordy Reporter');
    const refusals = [
      { reason: 'Other', details: 'x'.repeat(501) },
      { reason: 'Other', details: '   ' },
      { reason: 'Other', details: 'broken \uD800 text' },
      { reason: 'High Price', details: 'Twice what it costs new' },
    ];
    const answers = await Promise.all(refusals.map((body) => reportWith(hasty, id, body)));
    expect(answers.map((answer) => [answer.status, answer.body.field, answer.body.message])).toEqual([
      [400, 'details', expect.stringMatching(/^details: .*500/)],
      [400, 'details', expect.stringMatching(/^details: /)],
      [400, 'details', expect.stringMatching(/^details: must be well-formed text/)],
      [400, 'details', 'details: is taken only with the reason Other'],
    ]);
    expect(await reportsOn(id)).toEqual([]);
    // 500 characters is the limit, not past it.
    expect((await reportWith(hasty, id, { reason: 'Other', details: 'y'.repeat(500) })).status).toBe(201);
    expect((await reportsOn(id))[0]?.details).toBe('y'.repeat(500));
  });
});

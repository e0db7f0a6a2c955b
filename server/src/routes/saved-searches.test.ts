import { eq } from 'drizzle-orm';
import { savedSearchListSchema, SAVED_SEARCHES_MAX } from '@bookswap/shared/schemas';
import { mailOutbox, notifications, savedSearches, savedSearchMatches } from '../db/schema';
import { unsubscribeLinks } from '../auth/unsubscribe-links';
import { insertListing } from '../repositories/products-repository';
import { queueNewListing } from '../repositories/saved-searches-repository';
import { sendSavedSearchAlerts } from '../services/saved-search-alerts';
import { startMailCatcher, type MailCatcher } from '../testing/mail-catcher';
import {
  call,
  givenProduct,
  givenUser,
  serverForThisFile,
  testConfig,
  TEST_COVER_URL,
  type Person,
} from '../testing/test-server';
import { until } from '../testing/until';

let catcher: MailCatcher;
beforeAll(async () => {
  catcher = await startMailCatcher();
});
afterAll(() => catcher.close());
// The server's own workers match, write digests and deliver them to the catcher, as in production.
const { server } = serverForThisFile({}, () => ({
  mail: { ...testConfig('').mail, smtpUrl: catcher.smtpUrl, pollMs: 50 },
}));

let next = 0;
const person = (role: 'buyer' | 'seller' = 'buyer', verified = false) =>
  givenUser(server, role, `Searcher ${role} ${next++}`, { verified });

const save = (as: Person, body: unknown) => call(server, 'POST', '/api/saved-search', { as, body });
const listOf = async (as: Person) =>
  savedSearchListSchema.parse((await call(server, 'GET', '/api/saved-search/list', { as })).body);
const storedOf = (as: Person) => server.db.select().from(savedSearches).where(eq(savedSearches.userId, as.id));
const digestsTo = (as: Person) => server.db.select().from(mailOutbox).where(eq(mailOutbox.toEmail, as.email));
const noticesOf = (as: Person) => server.db.select().from(notifications).where(eq(notifications.userId, as.id));
/** The server's own links: its secret and public address. */
const links = () => unsubscribeLinks(server.config.jwtSecret!, server.config.publicUrl);
/** Listings committed together, as if listed within one round of the alerts. */
const listTogether = (seller: Person, titles: string[], state: { sold?: boolean; hidden?: boolean } = {}) =>
  server.db.transaction(async (tx) => {
    for (const title of titles) {
      const id = await insertListing(tx, {
        sellerId: seller.id,
        sellerName: seller.name,
        sellerEmail: seller.email,
        sellerVerified: false,
        title,
        author: 'Ann Author',
        categoryId: '9',
        categoryName: 'Others',
        description: '',
        originalPrice: '10',
        resalePrice: '5',
        yearsOfUse: '1',
        condition: 'Fair',
        imageUrl: TEST_COVER_URL,
        phone: '',
        pickupLocation: 'Dhaka',
        ...state,
      });
      await queueNewListing(tx, id);
    }
  });
/**
 * Every listing queued so far matched and every digest written, by the same round the workers run: until a round this
 * call ran finds nothing new. A round the server's own worker holds is waited out, not read as an empty one.
 */
const alertsDone = async () => {
  for (;;) {
    const round = await sendSavedSearchAlerts(server.db, links());
    if (round.taken && round.listings === 0) return;
    if (!round.taken) await new Promise((resolve) => setTimeout(resolve, 20));
  }
};

describe('saving the book list’s search', () => {
  it('a buyer saves the list’s filters as its URL gives them, reads them back, and the same search is saved once', async () => {
    const buyer = await person();
    const saved = await save(buyer, {
      search: '  Dune ',
      category: ['7', '5', '7'],
      condition: 'Good',
      minPrice: '5',
      maxPrice: '12.50',
      verified: '1',
      page: '3',
      size: '10',
      sort: 'price_asc',
    });
    expect(saved.status).toBe(201);
    expect(await listOf(buyer)).toEqual([
      {
        _id: saved.body.insertedId,
        search: 'Dune',
        category: ['5', '7'],
        condition: ['Good'],
        minPrice: '5',
        maxPrice: '12.50',
        verified: true,
        listQuery: 'search=Dune&category=5&category=7&condition=Good&minPrice=5&maxPrice=12.50&verified=1',
        // The words its emails and the Saved Searches screen name it by.
        label: '“Dune”, Adventure stories or Science fiction, Good, $5.00 to $12.50, verified sellers',
        createdAt: expect.any(String),
      },
    ]);
    // Another spelling of the same filters (order, case, repeats, price written otherwise, another page) is the same.
    const again = await save(buyer, {
      search: 'dune',
      category: ['7', '5'],
      condition: ['Good'],
      minPrice: '5.00',
      maxPrice: '12.5',
      verified: '1',
    });
    expect([again.status, again.body]).toEqual([
      409,
      { message: 'You have already saved this search', field: 'search' },
    ]);
    expect(await storedOf(buyer)).toHaveLength(1);
    // Someone else may save the same search.
    expect((await save(await person(), { search: 'dune' })).status).toBe(201);
  });

  it(`keeps at most ${SAVED_SEARCHES_MAX} searches per person, then says why and stores nothing`, async () => {
    const buyer = await person();
    for (let n = 0; n < SAVED_SEARCHES_MAX; n++) expect((await save(buyer, { search: `book ${n}` })).status).toBe(201);
    const over = await save(buyer, { search: 'one too many' });
    expect(over.status).toBe(409);
    expect(over.body.message).toMatch(/20 saved searches.*delete one/);
    expect(await storedOf(buyer)).toHaveLength(SAVED_SEARCHES_MAX);
    // Deleting one makes room.
    const [first] = await listOf(buyer);
    expect((await call(server, 'DELETE', `/api/saved-search/${first!._id}`, { as: buyer })).body).toEqual({
      acknowledged: true,
      deletedCount: 1,
    });
    expect((await save(buyer, { search: 'one too many' })).status).toBe(201);
  });

  it.each([
    [{}, 'search', /Type a search or choose a filter/],
    [{ search: '   ' }, 'search', /Type a search or choose a filter/],
    [{ search: 'x'.repeat(201) }, 'search', /200/],
    [{ category: '10' }, 'category', /category must be a category id/],
    [{ condition: 'Mint' }, 'condition', /condition must be Excellent, Good or Fair/],
    [{ minPrice: 'cheap' }, 'minPrice', /minPrice must be a price/],
    [{ minPrice: '20', maxPrice: '5' }, 'minPrice', /minPrice must not be above maxPrice/],
    [{ verified: 'yes' }, 'verified', /verified must be 1/],
  ])('refuses %j with a 400 naming %s, storing nothing', async (body, field, message) => {
    const buyer = await person();
    const answer = await save(buyer, body);
    expect(answer.status).toBe(400);
    // A repeated value's field names its place, as the book list's own answers do (`category.0`).
    expect(answer.body.field).toMatch(new RegExp(`^${field}\\b`));
    expect(answer.body.message).toMatch(message);
    expect(await storedOf(buyer)).toHaveLength(0);
  });

  it('only its owner lists and deletes a saved search; an unknown one is a 404', async () => {
    const owner = await person();
    const other = await person();
    const { insertedId } = (await save(owner, { search: 'private' })).body;
    expect(await listOf(other)).toEqual([]);
    const refused = await call(server, 'DELETE', `/api/saved-search/${insertedId}`, { as: other });
    expect([refused.status, refused.body]).toEqual([403, { message: 'You can only delete your own saved searches' }]);
    expect(await storedOf(owner)).toHaveLength(1);
    const unknown = await call(server, 'DELETE', '/api/saved-search/no-such-search', { as: owner });
    expect([unknown.status, unknown.body]).toEqual([404, { message: 'No saved search with this id' }]);
  });
});

describe('a new listing that matches a saved search', () => {
  it('sends each matching search one notification and one email, once, and no one else', async () => {
    const seller = await person('seller');
    const wanted = await person();
    const pricey = await person();
    const otherCategory = await person();
    const verifiedOnly = await person();
    await save(wanted, { search: 'zanzibar', category: '2', condition: ['Good', 'Fair'], maxPrice: '15' });
    await save(pricey, { search: 'zanzibar', minPrice: '13' });
    await save(otherCategory, { search: 'zanzibar', category: '7' });
    await save(verifiedOnly, { search: 'zanzibar', verified: '1' });
    // The seller's own search does not hear of their own listing.
    await save(seller, { search: 'zanzibar' });

    await givenProduct(server, seller, { book_name: 'The Zanzibar Chest', resale_price: '12.50' });
    const [notice] = await until(
      () => noticesOf(wanted),
      (rows) => rows.length > 0,
      'the digest notification',
    );
    expect(notice).toMatchObject({
      kind: 'saved-search-match',
      title: '1 new book for your saved search',
      link: '/booklist?search=zanzibar&category=2&condition=Fair&condition=Good&maxPrice=15',
    });
    const [mail] = await until(
      () => digestsTo(wanted),
      (rows) => rows.length > 0,
      'the digest email',
    );
    expect(mail!.subject).toBe('Bookswap: 1 new book for “zanzibar”, Poetry, Fair or Good, up to $15.00');
    expect(mail!.body).toContain('- The Zanzibar Chest by Rabindranath Tagore, 12.50, Good');

    // Rounds after it add nothing: the pair was told of once.
    await alertsDone();
    await alertsDone();
    expect(await noticesOf(wanted)).toHaveLength(1);
    expect(await digestsTo(wanted)).toHaveLength(1);
    for (const left of [pricey, otherCategory, verifiedOnly, seller]) {
      expect([left.name, await noticesOf(left), await digestsTo(left)]).toEqual([left.name, [], []]);
    }
  });

  it('gathers the new listings of a round into one digest naming ten and counting the rest', async () => {
    const seller = await person('seller', true);
    const buyer = await person();
    await save(buyer, { search: 'quokka' });
    await listTogether(
      seller,
      Array.from({ length: 12 }, (_, n) => `Quokka ${n + 1}`),
    );
    const [mail] = await until(
      () => digestsTo(buyer),
      (rows) => rows.length > 0,
      'the digest email',
    );
    expect(mail!.subject).toBe('Bookswap: 12 new books for “quokka”');
    expect(mail!.body.match(/^- Quokka/gm)).toHaveLength(10);
    expect(mail!.body).toContain('…and 2 more.');
    await alertsDone();
    expect(await digestsTo(buyer)).toHaveLength(1);
  });

  it('a listing hidden or sold before its round, or of a deleted search, tells no one', async () => {
    const seller = await person('seller');
    const buyer = await person();
    const { insertedId } = (await save(buyer, { search: 'wombat' })).body;
    await call(server, 'DELETE', `/api/saved-search/${insertedId}`, { as: buyer });
    await givenProduct(server, seller, { book_name: 'Wombat Days' });
    const kept = await person();
    await save(kept, { search: 'numbat' });
    await listTogether(seller, ['Numbat Sold'], { sold: true });
    await listTogether(seller, ['Numbat Hidden'], { hidden: true });
    await alertsDone();
    expect(await digestsTo(buyer)).toEqual([]);
    expect(await digestsTo(kept)).toEqual([]);
    expect(await noticesOf(kept)).toEqual([]);
    expect(
      await server.db.select().from(savedSearchMatches).where(eq(savedSearchMatches.savedSearchId, insertedId)),
    ).toEqual([]);
  });

  it('emails the digest with a one-click unsubscribe link that needs no sign-in and ends that search only', async () => {
    const seller = await person('seller');
    const buyer = await person();
    await save(buyer, { search: 'axolotl' });
    await save(buyer, { search: 'axolotl', condition: 'Good' });
    await givenProduct(server, seller, { book_name: 'Axolotl Tales' });
    const mine = await until(
      async () => catcher.mails.filter((m) => m.to.includes(buyer.email)),
      (found) => found.length === 2,
      'both digests delivered',
    );
    const [first] = mine;
    const link = /List-Unsubscribe:\s*<([^>]+)>/i.exec(first!.raw)?.[1];
    expect(link).toMatch(/^http:\/\/localhost:5000\/api\/saved-search\/unsubscribe\?id=\w+&token=[\w-]{43}$/);
    expect(first!.text).toContain(`To stop these emails for this search, open ${link}`);
    const url = link!.replace('http://localhost:5000', '');

    const page = await server.app.inject({ method: 'GET', url, headers: { accept: 'text/html' } });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toMatch(/text\/html/);
    expect(page.body).toContain('You will get no more emails about this saved search.');
    expect(await listOf(buyer)).toHaveLength(1);
    // Opening it again says so; a token of another search, or made up, ends nothing.
    expect((await call(server, 'GET', url)).body).toEqual({
      unsubscribed: false,
      message: 'This saved search was already deleted: you get no emails about it.',
    });
    const [kept] = await listOf(buyer);
    const forged = await call(server, 'GET', url.replace(/id=\w+/, `id=${kept!._id}`));
    expect([forged.status, forged.body.message]).toEqual([403, expect.stringMatching(/not valid/)]);
    const badToken = await call(server, 'GET', `/api/saved-search/unsubscribe?id=${kept!._id}&token=short`);
    expect(badToken.status).toBe(400);
    expect(await listOf(buyer)).toHaveLength(1);
  });

  it('two instances running a round at once write one digest', async () => {
    const seller = await person('seller');
    const buyer = await person();
    await save(buyer, { search: 'pangolin' });
    await listTogether(seller, ['Pangolin Nights']);
    await Promise.all([sendSavedSearchAlerts(server.db, links()), sendSavedSearchAlerts(server.db, links())]);
    await alertsDone();
    expect(await digestsTo(buyer)).toHaveLength(1);
  });
});

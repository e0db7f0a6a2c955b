import { and, asc, eq } from 'drizzle-orm';
import {
  adminReviewSchema,
  bookingReviewsSchema,
  sellerReviewsSchema,
  type BookingReviews,
} from '@bookswap/shared/schemas';
import { bookings, mailOutbox, notifications, reviews } from '../db/schema';
import { remindReviewers } from '../services/review-reminders';
import {
  ADA_ADMIN,
  call,
  givenBooking,
  givenProduct,
  givenUser,
  payForBooking,
  serverForThisFile,
  type Person,
} from '../testing/test-server';

// A small daily cap, so the quota's story runs in a few calls; each other story reviews as people of its own.
const REVIEWS_PER_DAY = 2;
const { server, admin } = serverForThisFile({ admin: ADA_ADMIN }, { reviewsPerDay: REVIEWS_PER_DAY });

const DAY_MS = 24 * 60 * 60 * 1000;
let next = 0;

/** A seller's book, booked and paid for by a buyer: handed over unless asked not to. */
async function givenHandOver(options: { seller?: Person; buyer?: Person; handOver?: boolean } = {}) {
  const n = next++;
  const seller = options.seller ?? (await givenUser(server, 'seller', `Review Seller ${n}`));
  const buyer = options.buyer ?? (await givenUser(server, 'buyer', `Review Buyer ${n}`));
  const productId = await givenProduct(server, seller, { book_name: `Review Book ${n}` });
  const bookingId = await givenBooking(server, buyer, productId);
  expect((await payForBooking(server, buyer, bookingId, productId)).status).toBe(201);
  if (options.handOver !== false) {
    expect((await call(server, 'PUT', `/api/booking/handover/${bookingId}`, { as: seller })).status).toBe(200);
  }
  return { seller, buyer, productId, bookingId };
}

/** Moves the hand-over `days` into the past: the clock of the review window, as a test moves it. */
const handedOverDaysAgo = (bookingId: string, days: number) =>
  server.db
    .update(bookings)
    .set({ handedOverAt: new Date(Date.now() - days * DAY_MS) })
    .where(eq(bookings.id, bookingId));

const review = (as: Person, bookingId: string, body: unknown) =>
  call(server, 'POST', `/api/booking/${bookingId}/review`, { as, body });
const stateOf = async (as: Person, bookingId: string): Promise<BookingReviews> => {
  const answer = await call(server, 'GET', `/api/booking/${bookingId}/review`, { as });
  expect(answer.status).toBe(200);
  return bookingReviewsSchema.parse(answer.body);
};
const sellerPage = async (seller: Person, query = '') => {
  const answer = await call(server, 'GET', `/api/seller/${seller.id}/reviews${query}`);
  expect(answer.status).toBe(200);
  return sellerReviewsSchema.parse(answer.body);
};
const storedReviews = (bookingId: string) =>
  server.db.select().from(reviews).where(eq(reviews.bookingId, bookingId)).orderBy(asc(reviews.createdAt));
const noticesOf = (person: Person, kind: 'review-invite' | 'review-reminder') =>
  server.db
    .select()
    .from(notifications)
    .where(and(eq(notifications.userId, person.id), eq(notifications.kind, kind)));
const mailTo = (person: Person, subject: RegExp) =>
  server.db
    .select()
    .from(mailOutbox)
    .where(eq(mailOutbox.toEmail, person.email))
    .then((rows) => rows.filter((mail) => subject.test(mail.subject)));

describe('reviews after a hand-over', () => {
  it('each party reviews the other once; a review stays hidden from everyone until both have written, then both show', async () => {
    const { seller, buyer, bookingId } = await givenHandOver();
    expect(await stateOf(buyer, bookingId)).toMatchObject({
      party: 'buyer',
      otherName: seller.name,
      canWrite: true,
      visible: false,
      mine: null,
      theirsWritten: false,
      theirs: null,
    });

    expect((await review(buyer, bookingId, { stars: 5, text: '  On time, book as described.  ' })).status).toBe(201);
    expect(await stateOf(buyer, bookingId)).toMatchObject({
      canWrite: false,
      visible: false,
      mine: { authorParty: 'buyer', authorName: buyer.name, stars: 5, text: 'On time, book as described.' },
      theirsWritten: false,
    });
    // The seller learns that the buyer wrote, not what.
    expect(await stateOf(seller, bookingId)).toMatchObject({
      party: 'seller',
      otherName: buyer.name,
      canWrite: true,
      visible: false,
      theirsWritten: true,
      theirs: null,
    });
    expect(await sellerPage(seller)).toEqual({ rating: { average: null, count: 0 }, reviews: [] });

    expect((await review(seller, bookingId, { stars: 4 })).status).toBe(201);
    const asSeller = await stateOf(seller, bookingId);
    expect(asSeller).toMatchObject({
      visible: true,
      canWrite: false,
      mine: { stars: 4, text: '' },
      theirs: { authorParty: 'buyer', stars: 5, text: 'On time, book as described.' },
    });
    expect((await stateOf(buyer, bookingId)).theirs).toMatchObject({ authorParty: 'seller', stars: 4 });
    // The seller's page shows what their buyers wrote of them, not what they wrote of buyers.
    const page = await sellerPage(seller);
    expect(page.rating).toEqual({ average: 5, count: 1 });
    expect(page.reviews.map((r) => [r.authorName, r.stars, r.text])).toEqual([
      [buyer.name, 5, 'On time, book as described.'],
    ]);

    const again = await review(buyer, bookingId, { stars: 1, text: 'Changed my mind' });
    expect([again.status, again.body.message]).toEqual([409, 'You have already reviewed this booking']);
    expect(await storedReviews(bookingId)).toHaveLength(2);
  });

  it('when the 14 days end, a lone review shows; no review is taken after them', async () => {
    const { seller, buyer, bookingId } = await givenHandOver();
    await handedOverDaysAgo(bookingId, 13.9);
    expect((await review(buyer, bookingId, { stars: 2, text: 'Came late' })).status).toBe(201);
    expect((await stateOf(seller, bookingId)).theirs).toBeNull();
    expect((await sellerPage(seller)).rating.count).toBe(0);

    await handedOverDaysAgo(bookingId, 14.1);
    expect(await stateOf(seller, bookingId)).toMatchObject({
      canWrite: false,
      visible: true,
      mine: null,
      theirs: { stars: 2, text: 'Came late' },
    });
    expect((await sellerPage(seller)).rating).toEqual({ average: 2, count: 1 });
    const late = await review(seller, bookingId, { stars: 5 });
    expect(late.status).toBe(409);
    expect(late.body.message).toMatch(/^The 14 days to review this booking ended on .+ UTC$/);
    expect(await storedReviews(bookingId)).toHaveLength(1);
  });

  it('only a party of a handed-over booking reviews: others get 403, an unknown booking 404, a booking not handed over 409', async () => {
    const { seller, buyer, bookingId } = await givenHandOver();
    const strangers = [
      await givenUser(server, 'buyer', `Nosy Reviewer ${next}`),
      await givenUser(server, 'seller', `Nosy Seller ${next++}`),
      admin,
    ];
    for (const stranger of strangers) {
      const answers = [
        await review(stranger, bookingId, { stars: 1 }),
        await call(server, 'GET', `/api/booking/${bookingId}/review`, { as: stranger }),
      ];
      expect(answers.map((answer) => [answer.status, answer.body.message])).toEqual([
        [403, 'Only the buyer and the seller of a booking can review it'],
        [403, 'Only the buyer and the seller of a booking can review it'],
      ]);
    }
    const unknown = await review(buyer, 'no-such-booking', { stars: 3 });
    expect([unknown.status, unknown.body]).toEqual([404, { message: 'No booking with this id' }]);

    const paid = await givenHandOver({ seller, buyer, handOver: false });
    const early = await review(buyer, paid.bookingId, { stars: 5 });
    expect([early.status, early.body.message]).toEqual([409, 'Only a booking that was handed over can be reviewed']);
    expect(await stateOf(buyer, paid.bookingId)).toMatchObject({ canWrite: false, windowEndsAt: null, visible: false });
    expect(await storedReviews(paid.bookingId)).toHaveLength(0);
    expect(await storedReviews(bookingId)).toHaveLength(0);
  });

  it('1 to 5 whole stars and at most 1,000 characters after trimming, possibly none; bad input stores nothing', async () => {
    const { buyer, bookingId } = await givenHandOver();
    const bad: [unknown, string][] = [
      [{ stars: 0 }, 'stars'],
      [{ stars: 6 }, 'stars'],
      [{ stars: 4.5 }, 'stars'],
      [{ stars: '5' }, 'stars'],
      [{}, 'stars'],
      [{ stars: 3, text: 'x'.repeat(1001) }, 'text'],
      [{ stars: 3, text: 'nul \u0000 inside' }, 'text'],
      [{ stars: 3, text: 42 }, 'text'],
    ];
    for (const [body, field] of bad) {
      const answer = await review(buyer, bookingId, body);
      expect([answer.status, answer.body.field, typeof answer.body.message]).toEqual([400, field, 'string']);
    }
    expect(await storedReviews(bookingId)).toHaveLength(0);
    expect((await review(buyer, bookingId, { stars: 3, text: `  ${'x'.repeat(1000)}  ` })).status).toBe(201);
    expect((await storedReviews(bookingId))[0]).toMatchObject({ stars: 3, body: 'x'.repeat(1000) });
  });

  it(`past ${REVIEWS_PER_DAY} reviews a day an author gets a clear 429 and nothing is stored`, async () => {
    const buyer = await givenUser(server, 'buyer', `Busy Reviewer ${next++}`);
    const handOvers = [];
    for (let i = 0; i <= REVIEWS_PER_DAY; i++) handOvers.push(await givenHandOver({ buyer }));
    const answers = await Promise.all(handOvers.map(({ bookingId }) => review(buyer, bookingId, { stars: 4 })));
    expect(answers.map((answer) => answer.status).sort()).toEqual([...Array<number>(REVIEWS_PER_DAY).fill(201), 429]);
    expect(answers.find((answer) => answer.status === 429)!.body).toEqual({
      message: `You have written the ${REVIEWS_PER_DAY} reviews a day allows; try again tomorrow`,
    });
    const stored = await Promise.all(handOvers.map(({ bookingId }) => storedReviews(bookingId)));
    expect(stored.flat()).toHaveLength(REVIEWS_PER_DAY);
  });

  it('a seller’s reviews come newest first a page at a time, with the average over all of them; an unknown seller is a 404', async () => {
    const seller = await givenUser(server, 'seller', `Rated Seller ${next++}`);
    const stars = [5, 4, 4, 3, 5, 2];
    for (const [i, given] of stars.entries()) {
      const { buyer, bookingId } = await givenHandOver({ seller });
      expect((await review(buyer, bookingId, { stars: given, text: `Review ${i}` })).status).toBe(201);
      // Shown once the window ends (the seller, within their daily quota, need not write).
      await handedOverDaysAgo(bookingId, 15);
    }
    const first = await sellerPage(seller, '?page=0&size=5');
    expect(first.rating).toEqual({ average: 3.8, count: 6 });
    expect(first.reviews.map((r) => r.text)).toEqual(['Review 5', 'Review 4', 'Review 3', 'Review 2', 'Review 1']);
    expect((await sellerPage(seller, '?page=1&size=5')).reviews.map((r) => r.text)).toEqual(['Review 0']);
    expect((await call(server, 'GET', `/api/seller/${seller.id}/reviews?size=7`)).status).toBe(400);
    const unknown = await call(server, 'GET', '/api/seller/no-such-seller/reviews');
    expect([unknown.status, unknown.body]).toEqual([404, { message: 'No seller with this id' }]);
  });

  it('an admin hides a review, audited: it shows to no one, leaves the average, and cannot be hidden twice', async () => {
    const { seller, buyer, bookingId } = await givenHandOver();
    await review(buyer, bookingId, { stars: 1, text: 'Insulting words' });
    await review(seller, bookingId, { stars: 5 });
    const other = await givenHandOver({ seller });
    await review(other.buyer, other.bookingId, { stars: 5 });
    await review(seller, other.bookingId, { stars: 5 });
    expect((await sellerPage(seller)).rating).toEqual({ average: 3, count: 2 });

    const list = await call(server, 'GET', '/api/review/list', { as: admin });
    const listed = adminReviewSchema.array().parse(list.body);
    const insulting = listed.find((r) => r.text === 'Insulting words')!;
    expect(insulting).toMatchObject({ bookingId, subjectName: seller.name, authorName: buyer.name, hidden: false });

    expect((await call(server, 'PUT', `/api/review/hide/${insulting._id}`, { as: admin })).body).toEqual({
      acknowledged: true,
      modifiedCount: 1,
    });
    expect(await sellerPage(seller)).toMatchObject({ rating: { average: 5, count: 1 }, reviews: [{ stars: 5 }] });
    expect((await stateOf(seller, bookingId)).theirs).toBeNull();
    const relisted = adminReviewSchema
      .array()
      .parse((await call(server, 'GET', '/api/review/list', { as: admin })).body);
    expect(relisted.find((r) => r._id === insulting._id)!.hidden).toBe(true);

    const audit = await call(server, 'GET', '/api/audit/list', { as: admin });
    expect(audit.body[0]).toMatchObject({ action: 'hide', targetType: 'review', targetId: insulting._id });
    const twice = await call(server, 'PUT', `/api/review/hide/${insulting._id}`, { as: admin });
    expect([twice.status, twice.body.message]).toEqual([409, 'This review is already hidden']);
    expect((await call(server, 'PUT', '/api/review/hide/no-such-review', { as: admin })).status).toBe(404);
  });
});

describe('invitations and the reminder', () => {
  it('the hand-over invites each party once, by notice and email', async () => {
    const { seller, buyer } = await givenHandOver();
    for (const party of [buyer, seller]) {
      expect(await noticesOf(party, 'review-invite')).toHaveLength(1);
      expect(await mailTo(party, /^Bookswap: Review /)).toHaveLength(1);
    }
    const [toBuyer] = await noticesOf(buyer, 'review-invite');
    expect(toBuyer).toMatchObject({
      title: `Review ${seller.name}: Review Book ${next - 1}`,
      link: '/dashboard/myorder',
    });
    expect((await noticesOf(seller, 'review-invite'))[0]!.link).toBe('/dashboard/booking-requests');
  });

  it('a party who has not written is reminded once from day 11, however many rounds run at once; nobody else is', async () => {
    const due = await givenHandOver();
    const fresh = await givenHandOver();
    const ended = await givenHandOver();
    await handedOverDaysAgo(due.bookingId, 11.5);
    await handedOverDaysAgo(fresh.bookingId, 10.5);
    await handedOverDaysAgo(ended.bookingId, 14.5);
    await review(due.buyer, due.bookingId, { stars: 5 });

    const rounds = await Promise.all([remindReviewers(server.db), remindReviewers(server.db)]);
    expect(rounds.reduce((sum, sent) => sum + sent, 0)).toBe(1);
    expect(await remindReviewers(server.db)).toBe(0);

    expect(await noticesOf(due.seller, 'review-reminder')).toHaveLength(1);
    expect(await mailTo(due.seller, /^Bookswap: Reminder: review /)).toHaveLength(1);
    for (const person of [due.buyer, fresh.buyer, fresh.seller, ended.buyer, ended.seller]) {
      expect(await noticesOf(person, 'review-reminder')).toHaveLength(0);
    }

    // A day on, the fresh booking's parties are due; the first party is not reminded again.
    expect(await remindReviewers(server.db, new Date(Date.now() + DAY_MS))).toBe(2);
    for (const person of [due.seller, fresh.buyer, fresh.seller]) {
      expect(await noticesOf(person, 'review-reminder')).toHaveLength(1);
    }
  });
});

import { DEMO_USERS } from '@bookswap/shared/demo-users';
import { BOOK_CONDITIONS, CATEGORY_CHOICES } from '@bookswap/shared/schemas';
import type { Database } from '../db/database';
import { insertSavedSearchIfNew } from '../repositories/saved-searches-repository';
import { newId } from '../db/ids';
import { isDeadlock } from '../db/pg-error';
import type { ImageStore } from '../images/image-store';
import {
  insertDemoBooking,
  insertDemoListings,
  insertDemoReport,
  insertDemoReviews,
  insertDemoThread,
  insertDemoUsers,
  markDemoListing,
  wipeAllTables,
  type DemoListing,
} from '../repositories/demo-data-repository';
import { insertPayment } from '../repositories/payments-repository';
import { countUsers, type UserRow } from '../repositories/users-repository';
import { insertNotifications, type NewNotification } from '../repositories/notifications-repository';
import { bookingPaidNotice, newBookingNotice, receiptNotice } from '../services/notices';
import { longDateTime } from '../services/wire';
import { TITLE_ADJECTIVES, TITLE_NOUNS } from './book-titles';
import { drawCover } from './cover-image';

const AUTHORS = [
  'Amara Okafor',
  'Lucas Almeida',
  'Hana Suzuki',
  'Mateo Rossi',
  'Ingrid Larsen',
  'Farid Haddad',
  'Priya Raman',
  'Tomas Novak',
  'Elena Petrova',
  'Kwame Mensah',
];
const TOPIC_BY_CATEGORY: Record<string, string> = {
  '1': 'A prize-winning novel',
  '2': 'Collected poems',
  '3': 'The life story',
  '4': 'A clear-eyed account',
  '5': 'An adventure',
  '6': 'A course textbook',
  '7': 'A science fiction classic',
  '8': 'Literary fiction',
  '9': 'A book',
};
const PLACES = [
  'Dhaka, Mirpur 10',
  'Chattogram, GEC Circle',
  'Sylhet, Zindabazar',
  'Khulna, Sonadanga',
  'Rajshahi, Shaheb Bazar',
];

export const DEMO_BOOKS_PER_CATEGORY = 7;

/** `/images/cover-<n>.png` drawn locally into the image store, reused when already there. */
async function writeCovers(images: ImageStore, total: number): Promise<string[]> {
  const paths: string[] = [];
  for (let n = 0; n < total; n++) {
    const name = `cover-${n}.png`;
    await images.keep(name, drawCover(n + 1), 'image/png');
    paths.push(`/images/${name}`);
  }
  return paths;
}

export async function databaseIsEmpty(db: Database): Promise<boolean> {
  return (await countUsers(db)) === 0;
}

/**
 * The demo marketplace: the DEMO_USERS (an admin, two sellers of whom one verified, two
 * buyers), about 60 books in the nine categories with local covers, some advertised, one sold (booked and
 * paid), one reported, and a few open bookings. All in one transaction.
 */
export async function seedDemoData(db: Database, images: ImageStore): Promise<{ users: number; products: number }> {
  const categories = CATEGORY_CHOICES;
  const covers = await writeCovers(images, categories.length * DEMO_BOOKS_PER_CATEGORY);
  return db.transaction(async (tx) => {
    const userRows: UserRow[] = await insertDemoUsers(
      tx,
      DEMO_USERS.map((u) => ({ id: newId(), email: u.email, name: u.userName, role: u.role, verified: u.verify })),
    );
    const sellers = userRows.filter((u) => u.role === 'seller');
    const [buyer, buyer2] = userRows.filter((u) => u.role === 'buyer');
    const now = Date.now();

    const productRows: DemoListing[] = categories.flatMap((category, c) =>
      Array.from({ length: DEMO_BOOKS_PER_CATEGORY }, (_, i) => {
        const n = c * DEMO_BOOKS_PER_CATEGORY + i;
        const seller = sellers[n % sellers.length]!;
        const original = 8 + ((n * 7) % 40);
        const resale = Math.max(2, Math.round(original * (0.4 + ((n * 13) % 40) / 100)));
        const title = `The ${TITLE_ADJECTIVES[n % TITLE_ADJECTIVES.length]} ${TITLE_NOUNS[(n * 3 + c) % TITLE_NOUNS.length]}`;
        return {
          id: newId(),
          sellerId: seller.id,
          sellerName: seller.name,
          sellerEmail: seller.email,
          sellerVerified: seller.verified,
          title: i === 0 && c === 0 ? 'Gitanjali' : title,
          author: i === 0 && c === 0 ? 'Rabindranath Tagore' : AUTHORS[(n * 7) % AUTHORS.length]!,
          categoryId: category.category_id,
          categoryName: category.category_name,
          description: `${TOPIC_BY_CATEGORY[category.category_id]} in ${BOOK_CONDITIONS[n % 3]!.toLowerCase()} condition, read ${1 + (n % 5)} times.`,
          originalPrice: `${original}`,
          resalePrice: n % 4 === 0 ? `${resale}.50` : `${resale}`,
          yearsOfUse: `${1 + (n % 6)}`,
          condition: BOOK_CONDITIONS[n % 3]!,
          imageUrl: covers[n]!,
          phone: `+880 17${String(10000000 + n * 7919).slice(0, 8)}`,
          pickupLocation: PLACES[n % PLACES.length]!,
          advertised: n % 9 === 4,
          listedAt: new Date(now - n * 3_600_000),
        };
      }),
    );
    await insertDemoListings(tx, productRows);

    // As the booking call makes them: name, image and price copied from the book.
    const bookingOf = (
      product: DemoListing,
      who: UserRow,
      meeting: { phone: string; meetingLocation: string; bookedAt: Date },
    ) => ({
      id: newId(),
      productId: product.id,
      buyerId: who.id,
      buyerEmail: who.email,
      buyerName: who.name,
      title: product.title,
      imageUrl: product.imageUrl,
      categoryName: product.categoryName,
      price: product.resalePrice,
      priceCents: Math.round(Number(product.resalePrice) * 100),
      phone: meeting.phone,
      meetingLocation: meeting.meetingLocation,
      bookedAtText: longDateTime(meeting.bookedAt),
      sellerId: product.sellerId,
      sellerName: product.sellerName,
      sellerPhone: product.phone ?? '',
    });
    const sellerOf = (product: DemoListing) => userRows.find((u) => u.id === product.sellerId)!;

    // One sold book: booked and paid by the first buyer (through the sandbox, in real life).
    const sold = productRows[10]!;
    const soldBookingId = newId();
    const soldBooking = {
      ...bookingOf(sold, buyer!, {
        phone: '+880 1711000001',
        meetingLocation: 'Dhaka University library gate',
        bookedAt: new Date(now - 86_400_000),
      }),
      id: soldBookingId,
      paid: true,
      status: 'paid' as const,
    };
    await insertDemoBooking(tx, soldBooking);
    const transactionId = 'pi_sandbox_demo_paid';
    // What the product told them (decision 024); the demo sends no email.
    const notifications: NewNotification[] = [
      newBookingNotice(soldBooking, sellerOf(sold)).notification,
      receiptNotice({ ...soldBooking, transactionId }, buyer!.id).notification,
      bookingPaidNotice(soldBooking, sellerOf(sold)).notification,
    ];
    await insertPayment(tx, {
      bookingId: soldBookingId,
      transactionId,
      price: sold.resalePrice,
      amountCents: Math.round(Number(sold.resalePrice) * 100),
      buyerEmail: buyer!.email,
      productId: sold.id,
    });
    await markDemoListing(tx, sold.id, { sold: true });

    // The paid booking's thread (decision 030): the buyer asked, the seller answered, the buyer has not read it yet.
    const soldBy = sellerOf(sold);
    await insertDemoThread(
      tx,
      [
        {
          id: newId(),
          bookingId: soldBookingId,
          authorId: buyer!.id,
          authorName: buyer!.name,
          body: 'Hi! Is Friday at 5 pm at the library gate fine for the hand-over?',
          createdAt: new Date(now - 80_000_000),
        },
        {
          id: newId(),
          bookingId: soldBookingId,
          authorId: soldBy.id,
          authorName: soldBy.name,
          body: 'Friday at 5 pm works. I will bring the book in a paper bag.',
          createdAt: new Date(now - 79_000_000),
        },
      ],
      [
        { bookingId: soldBookingId, userId: buyer!.id, unread: 1 },
        { bookingId: soldBookingId, userId: soldBy.id, unread: 0, readAt: new Date(now - 79_000_000) },
      ],
    );

    // A book handed over three days ago, both parties reviewed (decision 034): the first seller shows a rating.
    const handedOver = productRows.find(
      (product, n) => n > 40 && product.sellerId === sellers[0]!.id && !product.advertised,
    )!;
    const handedOverBooking = {
      ...bookingOf(handedOver, buyer2!, {
        phone: '+880 1711000003',
        meetingLocation: 'Nilkhet book market',
        bookedAt: new Date(now - 5 * 86_400_000),
      }),
      paid: true,
      status: 'handed-over' as const,
      handedOverAt: new Date(now - 3 * 86_400_000),
    };
    await insertDemoBooking(tx, handedOverBooking);
    await markDemoListing(tx, handedOver.id, { sold: true });
    await insertDemoReviews(tx, [
      {
        id: newId(),
        bookingId: handedOverBooking.id,
        authorParty: 'buyer',
        authorId: buyer2!.id,
        authorName: buyer2!.name,
        subjectId: handedOver.sellerId,
        stars: 5,
        body: 'On time at the market, and the book was as described.',
        createdAt: new Date(now - 2 * 86_400_000),
      },
      {
        id: newId(),
        bookingId: handedOverBooking.id,
        authorParty: 'seller',
        authorId: handedOver.sellerId,
        authorName: handedOver.sellerName,
        subjectId: buyer2!.id,
        stars: 5,
        body: 'Friendly and easy to meet.',
        createdAt: new Date(now - 2 * 86_400_000 + 3_600_000),
      },
    ]);
    // A saved search (decision 035): the buyer hears of new Science fiction in good shape up to 15.
    await insertSavedSearchIfNew(tx, buyer!.id, {
      search: '',
      category: ['7'],
      condition: ['Excellent', 'Good'],
      maxPrice: 1500,
      verified: false,
    });

    // A few open bookings the buyers can pay for.
    for (const [who, product] of [
      [buyer!, productRows[3]!],
      [buyer!, productRows[22]!],
      [buyer2!, productRows[31]!],
    ] as const) {
      const open = bookingOf(product, who, {
        phone: '+880 1711000002',
        meetingLocation: 'Farmgate bus stop',
        bookedAt: new Date(now - 3_600_000),
      });
      await insertDemoBooking(tx, open);
      notifications.push(newBookingNotice(open, sellerOf(product)).notification);
    }
    await insertNotifications(tx, notifications);

    // One reported book, waiting for the admin.
    const reported = productRows[15]!;
    await insertDemoReport(tx, {
      id: newId(),
      productId: reported.id,
      reporterId: buyer2!.id,
      reporterName: buyer2!.name,
      productName: reported.title,
      reason: 'High Price',
    });
    await markDemoListing(tx, reported.id, { reported: true });

    return { users: userRows.length, products: productRows.length };
  });
}

/** Seeds only an empty database (first start). */
export async function seedIfEmpty(db: Database, images: ImageStore): Promise<boolean> {
  if (!(await databaseIsEmpty(db))) return false;
  await seedDemoData(db, images);
  return true;
}

/** Attempts at the wipe before a deadlock is reported: each one that deadlocks has waited a second for its locks. */
const WIPE_ATTEMPTS = 5;

/**
 * Empties every table, for `seed --reset`. A running server's rounds (alerts, reminders) may hold one table and wait
 * for another the wipe already holds; PostgreSQL then ends one side, and when that is the wipe it runs again.
 */
export async function wipeData(db: Database): Promise<void> {
  for (let attempt = 1; ; attempt++) {
    try {
      await wipeAllTables(db);
      return;
    } catch (error) {
      if (!isDeadlock(error) || attempt === WIPE_ATTEMPTS) throw error;
    }
  }
}

import {
  formatDateTimeUtc,
  type AdminReview,
  type AuditEntry,
  type Booking,
  type BookingMessage,
  type MessageReport,
  type Notification,
  type PaymentRecord,
  type Product,
  type ProductWithContact,
  type Report,
  type Review,
  type User,
} from '@bookswap/shared/schemas';
import type { AuditRow } from '../repositories/audit-repository';
import type { BookingMessageReportRow, BookingMessageRow } from '../repositories/booking-messages-repository';
import type { BookingRow } from '../repositories/bookings-repository';
import type { NotificationRow } from '../repositories/notifications-repository';
import type { PaymentRow } from '../repositories/payments-repository';
import type { ProductRow } from '../repositories/products-repository';
import type { ReportRow } from '../repositories/reports-repository';
import type { ReviewRow } from '../repositories/reviews-repository';
import type { UserRow } from '../repositories/users-repository';

/**
 * The one place where database rows become product.md's wire shapes (field names, `_id` as a string, the
 * product's report flag as text) and where stored image paths become absolute URLs.
 */
export interface WireContext {
  publicUrl: string;
}

/** Images of our own store are kept as `/images/<name>`, so a changed PUBLIC_URL or port keeps them working. */
export function imageUrlForWire(stored: string, { publicUrl }: WireContext): string {
  return stored.startsWith('/images/') ? `${publicUrl}${stored}` : stored;
}

/** `/images/<name>` when `url` is an image address of our own store (under PUBLIC_URL), else null. */
export function ownImagePath(url: string, { publicUrl }: WireContext): string | null {
  const ownPrefix = `${publicUrl}/images/`;
  return url.startsWith(ownPrefix) ? url.slice(publicUrl.length) : null;
}

/** product.md §3: "creation time as long date-time text"; the one format, in UTC so every reader sees the same text. */
export function longDateTime(date: Date): string {
  return formatDateTimeUtc(date);
}

export function userToWire(row: UserRow): User {
  return { _id: row.id, userName: row.name, userEmail: row.email, role: row.role, verify: row.verified };
}

/**
 * A listing as anyone may read it (the public lists, cached for every caller alike): the seller by id, name and
 * tick, never their phone or email.
 */
export function productToWire(row: ProductRow, context: WireContext): Product {
  return {
    _id: row.id,
    book_name: row.title,
    author_name: row.author,
    category_id: row.categoryId,
    category_name: row.categoryName,
    description: row.description,
    original_price: row.originalPrice,
    resale_price: row.resalePrice,
    Year_of_use: row.yearsOfUse,
    book_condition: row.condition,
    img: imageUrlForWire(row.imageUrl, context),
    location: row.pickupLocation,
    // Null only once the seller's account is deleted, when no public list shows the listing any more.
    sellerId: row.sellerId ?? '',
    sellerName: row.sellerName,
    verify: row.sellerVerified,
    paid: row.sold,
    addADS: row.advertised,
    report: row.reported ? 'true' : 'false',
    date: longDateTime(row.listedAt),
  };
}

/** With the seller's contact details: the details page of a signed-in caller, and the seller's own list. */
export function productWithContactToWire(row: ProductRow, context: WireContext): ProductWithContact {
  return { ...productToWire(row, context), phone: row.phone, sellerEmail: row.sellerEmail };
}

export function bookingToWire(row: BookingRow, context: WireContext): Booking {
  return {
    _id: row.id,
    bookDate: row.bookedAtText,
    bookedAt: row.createdAt.toISOString(),
    category_name: row.categoryName,
    // product.md §3: a booking's category_id holds the product id.
    category_id: row.productId,
    buyerName: row.buyerName,
    buyerEmail: row.buyerEmail,
    user_uid: row.buyerUid,
    book_name: row.title,
    img: imageUrlForWire(row.imageUrl, context),
    price: row.price,
    phone: row.phone,
    meetingLocation: row.meetingLocation,
    paid: row.paid,
    status: row.status,
    sellerName: row.sellerName,
    sellerPhone: row.sellerPhone,
  };
}

export function paymentToWire(row: PaymentRow): PaymentRecord {
  return {
    _id: row.id,
    price: row.price,
    bookingid: row.bookingId,
    buyerEmail: row.buyerEmail,
    category_id: row.productId,
    transactionId: row.transactionId,
  };
}

export function reportToWire(row: ReportRow): Report {
  return {
    _id: row.id,
    reason: row.reason,
    reporterName: row.reporterName,
    productName: row.productName,
    productId: row.productId,
    uid: row.reporterUid,
    report: row.status === 'hidden',
    status: row.status,
    details: row.details,
  };
}

export function auditToWire(row: AuditRow): AuditEntry {
  return {
    _id: row.id,
    action: row.action,
    actorEmail: row.actorEmail,
    actorName: row.actorName,
    targetType: row.targetType,
    targetId: row.targetId,
    targetName: row.targetName,
    at: row.at.toISOString(),
  };
}

export function notificationToWire(row: NotificationRow): Notification {
  return {
    _id: row.id,
    kind: row.kind,
    title: row.title,
    body: row.body,
    link: row.link,
    read: row.readAt !== null,
    createdAt: row.createdAt.toISOString(),
  };
}

/** A message as the thread shows it: `mine` for the reader's own (none for an admin, who reads as no party). */
export function bookingMessageToWire(row: BookingMessageRow, readerId: string | null): BookingMessage {
  return {
    _id: row.id,
    authorName: row.authorName,
    mine: readerId !== null && row.authorId === readerId,
    text: row.body,
    sentAt: row.createdAt.toISOString(),
  };
}

export function messageReportToWire(row: BookingMessageReportRow & { title: string }): MessageReport {
  return {
    _id: row.id,
    bookingId: row.bookingId,
    messageId: row.messageId,
    book_name: row.title,
    reporterName: row.reporterName,
    reason: row.reason,
    reportedAt: row.createdAt.toISOString(),
  };
}

export function reviewToWire(row: ReviewRow): Review {
  return {
    _id: row.id,
    authorParty: row.authorParty,
    authorName: row.authorName,
    stars: row.stars,
    text: row.body,
    writtenAt: row.createdAt.toISOString(),
  };
}

export function adminReviewToWire(row: ReviewRow, booking: BookingRow): AdminReview {
  return {
    ...reviewToWire(row),
    bookingId: booking.id,
    book_name: booking.title,
    subjectName: row.authorParty === 'buyer' ? booking.sellerName : booking.buyerName,
    hidden: row.hiddenAt !== null,
  };
}

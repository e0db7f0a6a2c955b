import { z } from 'zod';
import './jitless-zod';
import { idSchema, nonEmptyText } from './common';
import { wireRecordSchema } from './wire-record';

/** Longest message in a booking's thread, in characters after trimming (decision 030). */
export const BOOKING_MESSAGE_MAX = 2000;
/** Longest reason a person gives when reporting a message. */
export const MESSAGE_REPORT_REASON_MAX = 500;

/** One message of a booking's thread: plain text as its author wrote it (trimmed), never HTML. */
export const bookingMessageSchema = wireRecordSchema.extend({
  authorName: z.string(),
  /** Written by the caller: the screen puts it on their side. False for every message when an admin reads. */
  mine: z.boolean(),
  text: z.string(),
  /** ISO 8601. */
  sentAt: z.string(),
});
export type BookingMessage = z.infer<typeof bookingMessageSchema>;

/** A booking's thread as its buyer or seller reads it, oldest message first. */
export const bookingThreadSchema = z.object({
  bookingId: z.string(),
  /** The booked book's name, as the booking copied it. */
  book_name: z.string(),
  /** False once the booking ended (declined, cancelled, sold to another buyer, handed over): readable, no new messages. */
  open: z.boolean(),
  messages: z.array(bookingMessageSchema),
  /** Messages from the other party the caller had not read when asking (reading is its own call). */
  unread: z.number().int().nonnegative(),
});
export type BookingThread = z.infer<typeof bookingThreadSchema>;

export const bookingMessageBodySchema = z.object({
  // PostgreSQL's text cannot hold NUL: refused as bad input rather than failing the write.
  text: nonEmptyText(BOOKING_MESSAGE_MAX).refine(
    (text) => !text.includes('\u0000'),
    'has a character that is not valid text',
  ),
});
export type BookingMessageBody = z.input<typeof bookingMessageBodySchema>;

export const messageReportParamsSchema = z.object({ id: idSchema, messageId: idSchema });

export const messageReportBodySchema = z.object({
  reason: nonEmptyText(MESSAGE_REPORT_REASON_MAX),
});
export type MessageReportBody = z.input<typeof messageReportBodySchema>;

/** The signed-in person's unread messages: in all, and per booking (for My Orders and Booking Requests). */
export const unreadMessagesSchema = z.object({
  total: z.number().int().nonnegative(),
  threads: z.array(z.object({ bookingId: z.string(), unread: z.number().int().positive() })),
});
export type UnreadMessages = z.infer<typeof unreadMessagesSchema>;

/** A report of a message, as the admin's list shows it: which thread, why, and by whom; not the words themselves. */
export const messageReportSchema = wireRecordSchema.extend({
  bookingId: z.string(),
  messageId: z.string(),
  book_name: z.string(),
  reporterName: z.string(),
  reason: z.string(),
  /** ISO 8601. */
  reportedAt: z.string(),
});
export type MessageReport = z.infer<typeof messageReportSchema>;

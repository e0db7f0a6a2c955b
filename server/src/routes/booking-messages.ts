import {
  API_CALLS,
  bookingMessageBodySchema,
  idParamsSchema,
  messageReportBodySchema,
  messageReportParamsSchema,
  type BookingThread,
  type InsertResult,
  type MessageReport,
  type UnreadMessages,
} from '@bookswap/shared/schemas';
import { served } from '../http/api-call';
import { idAction } from '../http/id-action';
import { created, defineRoute } from '../http/route';
import {
  bookingThread,
  messageReports,
  readThread,
  reportedThread,
  reportMessage,
  sendMessage,
  unreadMessages,
} from '../services/booking-messages';

/** A booking's thread between its buyer and its book's seller (decision 030), and its moderation. */
export const bookingMessageRoutes = [
  defineRoute({
    ...served(API_CALLS.bookingThread),
    access: 'user',
    rule: 'the booking’s buyer or its book’s seller; oldest first, the newest 500; a closed thread stays readable',
    params: idParamsSchema,
    handler: ({ params, caller }, { db }): Promise<BookingThread> => bookingThread(db, caller, params.id),
  }),

  defineRoute({
    ...served(API_CALLS.sendBookingMessage),
    access: 'user',
    rule: 'the booking’s buyer or its book’s seller, while it waits for payment or is paid; plain text, 1 to 2,000 characters; MESSAGES_PER_DAY per author; the other party’s email at most every 10 minutes',
    rateLimit: 'write',
    body: bookingMessageBodySchema,
    params: idParamsSchema,
    handler: ({ params, body, caller, reply }, { db, config }): Promise<InsertResult> =>
      created(reply, sendMessage(db, config.messagesPerDay, caller, params.id, body.text)),
  }),

  idAction({
    ...served(API_CALLS.readBookingThread),
    access: 'user',
    rule: 'the booking’s buyer or its book’s seller, for their own unread count',
    run: readThread,
  }),

  defineRoute({
    ...served(API_CALLS.reportBookingMessage),
    access: 'user',
    rule: 'the booking’s buyer or its book’s seller, of the other party’s message, once; lets admins read the thread',
    rateLimit: 'write',
    params: messageReportParamsSchema,
    body: messageReportBodySchema,
    handler: ({ params, body, caller, reply }, { db }): Promise<InsertResult> =>
      created(reply, reportMessage(db, caller, { bookingId: params.id, messageId: params.messageId }, body.reason)),
  }),

  defineRoute({
    ...served(API_CALLS.unreadMessages),
    access: 'user',
    rule: 'the caller’s own unread messages, in all and per booking',
    handler: ({ caller }, { db }): Promise<UnreadMessages> => unreadMessages(db, caller),
  }),

  defineRoute({
    ...served(API_CALLS.messageReports),
    access: 'admin',
    rule: 'the reports of messages, newest first, without the messages’ words',
    handler: (_input, { db }): Promise<MessageReport[]> => messageReports(db),
  }),

  defineRoute({
    ...served(API_CALLS.reportedThread),
    access: 'admin',
    rule: 'a booking’s thread once one of its messages is reported; each reading audited',
    params: idParamsSchema,
    handler: ({ params, caller }, { db }): Promise<BookingThread> => reportedThread(db, caller, params.id),
  }),
];

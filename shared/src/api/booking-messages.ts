import type { BookingMessageBody, MessageReportBody } from '../schemas';
import { apiQuery } from './api-query';
import { inFamily } from './cache-keys';
import { apiRequest } from './api-client';
import { API_CALLS, apiPath } from '../schemas/api-calls';

const { bookingThread, sendBookingMessage: send, readBookingThread, reportBookingMessage: report } = API_CALLS;
const { unreadMessages, messageReports, reportedThread } = API_CALLS;

/** A booking's thread, oldest message first, for its buyer or its book's seller. */
export const getBookingThread = (bookingId: string) =>
  apiRequest(apiPath(bookingThread, { id: bookingId }), { auth: true, answer: bookingThread.answer });

/** Writes a plain-text message in a booking's open thread. */
export const sendBookingMessage = (bookingId: string, body: BookingMessageBody) =>
  apiRequest(apiPath(send, { id: bookingId }), { method: send.method, auth: true, body, answer: send.answer });

/** Marks every message of the thread read for the signed-in person (the bell's count drops). */
export const markBookingThreadRead = (bookingId: string) =>
  apiRequest(apiPath(readBookingThread, { id: bookingId }), {
    method: readBookingThread.method,
    auth: true,
    answer: readBookingThread.answer,
  });

/** Reports a message of the other party: from then on an admin may read the thread. */
export const reportBookingMessage = (bookingId: string, messageId: string, body: MessageReportBody) =>
  apiRequest(apiPath(report, { id: bookingId, messageId }), {
    method: report.method,
    auth: true,
    body,
    answer: report.answer,
  });

/** The signed-in person's unread messages, in all and per booking. */
export const getUnreadMessages = () =>
  apiRequest(apiPath(unreadMessages), { auth: true, answer: unreadMessages.answer });

/** Admin: the reports of messages, newest first. */
export const getMessageReports = () =>
  apiRequest(apiPath(messageReports), { auth: true, answer: messageReports.answer });

/** Admin: a thread in which a message was reported (each reading is audited). */
export const getReportedThread = (bookingId: string) =>
  apiRequest(apiPath(reportedThread, { id: bookingId }), { auth: true, answer: reportedThread.answer });

/** Cache keys of the message GETs above; `all` after a message is sent, read or reported. */
export const messageKeys = {
  all: inFamily('messages'),
  thread: (bookingId: string) => ['messages', 'thread', bookingId] as const,
  unread: (email: string) => ['messages', 'unread', email] as const,
  reports: () => ['messages', 'reports'] as const,
  reportedThread: (bookingId: string) => ['messages', 'reported-thread', bookingId] as const,
};

/** What screens read of messages: each query's key beside its call. */
export const messageQueries = {
  thread: (bookingId: string) => apiQuery(messageKeys.thread(bookingId), () => getBookingThread(bookingId)),
  unread: (email: string) => apiQuery(messageKeys.unread(email), getUnreadMessages),
  reports: () => apiQuery(messageKeys.reports(), getMessageReports),
  reportedThread: (bookingId: string) =>
    apiQuery(messageKeys.reportedThread(bookingId), () => getReportedThread(bookingId)),
};

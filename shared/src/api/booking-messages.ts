import type { BookingMessageBody, MessageReportBody } from '../schemas';
import { apiQuery } from './api-query';
import { inFamily } from './cache-keys';
import { apiRequest } from './api-client';

const threadPath = (bookingId: string) => `/api/booking/${encodeURIComponent(bookingId)}/messages`;

/** A booking's thread, oldest message first, for its buyer or its book's seller. */
export const getBookingThread = (bookingId: string) =>
  apiRequest(threadPath(bookingId), { auth: true, answer: 'bookingThread' });

/** Writes a plain-text message in a booking's open thread. */
export const sendBookingMessage = (bookingId: string, body: BookingMessageBody) =>
  apiRequest(threadPath(bookingId), { method: 'POST', auth: true, body, answer: 'inserted' });

/** Marks every message of the thread read for the signed-in person (the bell's count drops). */
export const markBookingThreadRead = (bookingId: string) =>
  apiRequest(`${threadPath(bookingId)}/read`, { method: 'PUT', auth: true, answer: 'updated' });

/** Reports a message of the other party: from then on an admin may read the thread. */
export const reportBookingMessage = (bookingId: string, messageId: string, body: MessageReportBody) =>
  apiRequest(`${threadPath(bookingId)}/${encodeURIComponent(messageId)}/report`, {
    method: 'POST',
    auth: true,
    body,
    answer: 'inserted',
  });

/** The signed-in person's unread messages, in all and per booking. */
export const getUnreadMessages = () => apiRequest('/api/message/unread', { auth: true, answer: 'unreadMessages' });

/** Admin: the reports of messages, newest first. */
export const getMessageReports = () => apiRequest('/api/report/messages', { auth: true, answer: 'messageReports' });

/** Admin: a thread in which a message was reported (each reading is audited). */
export const getReportedThread = (bookingId: string) =>
  apiRequest(`/api/report/messages/${encodeURIComponent(bookingId)}`, { auth: true, answer: 'bookingThread' });

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

import { apiQuery } from './api-query';
import { apiRequest } from './api-client';
import { API_CALLS, apiPath } from '../schemas/api-calls';

const { deadLetters } = API_CALLS;

/** The emails the outbox gave up on, newest first, and how many in all (admin only). */
export const getDeadLetters = () => apiRequest(apiPath(deadLetters), { auth: true, answer: deadLetters.answer });

/** Cache keys of the mail GET above: emails are notifications sent by mail, so they are of that family. */
export const mailKeys = {
  deadLetters: () => ['notifications', 'dead-letters'] as const,
};

/** What screens read of the outbox: the query's key beside its call. */
export const mailQueries = {
  deadLetters: () => apiQuery(mailKeys.deadLetters(), getDeadLetters),
};

import {
  API_CALLS,
  savedSearchFiltersSchema,
  idParamsSchema,
  unsubscribeQuerySchema,
  type InsertResult,
  type SavedSearch,
} from '@bookswap/shared/schemas';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { served } from '../http/api-call';
import { idAction } from '../http/id-action';
import { created, defineRoute } from '../http/route';
import { deleteSavedSearch, ownSavedSearches, saveSearch, unsubscribe } from '../services/saved-searches';

/** A browser opening the email's link reads a page; any other client the JSON answer. */
function answerFor(request: FastifyRequest, reply: FastifyReply, result: { message: string }) {
  const accept = request.headers.accept ?? '';
  if (!/text\/html/.test(accept)) return result;
  reply.type('text/html; charset=utf-8');
  // The message is the server's own words, never the person's.
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Bookswap: saved search</title></head><body><main><h1>Saved search</h1><p>${result.message}</p></main></body></html>`;
}

/** A signed-in person's saved searches of the book list, and the emails' one-click unsubscribe (decision 035). */
export const savedSearchRoutes = [
  defineRoute({
    ...served(API_CALLS.saveSearch),
    access: 'user',
    rule: 'the caller’s own: the book list’s filters and search, at least one; SAVED_SEARCHES_MAX per person, each search once',
    rateLimit: 'write',
    body: savedSearchFiltersSchema,
    handler: ({ body, caller, reply }, { db }): Promise<InsertResult> => created(reply, saveSearch(db, caller, body)),
  }),

  defineRoute({
    ...served(API_CALLS.savedSearches),
    access: 'user',
    rule: 'the caller’s own saved searches, oldest first',
    handler: ({ caller }, { db }): Promise<SavedSearch[]> => ownSavedSearches(db, caller),
  }),

  idAction({
    ...served(API_CALLS.deleteSavedSearch),
    access: 'user',
    rule: 'the caller’s own saved search',
    params: idParamsSchema,
    run: deleteSavedSearch,
  }),

  defineRoute({
    method: 'GET',
    url: '/api/saved-search/unsubscribe',
    access: 'public',
    rule: 'no sign-in: the email’s link, signed by the server, names the one search it ends',
    rateLimit: 'write',
    query: unsubscribeQuerySchema,
    handler: async ({ query, request, reply }, { db, unsubscribeLinks }) =>
      answerFor(request, reply, await unsubscribe(db, unsubscribeLinks, query)),
  }),
];

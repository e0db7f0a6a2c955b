import type { SavedSearchBody } from '../schemas';
import { apiQuery } from './api-query';
import { inFamily } from './cache-keys';
import { apiRequest } from './api-client';
import { API_CALLS, apiPath } from '../schemas/api-calls';

const { saveSearch: save, savedSearches, deleteSavedSearch: remove } = API_CALLS;

/**
 * Where a buyer lists and deletes their saved searches: the checkout remote's screen, declared by its release
 * (docs/decisions/021); the book list's "Save this search" links to it.
 */
export const SAVED_SEARCHES_PATH = '/dashboard/saved-searches';

/** Saves the book list's current search and filters for the signed-in person (decision 035). */
export const saveSearch = (body: SavedSearchBody) =>
  apiRequest(apiPath(save), { method: save.method, auth: true, body, answer: save.answer });

/** The signed-in person's saved searches, oldest first. */
export const getSavedSearches = () => apiRequest(apiPath(savedSearches), { auth: true, answer: savedSearches.answer });

/** Deletes one of the signed-in person's saved searches: no more emails about it. */
export const deleteSavedSearch = (id: string) =>
  apiRequest(apiPath(remove, { id }), { method: remove.method, auth: true, answer: remove.answer });

/** Cache keys of the saved-search GET; `all` after a save or a delete. */
export const savedSearchKeys = {
  all: inFamily('saved-searches'),
  mine: (email: string) => ['saved-searches', 'mine', email] as const,
};

/** What screens read of saved searches: the query's key beside its call. */
export const savedSearchQueries = {
  mine: (email: string) => apiQuery(savedSearchKeys.mine(email), getSavedSearches),
};

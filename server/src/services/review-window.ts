import { REVIEW_WINDOW_DAYS } from '@bookswap/shared/schemas';

const DAY_MS = 24 * 60 * 60 * 1000;

/** The last moment a party of a hand-over may review the other (decision 034). */
export const reviewWindowEnd = (handedOverAt: Date): Date =>
  new Date(handedOverAt.getTime() + REVIEW_WINDOW_DAYS * DAY_MS);

/** Days after the hand-over when a party who has not written is reminded, once. */
export const REVIEW_REMINDER_DAY = 11;

export const daysBefore = (now: Date, days: number): Date => new Date(now.getTime() - days * DAY_MS);

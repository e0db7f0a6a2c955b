import type { PreparedAnswer } from './prepared-answers.mts';

export const PAGE_LOAD_TICKET_META: string;
export function pageLoadSecretOf(env: Record<string, string | undefined>): string;
export function issuePageLoadTicket(secret: string, now?: number): string;
export function createPageLoadTickets(env: Record<string, string | undefined>): {
  issue(): string;
  ticketed(answer: PreparedAnswer): PreparedAnswer;
  pageAsRead(readText: () => Promise<string>): Promise<PreparedAnswer>;
};

/** The meta tag in which the shell's server sends each page's page-load ticket (tooling/serve/page-load-tickets.mts). */
export const PAGE_LOAD_TICKET_META = 'bookswap-page-load';

/**
 * The ticket the shell's server wrote into this page (docs/decisions/042): the page load's id in its release-health
 * reports, by which the API counts it once, and only for a page its shell's server sent. Null on a page served
 * without one (the development server): its reports then count with those no release answers for.
 */
export function pageLoadTicketOf(page: Document): string | null {
  return page.querySelector(`meta[name="${PAGE_LOAD_TICKET_META}"]`)?.getAttribute('content') || null;
}

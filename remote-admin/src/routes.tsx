import { remoteRoute, ROUTES, type RemoteRoutes } from '@bookswap/contract/routing';
import { DEAD_LETTERS_ROUTE } from './dead-letters/dead-letters-route';
import { MESSAGE_REPORTS_ROUTE } from './message-reports/message-reports-route';
import { REVIEWS_ROUTE } from './reviews/reviews-route';

// Paths, access and titles come from the route table in shared; the shell mounts these in its
// dashboard layout and guards them before they load. One lazy chunk per screen.
const routes: RemoteRoutes = [
  remoteRoute(ROUTES.allSellers, async () => ({
    Component: (await import('./user-lists/AllSellersPage')).AllSellersPage,
  })),
  remoteRoute(ROUTES.allBuyers, async () => ({
    Component: (await import('./user-lists/AllBuyersPage')).AllBuyersPage,
  })),
  remoteRoute(ROUTES.reports, async () => ({ Component: (await import('./reports/ReportsPage')).ReportsPage })),
  remoteRoute(ROUTES.auditLog, async () => ({ Component: (await import('./audit-log/AuditLogPage')).AuditLogPage })),
  remoteRoute(ROUTES.releases, async () => ({ Component: (await import('./releases/ReleasesPage')).ReleasesPage })),
  remoteRoute(DEAD_LETTERS_ROUTE, async () => ({
    Component: (await import('./dead-letters/DeadLettersPage')).DeadLettersPage,
  })),
  remoteRoute(MESSAGE_REPORTS_ROUTE, async () => ({
    Component: (await import('./message-reports/MessageReportsPage')).MessageReportsPage,
  })),
  remoteRoute(REVIEWS_ROUTE, async () => ({ Component: (await import('./reviews/ReviewsPage')).ReviewsPage })),
];

export default routes;

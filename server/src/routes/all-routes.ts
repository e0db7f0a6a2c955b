import type { RouteDefinition } from '../http/route';
import { auditRoutes } from './audit';
import { bookingMessageRoutes } from './booking-messages';
import { bookingRoutes } from './bookings';
import { healthRoutes } from './health';
import { imageRoutes } from './images';
import { mailRoutes } from './mail';
import { notificationRoutes } from './notifications';
import { paymentRoutes } from './payments';
import { productRoutes } from './products';
import { reportRoutes } from './reports';
import { savedSearchRoutes } from './saved-searches';
import { releaseRoutes } from './releases';
import { reviewRoutes } from './reviews';
import { telemetryRoutes } from './telemetry';
import { userRoutes } from './users';

/**
 * Every route with its access level and ownership rule: the permission table the handlers enforce and
 * the permission-matrix test walks.
 */
export const allRoutes: RouteDefinition[] = [
  ...healthRoutes,
  ...userRoutes,
  ...productRoutes,
  ...bookingRoutes,
  ...bookingMessageRoutes,
  ...reviewRoutes,
  ...savedSearchRoutes,
  ...paymentRoutes,
  ...reportRoutes,
  ...auditRoutes,
  ...imageRoutes,
  ...notificationRoutes,
  ...telemetryRoutes,
  ...releaseRoutes,
  ...mailRoutes,
];

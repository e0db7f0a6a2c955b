import type { AnswerName } from './answers';

type HttpMethod = 'GET' | 'POST' | 'PUT' | 'DELETE';

/** `:id` in a path becomes the key `apiPath` needs. */
type ParamNames<P extends string> = P extends `${string}:${infer Name}/${infer Rest}`
  ? Name | ParamNames<`/${Rest}`>
  : P extends `${string}:${infer Name}`
    ? Name
    : never;
export type ApiPathParams<P extends string> = Record<ParamNames<P>, string>;

/** One call of the server's API: its method, its route (Fastify's `:name` syntax) and its answer's shape by name. */
export interface ApiCall<
  M extends HttpMethod = HttpMethod,
  P extends string = string,
  K extends AnswerName = AnswerName,
> {
  method: M;
  path: P;
  answer: K;
}

const call = <M extends HttpMethod, P extends string, K extends AnswerName>(
  method: M,
  path: P,
  answer: K,
): ApiCall<M, P, K> => ({ method, path, answer });

/**
 * The calls whose route the server and the client both read from here: the server registers each at `path` and
 * serialises its answer through the schema `answer` names (answers.ts), the client (shared/src/api) builds its URL with `apiPath` and
 * checks the answer with the same schema. Plain data, so a production bundle carries no schema library for it.
 */
export const API_CALLS = {
  catalogVersion: call('GET', '/api/catalog/version', 'catalogVersion'),
  bookList: call('GET', '/api/category/list', 'bookList'),
  categoryProducts: call('GET', '/api/category/list/:id', 'products'),
  productDetails: call('GET', '/api/product/list/:id', 'productDetails'),
  advertisedProducts: call('GET', '/api/product/Ads/list', 'products'),
  myProducts: call('GET', '/api/product/list', 'myProducts'),
  createProduct: call('POST', '/api/product/create', 'inserted'),
  advertiseProduct: call('PUT', '/api/product/update/:id', 'updated'),
  editProduct: call('PUT', '/api/product/edit/:id', 'updated'),
  deleteProduct: call('DELETE', '/api/product/delete/:id', 'deleted'),
  myBookings: call('GET', '/api/booking/list', 'bookings'),
  myOrders: call('GET', '/api/booking/orders', 'bookingPage'),
  booking: call('GET', '/api/booking/list/:id', 'booking'),
  createBooking: call('POST', '/api/booking/create', 'inserted'),
  bookingRequests: call('GET', '/api/booking/requests', 'bookingPage'),
  cancelBooking: call('PUT', '/api/booking/cancel/:id', 'updated'),
  declineBooking: call('PUT', '/api/booking/decline/:id', 'updated'),
  handOverBooking: call('PUT', '/api/booking/handover/:id', 'updated'),
  bookingThread: call('GET', '/api/booking/:id/messages', 'bookingThread'),
  sendBookingMessage: call('POST', '/api/booking/:id/messages', 'inserted'),
  readBookingThread: call('PUT', '/api/booking/:id/messages/read', 'updated'),
  reportBookingMessage: call('POST', '/api/booking/:id/messages/:messageId/report', 'inserted'),
  unreadMessages: call('GET', '/api/message/unread', 'unreadMessages'),
  messageReports: call('GET', '/api/report/messages', 'messageReports'),
  reportedThread: call('GET', '/api/report/messages/:id', 'bookingThread'),
  writeReview: call('POST', '/api/booking/:id/review', 'inserted'),
  bookingReviews: call('GET', '/api/booking/:id/review', 'bookingReviews'),
  sellerProfile: call('GET', '/api/seller/:id', 'sellerProfile'),
  sellerReviews: call('GET', '/api/seller/:id/reviews', 'sellerReviews'),
  adminReviews: call('GET', '/api/review/list', 'adminReviews'),
  hideReview: call('PUT', '/api/review/hide/:id', 'updated'),
  accessToken: call('GET', '/api/jwt/list', 'accessToken'),
  signOut: call('PUT', '/api/jwt/logout', 'updated'),
  createUser: call('POST', '/api/user/create', 'inserted'),
  users: call('GET', '/api/user/list', 'users'),
  user: call('GET', '/api/user/list/:email', 'user'),
  usersByRole: call('GET', '/api/user/role', 'users'),
  verifySeller: call('PUT', '/api/user/seller/verify/:id', 'updated'),
  deleteUser: call('DELETE', '/api/user/delete/:id', 'deleted'),
  saveSearch: call('POST', '/api/saved-search', 'inserted'),
  savedSearches: call('GET', '/api/saved-search/list', 'savedSearches'),
  deleteSavedSearch: call('DELETE', '/api/saved-search/:id', 'deleted'),
  paymentConfig: call('GET', '/api/payments/config', 'paymentConfig'),
  createPaymentIntent: call('POST', '/api/payment/create/intent', 'paymentIntent'),
  createPayment: call('POST', '/api/payment/create', 'inserted'),
  confirmSandboxPayment: call('POST', '/api/payments/sandbox/confirm', 'sandboxPayment'),
  authenticateSandboxPayment: call('POST', '/api/payments/sandbox/authenticate', 'sandboxPayment'),
  reports: call('GET', '/api/report/list', 'reports'),
  createReport: call('POST', '/api/report/create', 'inserted'),
  hideReportedProduct: call('PUT', '/api/report/update/:productId', 'updated'),
  dismissReport: call('PUT', '/api/report/dismiss/:id', 'updated'),
  auditLog: call('GET', '/api/audit/list', 'auditLog'),
  deadLetters: call('GET', '/api/mail/dead-letters', 'deadLetters'),
  notifications: call('GET', '/api/notification/list', 'notifications'),
  readAllNotifications: call('PUT', '/api/notification/read-all', 'updated'),
  readNotification: call('PUT', '/api/notification/read/:id', 'updated'),
  uploadImage: call('POST', '/api/image/upload', 'imageUpload'),
  telemetry: call('POST', '/api/telemetry', 'telemetryAccepted'),
  releaseHealthSummary: call('GET', '/api/telemetry/summary', 'releaseHealthSummary'),
  releaseOverview: call('GET', '/api/releases', 'releaseOverview'),
  rollBackRelease: call('POST', '/api/releases/:remote/rollback', 'remoteReleaseOverview'),
  health: call('GET', '/health', 'health'),
} as const;

/** The call's path with its parameters filled in (and encoded); a query string goes after it. */
export function apiPath<P extends string>(
  apiCall: ApiCall<HttpMethod, P>,
  ...params: ParamNames<P> extends never ? [] : [ApiPathParams<P>]
): string {
  const values: Partial<Record<string, string>> = params[0] ?? {};
  return apiCall.path.replace(/:(\w+)/g, (_match, name: string) => {
    const value = values[name];
    if (value === undefined) throw new Error(`${apiCall.path} needs the parameter ${name}`);
    return encodeURIComponent(value);
  });
}

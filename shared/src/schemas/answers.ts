import { z } from 'zod';
import './jitless-zod';
import { auditLogSchema } from './audit';
import { bookingPageSchema, bookingSchema } from './booking';
import { bookingThreadSchema, messageReportSchema, unreadMessagesSchema } from './booking-message';
import { deleteResultSchema, healthSchema, insertResultSchema, updateResultSchema } from './common';
import { imageUploadResponseSchema } from './image';
import { deadLettersSchema } from './mail';
import { notificationListSchema } from './notification';
import { paymentConfigSchema, paymentIntentResponseSchema, sandboxConfirmResponseSchema } from './payment';
import {
  bookListResponseSchema,
  catalogVersionSchema,
  myProductSchema,
  productDetailsSchema,
  productSchema,
} from './product';
import { releaseHealthRowSchema, telemetryAcceptedSchema } from './telemetry';
import { remoteReleaseOverviewSchema } from './release-overview';
import { reportSchema } from './report';
import { adminReviewSchema, bookingReviewsSchema, sellerReviewsSchema } from './review';
import { savedSearchListSchema } from './saved-search';
import { sellerProfileSchema } from './seller-profile';
import { accessTokenResponseSchema, userSchema } from './user';

/**
 * The shape of each call's answer, by name: the client checks answers with it (api/api-client.ts), the server
 * serialises them through it (API_CALLS). Built on first use inside a function, so a production build of a client,
 * which never calls it, drops this module and the schema library with it.
 */
export function answerSchemas() {
  return {
    accessToken: accessTokenResponseSchema,
    adminReviews: z.array(adminReviewSchema),
    auditLog: auditLogSchema,
    bookList: bookListResponseSchema,
    booking: bookingSchema,
    bookings: z.array(bookingSchema),
    bookingPage: bookingPageSchema,
    bookingReviews: bookingReviewsSchema,
    bookingThread: bookingThreadSchema,
    catalogVersion: catalogVersionSchema,
    deadLetters: deadLettersSchema,
    deleted: deleteResultSchema,
    health: healthSchema,
    imageUpload: imageUploadResponseSchema,
    inserted: insertResultSchema,
    messageReports: z.array(messageReportSchema),
    myProducts: z.array(myProductSchema),
    notifications: notificationListSchema,
    paymentConfig: paymentConfigSchema,
    paymentIntent: paymentIntentResponseSchema,
    releaseHealthSummary: z.array(releaseHealthRowSchema),
    releaseOverview: z.array(remoteReleaseOverviewSchema),
    remoteReleaseOverview: remoteReleaseOverviewSchema,
    productDetails: productDetailsSchema,
    products: z.array(productSchema),
    reports: z.array(reportSchema),
    sandboxPayment: sandboxConfirmResponseSchema,
    sellerProfile: sellerProfileSchema,
    sellerReviews: sellerReviewsSchema,
    savedSearches: savedSearchListSchema,
    telemetryAccepted: telemetryAcceptedSchema,
    unreadMessages: unreadMessagesSchema,
    updated: updateResultSchema,
    user: userSchema,
    users: z.array(userSchema),
  };
}

export type AnswerSchemas = ReturnType<typeof answerSchemas>;
export type AnswerName = keyof AnswerSchemas;
export type Answer<K extends AnswerName> = z.output<AnswerSchemas[K]>;

import { z } from 'zod';
import '../schemas/jitless-zod';
import {
  accessTokenResponseSchema,
  adminReviewSchema,
  auditLogSchema,
  bookingPageSchema,
  bookingReviewsSchema,
  bookingThreadSchema,
  bookingSchema,
  bookListResponseSchema,
  deadLettersSchema,
  deleteResultSchema,
  imageUploadResponseSchema,
  insertResultSchema,
  messageReportSchema,
  myProductSchema,
  notificationListSchema,
  paymentConfigSchema,
  paymentIntentResponseSchema,
  productDetailsSchema,
  productSchema,
  reportSchema,
  sellerProfileSchema,
  sellerReviewsSchema,
  savedSearchListSchema,
  unreadMessagesSchema,
  updateResultSchema,
  userSchema,
} from '../schemas';

/**
 * The shape of each call's answer, by name. Built on first use inside a function, so a production build,
 * which never calls it (see api-client), drops this module and the schema library with it.
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
    deadLetters: deadLettersSchema,
    deleted: deleteResultSchema,
    imageUpload: imageUploadResponseSchema,
    inserted: insertResultSchema,
    messageReports: z.array(messageReportSchema),
    myProducts: z.array(myProductSchema),
    notifications: notificationListSchema,
    paymentConfig: paymentConfigSchema,
    paymentIntent: paymentIntentResponseSchema,
    productDetails: productDetailsSchema,
    products: z.array(productSchema),
    reports: z.array(reportSchema),
    sellerProfile: sellerProfileSchema,
    sellerReviews: sellerReviewsSchema,
    savedSearches: savedSearchListSchema,
    unreadMessages: unreadMessagesSchema,
    updated: updateResultSchema,
    user: userSchema,
    users: z.array(userSchema),
  };
}

type AnswerSchemas = ReturnType<typeof answerSchemas>;
export type AnswerName = keyof AnswerSchemas;
export type Answer<K extends AnswerName> = z.output<AnswerSchemas[K]>;

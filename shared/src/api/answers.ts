import { z } from 'zod';
import '../schemas/jitless-zod';
import {
  accessTokenResponseSchema,
  auditLogSchema,
  bookingPageSchema,
  bookingSchema,
  bookListResponseSchema,
  deleteResultSchema,
  imageUploadResponseSchema,
  insertResultSchema,
  myProductSchema,
  notificationListSchema,
  paymentConfigSchema,
  paymentIntentResponseSchema,
  productDetailsSchema,
  productSchema,
  reportSchema,
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
    auditLog: auditLogSchema,
    bookList: bookListResponseSchema,
    booking: bookingSchema,
    bookings: z.array(bookingSchema),
    bookingPage: bookingPageSchema,
    deleted: deleteResultSchema,
    imageUpload: imageUploadResponseSchema,
    inserted: insertResultSchema,
    myProducts: z.array(myProductSchema),
    notifications: notificationListSchema,
    paymentConfig: paymentConfigSchema,
    paymentIntent: paymentIntentResponseSchema,
    productDetails: productDetailsSchema,
    products: z.array(productSchema),
    reports: z.array(reportSchema),
    updated: updateResultSchema,
    user: userSchema,
    users: z.array(userSchema),
  };
}

type AnswerSchemas = ReturnType<typeof answerSchemas>;
export type AnswerName = keyof AnswerSchemas;
export type Answer<K extends AnswerName> = z.output<AnswerSchemas[K]>;

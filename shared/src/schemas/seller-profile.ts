import { z } from 'zod';
import './jitless-zod';
import { sellerRatingSchema } from './review';

/**
 * A seller's public page (`GET /api/seller/:id`): who they are as anyone may read it. Never their email or phone:
 * those reach only a signed-in buyer, on a listing's details.
 */
export const sellerProfileSchema = z.object({
  _id: z.string(),
  name: z.string(),
  verified: z.boolean(),
  /** When their account was made, ISO 8601. */
  memberSince: z.string(),
  rating: sellerRatingSchema,
});
export type SellerProfile = z.infer<typeof sellerProfileSchema>;

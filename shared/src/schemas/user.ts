import { z } from 'zod';
import './jitless-zod';
import { emailSchema, idSchema } from './common';
import { wireRecordSchema } from './wire-record';

export const ROLES = ['buyer', 'seller', 'admin'] as const;
export const roleSchema = z.enum(ROLES);
export type Role = z.infer<typeof roleSchema>;

/** Roles a person may pick at sign-up; admins are granted by server configuration only. */
export const signupRoleSchema = z.enum(['buyer', 'seller'], { message: 'role must be buyer or seller' });
export type SignupRole = z.infer<typeof signupRoleSchema>;

export const userSchema = wireRecordSchema.extend({
  userName: z.string(),
  userEmail: z.string(),
  role: roleSchema,
  verify: z.boolean(),
});
export type User = z.infer<typeof userSchema>;

export const createUserBodySchema = z.object({
  userEmail: emailSchema,
  userName: z.string().trim().min(1, 'userName is required').max(100),
  role: signupRoleSchema,
});
export type CreateUserBody = z.infer<typeof createUserBodySchema>;

export const userEmailParamsSchema = z.object({ email: emailSchema });
export const usersByRoleQuerySchema = z.object({
  role: z.enum(['seller', 'buyer'], { message: 'role must be seller or buyer' }),
});
export const userIdParamsSchema = z.object({ id: idSchema });

export const accessTokenQuerySchema = z.object({ email: emailSchema });
export const accessTokenResponseSchema = z.object({ accessToken: z.string() });
export type AccessTokenResponse = z.infer<typeof accessTokenResponseSchema>;

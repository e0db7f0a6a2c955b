import { z } from 'zod';

// As in shared/src/schemas/common.ts: the page's Content-Security-Policy allows no eval, which zod would probe for.
z.config({ jitless: true });

/** product.md §5's messages, spelled as given. Email format is left to the identity provider, whose message is shown. */
export const EMAIL_REQUIRED = 'Email Address is required';
export const PASSWORD_REQUIRED = 'password is required';
export const PASSWORD_TOO_SHORT = 'password must be 6 characters.';
/** product.md §9. */
export const PASSWORD_MIN_LENGTH = 6;

export const emailField = z.string().trim().min(1, EMAIL_REQUIRED);
export const passwordField = z.string().min(1, PASSWORD_REQUIRED).min(PASSWORD_MIN_LENGTH, PASSWORD_TOO_SHORT);

export const loginFormSchema = z.object({ email: emailField, password: passwordField });
export type LoginForm = z.infer<typeof loginFormSchema>;

import { z } from 'zod';
import { signupRoleSchema } from '@bookswap/shared/schemas';
import { emailField, passwordField } from './login-form';

/** product.md §5. */
export const NAME_REQUIRED = 'Name is required';

export const signupFormSchema = z.object({
  name: z.string().trim().min(1, NAME_REQUIRED),
  photoURL: z.string().trim(),
  role: signupRoleSchema,
  email: emailField,
  password: passwordField,
});
export type SignupForm = z.infer<typeof signupFormSchema>;

/** product.md §2: Buyer is the role selected by default. */
export const emptySignupForm: SignupForm = { name: '', photoURL: '', role: 'buyer', email: '', password: '' };

import { z } from 'zod';
import './jitless-zod';

/** An email the outbox gave up on after its last attempt (`MAIL_MAX_ATTEMPTS`): kept for an admin to see. */
export const deadLetterSchema = z.object({
  id: z.string(),
  toEmail: z.string(),
  subject: z.string(),
  attempts: z.number().int().nonnegative(),
  /** The mail server's last answer, or what went wrong reaching it. */
  lastError: z.string(),
  createdAt: z.string(),
  deadAt: z.string(),
});
export type DeadLetter = z.infer<typeof deadLetterSchema>;

/** `GET /api/mail/dead-letters`: the newest dead letters and how many there are in all. */
export const deadLettersSchema = z.object({
  deadLetters: z.array(deadLetterSchema),
  count: z.number().int().nonnegative(),
});
export type DeadLetters = z.infer<typeof deadLettersSchema>;

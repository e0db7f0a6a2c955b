import type { Database } from '../db/database';
import type { MailTransport } from '../mail/mail-transport';
import type { DeadLetters } from '@bookswap/shared/schemas';
import {
  claimDueMail,
  deadMail,
  markMailDead,
  markMailDelivered,
  markMailFailed,
  renewMailLease,
} from '../repositories/mail-outbox-repository';

/**
 * How long a claimed email is someone's to send before another worker may try it. The sender renews it every third
 * of it while the send is under way, so only a worker that stopped (died, or lost its database) lets it lapse.
 */
export const MAIL_LEASE_MS = 60_000;
const MAX_BACKOFF_MS = 30 * 60_000;
/**
 * Tries an email gets before it becomes a dead letter: with the backoff below, the last one comes about 3.7 hours
 * after the first, long enough to ride out a mail server's outage, short enough that a refused address stops being
 * tried the same day. Admins see dead letters (`GET /api/mail/dead-letters`).
 */
export const MAIL_MAX_ATTEMPTS = 16;

/** 5 s after the first failure, doubling, at most 30 minutes. */
export function retryDelayMs(attempts: number): number {
  return Math.min(5_000 * 2 ** Math.max(0, attempts - 1), MAX_BACKOFF_MS);
}

/** The email's words and, below them, the address of the screen it concerns. */
export function emailText(mail: { body: string; link: string }, appUrl: string): string {
  return mail.link ? `${mail.body}\n\nOpen Bookswap: ${appUrl.replace(/\/$/, '')}${mail.link}` : mail.body;
}

export interface DeliveryOptions {
  /** Emails claimed a round. */
  batch?: number;
  /** The claim's lease (tests shorten it). */
  leaseMs?: number;
  /** Tries before a dead letter. */
  maxAttempts?: number;
}

/**
 * Keeps the leases of the emails in `held` alive, every third of a lease, until `stop`: a renewal that fails is
 * tried again at the next tick (the lease still has two thirds to run).
 */
function keepLeases(db: Database, held: Set<string>, leaseMs: number): { stop(): Promise<void> } {
  let renewing: Promise<void> = Promise.resolve();
  const timer = setInterval(() => {
    renewing = renewMailLease(db, [...held], leaseMs).catch(() => undefined);
  }, leaseMs / 3);
  return {
    async stop() {
      clearInterval(timer);
      await renewing;
    },
  };
}

/**
 * Delivers up to `batch` due emails of the outbox. Each is marked delivered only after the SMTP server accepted it;
 * a refused or failed one is tried again later, with backoff, until its `maxAttempts`th try fails: then it is a dead
 * letter. The leases of the round's emails are renewed while it runs, so a slow send is not taken by another
 * worker and sent twice. A process that dies between the server's acceptance and the mark leaves the email to be
 * sent once more when its lease ends: at least once, never lost, and the repeat carries the same Message-ID.
 */
export async function deliverDueMail(
  db: Database,
  transport: MailTransport,
  appUrl: string,
  { batch = 50, leaseMs = MAIL_LEASE_MS, maxAttempts = MAIL_MAX_ATTEMPTS }: DeliveryOptions = {},
): Promise<{ delivered: number; failed: number }> {
  const due = await claimDueMail(db, batch, leaseMs);
  if (due.length === 0) return { delivered: 0, failed: 0 };
  // Every email of the round stays leased until the round's mark, a delivered one too (it is marked with the rest).
  const held = new Set(due.map((mail) => mail.id));
  const leases = keepLeases(db, held, leaseMs);
  const delivered: string[] = [];
  try {
    await Promise.all(
      due.map(async (mail) => {
        try {
          await transport.send({ id: mail.id, to: mail.toEmail, subject: mail.subject, text: emailText(mail, appUrl) });
        } catch (error) {
          held.delete(mail.id);
          const message = error instanceof Error ? error.message : String(error);
          if (mail.attempts >= maxAttempts) await markMailDead(db, mail.id, message);
          else await markMailFailed(db, mail.id, message, new Date(Date.now() + retryDelayMs(mail.attempts)));
          return;
        }
        delivered.push(mail.id);
      }),
    );
  } finally {
    await leases.stop();
  }
  // Marked once the whole round is accepted: a crash before this line sends the round's emails again (same Message-ID).
  await markMailDelivered(db, delivered);
  return { delivered: delivered.length, failed: due.length - delivered.length };
}

/** How many dead letters an admin's list shows at most: the newest. */
const DEAD_LETTERS_SHOWN = 200;

/** The newest dead letters and how many there are in all, for admins (`GET /api/mail/dead-letters`). */
export async function deadLetters(db: Database): Promise<DeadLetters> {
  const { rows, count } = await deadMail(db, DEAD_LETTERS_SHOWN);
  return {
    deadLetters: rows.map((row) => ({
      id: row.id,
      toEmail: row.toEmail,
      subject: row.subject,
      attempts: row.attempts,
      lastError: row.lastError ?? '',
      createdAt: row.createdAt.toISOString(),
      deadAt: (row.deadAt ?? row.createdAt).toISOString(),
    })),
    count,
  };
}

/**
 * The mail worker of one server process: every `pollMs` it delivers what is due until nothing is left, one round at
 * a time. `stop` waits for a round under way.
 */
export function startMailWorker(options: {
  db: Database;
  transport: MailTransport;
  /** The shell's public address, before each email's link (APP_URL). */
  appUrl: string;
  pollMs: number;
  onError(error: unknown): void;
}): { stop(): Promise<void> } {
  let running: Promise<void> | null = null;
  let stopped = false;
  const drain = async () => {
    for (;;) {
      const { delivered, failed } = await deliverDueMail(options.db, options.transport, options.appUrl);
      if (stopped || delivered + failed === 0 || failed > 0) return;
    }
  };
  const timer = setInterval(() => {
    running ??= drain()
      .catch(options.onError)
      .finally(() => {
        running = null;
      });
  }, options.pollMs);
  timer.unref();
  return {
    async stop() {
      stopped = true;
      clearInterval(timer);
      await running;
      options.transport.close();
    },
  };
}

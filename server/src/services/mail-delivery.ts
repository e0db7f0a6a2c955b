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
  type MailClaim,
  type MailRow,
} from '../repositories/mail-outbox-repository';

/**
 * How long a claimed email is someone's to send before another worker may try it. The sender renews it every third
 * of it while the send is under way, so only a worker that stopped (died, or lost its database) lets it lapse; one
 * that cannot renew starts no send once less than a third of it is left.
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
 * Sends under way at once in a round, as many as the SMTP transport's pooled connections (mail-transport.ts): an
 * email waiting for a connection has not started, so it is sent only if its lease still holds when its turn comes.
 */
const SENDS_AT_ONCE = 4;

/** The leases of one round's claims, as far as this worker knows them. */
interface RoundLeases {
  /** Whether the email's lease holds with at least a third of it to run, renewed first when it is short. */
  holds(id: string): Promise<boolean>;
  /** The email no longer needs its lease (sent or refused, and being marked). */
  release(id: string): void;
  stop(): Promise<void>;
}

/**
 * Keeps the round's leases alive, every third of a lease, until `stop`. A renewal that fails is tried again at the
 * next tick; an email the renewal did not find still claimed by this worker (another took it after the lease ran
 * out) is no longer held. `claimedFrom` is when the claim's statement was sent: the database's lease began after it,
 * so this worker's reckoning of when the leases end is never later than the database's.
 */
function keepLeases(db: Database, claims: MailClaim[], leaseMs: number, claimedFrom: number): RoundLeases {
  const held = new Map(claims.map((claim) => [claim.id, claim]));
  let heldUntil = claimedFrom + leaseMs;
  let renewing: Promise<void> | null = null;
  const renew = () =>
    (renewing ??= (async () => {
      const askedAt = Date.now();
      const renewed = new Set(await renewMailLease(db, [...held.values()], leaseMs));
      for (const id of held.keys()) if (!renewed.has(id)) held.delete(id);
      heldUntil = askedAt + leaseMs;
    })()
      .catch(() => undefined)
      .finally(() => {
        renewing = null;
      }));
  const sure = (id: string) => held.has(id) && Date.now() < heldUntil - leaseMs / 3;
  const timer = setInterval(() => void renew(), leaseMs / 3);
  return {
    async holds(id) {
      if (!sure(id)) await renew();
      return sure(id);
    },
    release: (id) => held.delete(id),
    async stop() {
      clearInterval(timer);
      await renewing;
    },
  };
}

/**
 * Delivers up to `batch` due emails of the outbox, `SENDS_AT_ONCE` at a time. They are marked delivered as soon as
 * the SMTP server accepted `SENDS_AT_ONCE` of them (one statement, not one an email); a refused or failed one is
 * tried again later, with backoff, until its `maxAttempts`th try fails: then it is a dead letter. The leases are
 * renewed while the round runs, and a send starts only while its lease holds, so a slow send is never taken by
 * another worker (another instance's included) and sent twice; an email whose lease this worker could not renew in
 * time is left to whoever claims it next. A process that dies between the server's acceptance and the mark leaves
 * the email to be sent once more when its lease ends: at least once, never lost, and the repeat carries the same
 * Message-ID (docs/decisions/032, 064).
 */
export async function deliverDueMail(
  db: Database,
  transport: MailTransport,
  appUrl: string,
  { batch = 50, leaseMs = MAIL_LEASE_MS, maxAttempts = MAIL_MAX_ATTEMPTS }: DeliveryOptions = {},
): Promise<{ delivered: number; failed: number }> {
  const claimedFrom = Date.now();
  const due = await claimDueMail(db, batch, leaseMs);
  if (due.length === 0) return { delivered: 0, failed: 0 };
  const leases = keepLeases(db, due, leaseMs, claimedFrom);
  const waiting = [...due];
  const delivered: string[] = [];
  const unmarked: string[] = [];
  // Accepted emails are marked a send's worth at a time (SENDS_AT_ONCE of them, or the round's last).
  const accepted: string[] = [];
  const markAccepted = async () => {
    const ids = accepted.splice(0);
    if (ids.length > 0) await markMailDelivered(db, ids).catch(() => unmarked.push(...ids));
  };
  let failed = 0;
  const deliverOne = async (mail: MailRow) => {
    if (!(await leases.holds(mail.id))) return;
    try {
      await transport.send({
        id: mail.id,
        to: mail.toEmail,
        subject: mail.subject,
        text: emailText(mail, appUrl),
        unsubscribeUrl: mail.unsubscribeUrl,
      });
    } catch (error) {
      leases.release(mail.id);
      failed += 1;
      const message = error instanceof Error ? error.message : String(error);
      if (mail.attempts >= maxAttempts) await markMailDead(db, mail, message);
      else await markMailFailed(db, mail, message, new Date(Date.now() + retryDelayMs(mail.attempts)));
      return;
    }
    leases.release(mail.id);
    delivered.push(mail.id);
    // The window in which a crash sends it again is the sends under way beside it and one statement. A mark that
    // fails is tried again with the round's others, while the lease still keeps other workers off.
    accepted.push(mail.id);
    if (accepted.length >= SENDS_AT_ONCE) await markAccepted();
  };
  try {
    await Promise.all(
      Array.from({ length: Math.min(SENDS_AT_ONCE, due.length) }, async () => {
        for (let mail = waiting.shift(); mail; mail = waiting.shift()) await deliverOne(mail);
      }),
    );
  } finally {
    await leases.stop();
  }
  await markAccepted();
  await markMailDelivered(db, unmarked);
  return { delivered: delivered.length, failed };
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
  /** The claims' lease (MAIL_LEASE_MS unless a test shortens it). */
  leaseMs?: number;
  onError(error: unknown): void;
}): { stop(): Promise<void> } {
  let running: Promise<void> | null = null;
  let stopped = false;
  const drain = async () => {
    for (;;) {
      const { delivered, failed } = await deliverDueMail(options.db, options.transport, options.appUrl, {
        leaseMs: options.leaseMs,
      });
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

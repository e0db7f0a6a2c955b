import type { Database } from '../db/database';
import type { MailTransport } from '../mail/mail-transport';
import { claimDueMail, markMailDelivered, markMailFailed } from '../repositories/mail-outbox-repository';

/** How long a claimed email is someone's to send before another worker may try it (its SMTP call must end by then). */
export const MAIL_LEASE_MS = 60_000;
const MAX_BACKOFF_MS = 30 * 60_000;

/** 5 s after the first failure, doubling, at most 30 minutes. */
export function retryDelayMs(attempts: number): number {
  return Math.min(5_000 * 2 ** Math.max(0, attempts - 1), MAX_BACKOFF_MS);
}

/** The email's words and, below them, the address of the screen it concerns. */
export function emailText(mail: { body: string; link: string }, appUrl: string): string {
  return mail.link ? `${mail.body}\n\nOpen Bookswap: ${appUrl.replace(/\/$/, '')}${mail.link}` : mail.body;
}

/**
 * Delivers up to `batch` due emails of the outbox. Each is marked delivered only after the SMTP server accepted it;
 * a refused or failed one is tried again later, with backoff. A process that dies between the server's acceptance
 * and the mark leaves the email to be sent once more when its lease ends: at least once, never lost, and the
 * repeat carries the same Message-ID.
 */
export async function deliverDueMail(
  db: Database,
  transport: MailTransport,
  appUrl: string,
  batch = 50,
): Promise<{ delivered: number; failed: number }> {
  const due = await claimDueMail(db, batch, MAIL_LEASE_MS);
  const delivered: string[] = [];
  await Promise.all(
    due.map(async (mail) => {
      try {
        await transport.send({ id: mail.id, to: mail.toEmail, subject: mail.subject, text: emailText(mail, appUrl) });
      } catch (error) {
        const message = error instanceof Error ? error.message : String(error);
        await markMailFailed(db, mail.id, message, new Date(Date.now() + retryDelayMs(mail.attempts)));
        return;
      }
      delivered.push(mail.id);
    }),
  );
  // Marked once the whole round is accepted: a crash before this line sends the round's emails again (same Message-ID).
  await markMailDelivered(db, delivered);
  return { delivered: delivered.length, failed: due.length - delivered.length };
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

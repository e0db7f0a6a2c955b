import { SMTPServer } from 'smtp-server';

export interface CaughtMail {
  to: string[];
  subject: string;
  messageId: string;
  raw: string;
  /** The body as a reader sees it: quoted-printable soft breaks and escapes undone. */
  text: string;
  /** When it arrived (Date.now()): bench:load times saved-search alerts by it. */
  receivedAt: number;
}

export interface MailCatcher {
  smtpUrl: string;
  mails: CaughtMail[];
  /** Waits until at least `count` emails arrived (or fails after `timeoutMs`). */
  waitFor(count: number, timeoutMs?: number): Promise<CaughtMail[]>;
  close(): Promise<void>;
}

const header = (raw: string, name: string) =>
  new RegExp(`^${name}:\\s*(.*(?:\\r?\\n[ \\t].*)*)`, 'im')
    .exec(raw)?.[1]
    ?.replace(/\r?\n[ \t]/g, ' ')
    .trim() ?? '';

function bodyText(raw: string): string {
  const body = raw.slice(raw.search(/\r?\n\r?\n/)).trim();
  if (!/^Content-Transfer-Encoding:\s*quoted-printable/im.test(raw)) return body;
  return Buffer.from(
    body.replace(/=\r?\n/g, '').replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16))),
    'latin1',
  ).toString('utf8');
}

/**
 * A real SMTP server on a free loopback port that keeps every email it accepts, for the mail tests. With
 * `acceptAfterMs` it takes that long to answer each email's end (a slow mail server); the email is kept as it
 * arrives, so one sent twice is caught twice.
 */
export async function startMailCatcher(port = 0, { acceptAfterMs = 0 } = {}): Promise<MailCatcher> {
  const mails: CaughtMail[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    // At close, a sender's pooled connection is cut after this, not after smtp-server's 30 s: a test file whose server
    // still held one (its mail worker stops after the catcher) waited those 30 s.
    closeTimeout: 200,
    onData(stream, session, callback) {
      let raw = '';
      stream.setEncoding('utf8');
      stream.on('data', (chunk: string) => (raw += chunk));
      stream.on('end', () => {
        mails.push({
          to: session.envelope.rcptTo.map((rcpt) => rcpt.address),
          subject: header(raw, 'Subject'),
          messageId: header(raw, 'Message-ID'),
          raw,
          text: bodyText(raw),
          receivedAt: Date.now(),
        });
        if (acceptAfterMs > 0) setTimeout(() => callback(), acceptAfterMs);
        else callback();
      });
    },
  });
  // A sender killed mid-session (the durability test, the fault drill) resets its connection: that ends the
  // session, not the catcher.
  server.on('error', () => undefined);
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', () => resolve()));
  const { port: bound } = server.server.address() as { port: number };
  return {
    smtpUrl: `smtp://127.0.0.1:${bound}`,
    mails,
    async waitFor(count, timeoutMs = 10_000) {
      const deadline = Date.now() + timeoutMs;
      while (mails.length < count) {
        if (Date.now() > deadline) throw new Error(`expected ${count} emails, caught ${mails.length}`);
        await new Promise((r) => setTimeout(r, 25));
      }
      return mails;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

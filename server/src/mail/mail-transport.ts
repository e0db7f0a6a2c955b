import nodemailer from 'nodemailer';
import type SMTPPool from 'nodemailer/lib/smtp-pool';

/** One email as the outbox holds it. */
export interface OutgoingMail {
  /** The outbox row's id: the Message-ID's local part, so a receiver can tell a repeated delivery. */
  id: string;
  to: string;
  subject: string;
  text: string;
  /**
   * Sent as List-Unsubscribe: mail programs show an Unsubscribe that opens it. Without List-Unsubscribe-Post, since
   * the link unsubscribes with a plain GET (decision 035).
   */
  unsubscribeUrl?: string | null;
}

/** Sends one email; resolves only once the SMTP server accepted it. */
export interface MailTransport {
  send(mail: OutgoingMail): Promise<void>;
  close(): void;
}

/** Real SMTP through nodemailer, a few pooled connections kept open between batches. */
export function smtpTransport(smtpUrl: string, from: string): MailTransport {
  const options: SMTPPool.Options = { url: smtpUrl, pool: true, maxConnections: 4 };
  const transporter = nodemailer.createTransport(options);
  return {
    async send(mail) {
      await transporter.sendMail({
        from,
        to: mail.to,
        subject: mail.subject,
        text: mail.text,
        messageId: `<${mail.id}@bookswap>`,
        ...(mail.unsubscribeUrl ? { list: { unsubscribe: { url: mail.unsubscribeUrl, comment: 'Unsubscribe' } } } : {}),
      });
    },
    close() {
      transporter.close();
    },
  };
}

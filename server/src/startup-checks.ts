import { isLoopbackHost, type ServerConfig } from './config';

/** The settings the server refuses to start with; main.ts prints the message and exits. */
export class UnsafeSettingsError extends Error {
  constructor(readonly problems: string[]) {
    super(`The server will not start with these settings:\n${problems.map((p) => `  - ${p}`).join('\n')}`);
    this.name = 'UnsafeSettingsError';
  }
}

/** Everything that would make this configuration fail open (SECURITY.md, "Settings for production"). */
export function unsafeSettings(config: ServerConfig): string[] {
  const problems: string[] = [];
  const local = config.authMode === 'emulator';
  if (local && !isLoopbackHost(config.host) && !config.allowRemoteEmulator) {
    problems.push(
      `AUTH_MODE=emulator accepts unsigned sign-in tokens, so anyone who reaches HOST=${config.host} could sign in ` +
        'as anyone: use HOST=127.0.0.1, or set ALLOW_REMOTE_EMULATOR=1 if that is really meant.',
    );
  }
  if (config.jwtSecret !== undefined && Buffer.byteLength(config.jwtSecret) < 32) {
    problems.push('JWT_SECRET is shorter than 32 bytes: use a long random value (openssl rand -base64 48).');
  }
  if (!local && config.jwtSecret === undefined) {
    problems.push('JWT_SECRET is not set: outside emulator mode every instance needs the same long random secret.');
  }
  const { pageLoadSecret } = config.telemetry;
  if (pageLoadSecret !== undefined && Buffer.byteLength(pageLoadSecret) < 32) {
    problems.push(
      'BOOKSWAP_PAGE_LOAD_SECRET is shorter than 32 bytes: use a long random value (openssl rand -base64 48).',
    );
  }
  if (!local && pageLoadSecret === undefined) {
    problems.push(
      "BOOKSWAP_PAGE_LOAD_SECRET is not set: outside emulator mode the shell's server and every API instance need the " +
        'same long random secret, or no page load counts in release health.',
    );
  }
  if (config.payments === 'stripe' && !config.stripeSecretKey) {
    problems.push('PAYMENTS=stripe needs STRIPE_SECRET_KEY.');
  }
  if (!local && !config.stripeSecretKey && config.payments !== 'sandbox') {
    problems.push(
      'STRIPE_SECRET_KEY is not set: set it for card payments, or PAYMENTS=sandbox to run the local card sandbox on purpose.',
    );
  }
  const realPayments = Boolean(config.stripeSecretKey) && config.payments !== 'sandbox';
  if ((!local || realPayments) && !config.mail.smtpUrl && !config.mail.off) {
    problems.push(
      'SMTP_URL is not set: with real sign-in or payments, sellers and buyers must get their emails; set SMTP_URL ' +
        '(and MAIL_FROM), or MAIL=off to run without email on purpose.',
    );
  }
  return problems;
}

export function refuseUnsafeSettings(config: ServerConfig): void {
  const problems = unsafeSettings(config);
  if (problems.length > 0) throw new UnsafeSettingsError(problems);
}

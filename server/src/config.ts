import path from 'node:path';
import { z } from 'zod';

/** Everything the server reads from its environment, parsed once at start (documented in server/README.md). */
export interface ServerConfig {
  port: number;
  host: string;
  dataDir: string;
  databaseUrl?: string;
  /** PostgreSQL schema to use instead of `public` (tests and the benchmark keep theirs apart). */
  databaseSchema?: string;
  /** Accept the Firebase Auth emulator's unsigned ID tokens. Only ever set by explicit configuration. */
  authMode: 'firebase' | 'emulator';
  firebaseProjectId: string;
  /**
   * Where the Admin SDK revokes a person's sign-ins (signing out everywhere, a deleted user): the Auth emulator at
   * FIREBASE_AUTH_EMULATOR_HOST in emulator mode, Firebase with GOOGLE_APPLICATION_CREDENTIALS otherwise; unset,
   * only the server's own cut-off ends the other devices' sessions.
   */
  signInRevocation?: { emulatorHost: string } | { credentialsFile: string };
  adminEmails: string[];
  corsOrigins: string[];
  publicUrl: string;
  jwtSecret?: string;
  accessTokenTtlSeconds: number;
  stripeSecretKey?: string;
  stripePublishableKey?: string;
  /** Lets tests point the real Stripe client at a local fake. */
  stripeApi?: { host: string; port: number; protocol: 'http' | 'https' };
  /** Demo data on an empty database: the default only in emulator mode, otherwise only with SEED=demo. */
  seed: 'demo' | 'none';
  /** PAYMENTS as set: `sandbox` asks for the card sandbox outside emulator mode; unset means Stripe there. */
  payments?: 'sandbox' | 'stripe';
  /** ALLOW_REMOTE_EMULATOR=1: emulator mode (unsigned tokens) on a non-loopback address, on purpose. */
  allowRemoteEmulator: boolean;
  /** Fastify's `trustProxy`: false, true, a hop count, or the proxies' addresses (TRUST_PROXY). */
  trustProxy: boolean | number | string;
  /**
   * BOOKSWAP_RENDER_KEY: the shell's servers' own credential. Their renders' calls carrying it count against the
   * visitor they render for, in buckets of their own (docs/decisions/043); unset, they count by address.
   */
  renderKey?: string;
  rateLimits: {
    tokenPerMinute: number;
    writesPerMinute: number;
    searchPerMinute: number;
    /** Batches of release-health reports one client address may send a minute (decision 025). */
    telemetryPerMinute: number;
  };
  /** Which release-health reports count, and how many from one address (docs/decisions/042). */
  telemetry: TelemetrySettings;
  uploads: UploadLimits;
  /** Books one seller may list in any 24 hours (LISTINGS_PER_DAY). */
  listingsPerDay: number;
  /**
   * Open reports, each from a different person, that mark a listing Reported and take it out of the ads
   * (REPORTS_TO_FLAG, so that no single buyer can do it). An admin's hiding needs none of them.
   */
  reportsToFlag: number;
  /** Reports one person may make in any 24 hours (REPORTS_PER_DAY). */
  reportsPerDay: number;
  /** Bookings per buyer a day and the rebooking cool-down (BOOKINGS_PER_DAY, BOOKING_COOL_DOWN_MINUTES). */
  bookingLimits: BookingLimits;
  /** Messages one person may write in booking threads in any 24 hours (MESSAGES_PER_DAY). */
  messagesPerDay: number;
  /** Reviews one person may write in any 24 hours (REVIEWS_PER_DAY). */
  reviewsPerDay: number;
  /** How often each instance looks for parties to remind of their review (REVIEW_REMINDER_MINUTES). */
  reviewReminderMinutes: number;
  /**
   * How often each instance runs a round of saved-search alerts (SAVED_SEARCH_POLL_MS, decision 035): a new listing
   * reaches the searches it matches within this, well inside the five minutes promised.
   */
  savedSearchPollMs: number;
  mail: MailSettings;
  /**
   * The release registry and the automatic canary (docs/decisions/026). Unset (the API tests' own
   * configuration): a registry of their own in DATA_DIR and the default thresholds, see `releaseSettingsOf`.
   */
  releases?: ReleaseSettings;
  logLevel: string;
}

/** `promote --canary <percent> --auto`: when a step moves on and when the canary is rolled back. */
export interface RolloutSettings {
  /** Canary page loads a step needs before it moves on (RELEASE_AUTO_MIN_LOADS). */
  minLoads: number;
  /** Minutes a step lasts at least (RELEASE_AUTO_MIN_MINUTES; 0 in the browser tests). */
  minMinutes: number;
  /** The judge rolls back a canary failing this many times as often as live (RELEASE_AUTO_MAX_RATIO)… */
  maxRatio: number;
  /** …and never judges against a rate below this (RELEASE_AUTO_MIN_ABSOLUTE, 0.01 = 1 point). */
  minAbsolute: number;
  /** How often the API's worker looks at running rollouts (RELEASE_AUTO_TICK_MS). */
  tickMs: number;
}

export interface ReleaseSettings {
  /** BOOKSWAP_RELEASE_REGISTRY, else <BOOKSWAP_RELEASES_DIR or releases/>/registry.json, as the release commands. */
  registryFile: string;
  /** BOOKSWAP_RELEASES_DIR (default releases/): the kept releases whose contracts the admin screen's rollback checks. */
  releasesDir: string;
  /**
   * RELEASE_REGISTRY_DATABASE_URL: the registry in that PostgreSQL database (its tables made by the API's migrations,
   * so the API's own database) instead of the file; DATABASE_SCHEMA applies to it too.
   */
  registryDatabase?: { url: string; schema?: string };
  auto: RolloutSettings;
}

export const ROLLOUT_DEFAULTS: RolloutSettings = {
  // Enough for the judge to catch a canary failing twice as often as live at 0.5 % (`pnpm bench:canary-judge`).
  minLoads: 8000,
  minMinutes: 10,
  maxRatio: 2,
  minAbsolute: 0.01,
  tickMs: 15_000,
};

/** The configured release settings, or (tests) a registry in DATA_DIR with the default thresholds. */
export function releaseSettingsOf(config: Pick<ServerConfig, 'releases' | 'dataDir'>): ReleaseSettings {
  return (
    config.releases ?? {
      registryFile: path.join(config.dataDir, 'release-registry.json'),
      releasesDir: path.join(config.dataDir, 'releases'),
      auto: ROLLOUT_DEFAULTS,
    }
  );
}

/**
 * Release health that one address cannot steer (docs/decisions/042): a page load counts only with a page-load ticket
 * the shell's server signed, once, and one client address adds at most so many page loads and errors to a unit per
 * rollout step (per hour when the unit has no rollout).
 */
export interface TelemetrySettings {
  /**
   * BOOKSWAP_PAGE_LOAD_SECRET: the secret the shell's server signs its page-load tickets with, the same for it and
   * every API instance; required outside emulator mode. Unset locally, the server makes one up, whose tickets only
   * a shell's server given the same value could write (the product's scripts pass one to both).
   */
  pageLoadSecret?: string;
  /** PAGE_LOAD_TICKET_MINUTES: a page load's reports count for this long after its page was sent. */
  ticketMinutes: number;
  /** TELEMETRY_PAGE_LOADS_PER_ADDRESS: page loads one address adds to a unit per step, at most. */
  pageLoadsPerAddress: number;
  /** TELEMETRY_ERRORS_PER_ADDRESS: failed page loads one address adds to a unit per step, at most. */
  errorsPerAddress: number;
}

/**
 * 30 minutes covers a page's first report (two seconds after its load) with room to spare and the errors of a visit;
 * 100 page loads and 2 errors per address and step are a small share of a step's 8,000 canary page loads and keep
 * a healthy canary's chance of a rollback by one address's errors near the judge's own (`pnpm bench:canary-judge`).
 */
export const TELEMETRY_DEFAULTS: Omit<TelemetrySettings, 'pageLoadSecret'> = {
  ticketMinutes: 30,
  pageLoadsPerAddress: 100,
  errorsPerAddress: 2,
};

/**
 * How often one buyer may book (SECURITY.md, Resources; judged in services/booking-limits.ts). Each booking emails its seller and each cancellation does
 * again, from the product's own sender: without limits one buyer could send any seller, or every seller, mail
 * without end by booking and cancelling.
 */
export interface BookingLimits {
  /** Bookings one buyer may make a calendar day (UTC), cancelled ones included (BOOKINGS_PER_DAY, decision 046). */
  perDay: number;
  /** Minutes before a buyer may book again a book whose booking they cancelled (BOOKING_COOL_DOWN_MINUTES; 0: none). */
  coolDownMinutes: number;
}

/**
 * Ten a day: more than a buyer collecting books meets in person in a day, few enough that one buyer's mail to
 * sellers stays at most 20 emails a day (a booking and its cancellation each). An hour's cool-down: a buyer who
 * cancelled by mistake books again the same day, while book-and-cancel on one book reaches its seller at most
 * twice an hour.
 */
export const BOOKING_LIMIT_DEFAULTS: BookingLimits = { perDay: 10, coolDownMinutes: 60 };

/**
 * Two hundred a day: far more than two people arranging a meeting write, few enough that no one turns the threads
 * into a way to flood another person (each thread's email is throttled apart, services/message-mail.ts).
 */
export const MESSAGES_PER_DAY_DEFAULT = 200;

/**
 * Twenty a day: more than the hand-overs one person makes in a day, few enough that no one floods sellers' pages
 * (each booking takes one review per party anyway).
 */
export const REVIEWS_PER_DAY_DEFAULT = 20;

/** Email (decision 024): the outbox's worker delivers over SMTP when SMTP_URL is set. */
export interface MailSettings {
  /** SMTP_URL, e.g. smtp://127.0.0.1:1025 (the local mail catcher) or smtps://user:pass@host:465. */
  smtpUrl?: string;
  /** MAIL_FROM: the sender every email carries. */
  from: string;
  /** MAIL=off: no email on purpose (the outbox still records what would have been sent). */
  off: boolean;
  /** How often the worker looks for emails to deliver (MAIL_POLL_MS). */
  pollMs: number;
  /** How long a claimed email is its worker's (MAIL_LEASE_MS in mail-delivery.ts unless a test shortens it). */
  leaseMs?: number;
  /** APP_URL: the shell's public address, which the links in emails start with. */
  appUrl: string;
}

export interface UploadLimits {
  /** Per seller, over the last 24 hours. */
  perDayCount: number;
  perDayBytes: number;
  /** An upload no listing or booking uses is removed once it is this old. */
  graceHours: number;
  sweepIntervalMinutes: number;
  /** Below this much free space on DATA_DIR's disk, writes answer 507 instead of filling it. */
  minFreeDiskBytes: number;
}

const REPO_ROOT = path.resolve(__dirname, '../..');
const MEGABYTE = 1024 * 1024;

function list(value: string): string[] {
  return value
    .split(',')
    .map((item) => item.trim())
    .filter(Boolean);
}

// Each check's message follows the variable's name ("PORT must be a positive whole number", see `readConfig`).
function positiveWhole(fallback: number) {
  const error = 'must be a positive whole number';
  return z.coerce.number({ error }).int({ error }).positive({ error }).default(fallback);
}

function wholeOrZero(fallback: number) {
  const error = 'must be a whole number';
  return z.coerce.number({ error }).int({ error }).nonnegative({ error }).default(fallback);
}

/** Finite as well: zod's numbers refuse Infinity. */
function positiveNumber(fallback: number) {
  const error = 'must be a positive number';
  return z.coerce.number({ error }).positive({ error }).default(fallback);
}

function oneOf<const Values extends readonly [string, ...string[]]>(values: Values) {
  return z.enum(values, { error: `must be ${values.join(' or ')}` });
}

const text = z.string().optional();
const commaList = z.string().default('').transform(list);

/** TRUST_PROXY as Fastify's `trustProxy` takes it: off, any proxy, a hop count or the proxies' addresses. */
function trustProxyOf(value: string | undefined): boolean | number | string {
  const setting = (value ?? '').trim();
  if (setting === '' || setting === 'false' || setting === '0') return false;
  if (setting === 'true') return true;
  if (/^\d+$/.test(setting)) return Number(setting);
  return list(setting).join(',');
}

export function isLoopbackHost(host: string): boolean {
  return host === 'localhost' || host === '::1' || /^127(\.\d{1,3}){3}$/.test(host);
}

export function defaultCorsOrigins(): string[] {
  const origins: string[] = [];
  for (let port = 3000; port <= 3004; port++) origins.push(`http://localhost:${port}`, `http://127.0.0.1:${port}`);
  return origins;
}

/** Every variable the server reads, by its name, with its default and its check (documented in server/README.md). */
const serverEnvironment = z.object({
  PORT: positiveWhole(5000),
  HOST: text,
  DATA_DIR: z.string().default(path.join(REPO_ROOT, '.data')),
  DATABASE_URL: text,
  DATABASE_SCHEMA: z
    .string()
    .regex(/^[a-z_][a-z0-9_]{0,62}$/, 'must be a plain lower-case identifier')
    .optional(),
  AUTH_MODE: oneOf(['emulator', 'firebase']).default('firebase'),
  FIREBASE_PROJECT_ID: z.string().default('demo-bookswap'),
  FIREBASE_AUTH_EMULATOR_HOST: text,
  GOOGLE_APPLICATION_CREDENTIALS: text,
  ADMIN_EMAILS: commaList.transform((emails) => emails.map((email) => email.toLowerCase())),
  CORS_ORIGINS: z.string().transform(list).default(defaultCorsOrigins),
  PUBLIC_URL: text,
  JWT_SECRET: text,
  ACCESS_TOKEN_TTL_SECONDS: positiveWhole(2 * 60 * 60),
  STRIPE_SECRET_KEY: text,
  STRIPE_PUBLISHABLE_KEY: text,
  SEED: oneOf(['demo', 'none']).optional(),
  PAYMENTS: oneOf(['sandbox', 'stripe']).optional(),
  ALLOW_REMOTE_EMULATOR: text.transform((value) => value === '1' || value === 'true'),
  TRUST_PROXY: text.transform(trustProxyOf),
  BOOKSWAP_RENDER_KEY: text,
  RATE_LIMIT_TOKEN_PER_MINUTE: positiveWhole(60),
  RATE_LIMIT_WRITES_PER_MINUTE: positiveWhole(300),
  RATE_LIMIT_SEARCH_PER_MINUTE: positiveWhole(120),
  RATE_LIMIT_TELEMETRY_PER_MINUTE: positiveWhole(120),
  BOOKSWAP_PAGE_LOAD_SECRET: text,
  PAGE_LOAD_TICKET_MINUTES: positiveWhole(TELEMETRY_DEFAULTS.ticketMinutes),
  TELEMETRY_PAGE_LOADS_PER_ADDRESS: positiveWhole(TELEMETRY_DEFAULTS.pageLoadsPerAddress),
  TELEMETRY_ERRORS_PER_ADDRESS: positiveWhole(TELEMETRY_DEFAULTS.errorsPerAddress),
  UPLOADS_PER_DAY: positiveWhole(50),
  UPLOAD_MB_PER_DAY: positiveWhole(100),
  UPLOAD_GRACE_HOURS: positiveWhole(24),
  UPLOAD_SWEEP_MINUTES: positiveWhole(60),
  MIN_FREE_DISK_MB: positiveWhole(512),
  LISTINGS_PER_DAY: positiveWhole(50),
  REPORTS_TO_FLAG: positiveWhole(3),
  REPORTS_PER_DAY: positiveWhole(20),
  BOOKINGS_PER_DAY: positiveWhole(BOOKING_LIMIT_DEFAULTS.perDay),
  BOOKING_COOL_DOWN_MINUTES: wholeOrZero(BOOKING_LIMIT_DEFAULTS.coolDownMinutes),
  MESSAGES_PER_DAY: positiveWhole(MESSAGES_PER_DAY_DEFAULT),
  REVIEWS_PER_DAY: positiveWhole(REVIEWS_PER_DAY_DEFAULT),
  REVIEW_REMINDER_MINUTES: positiveWhole(60),
  SAVED_SEARCH_POLL_MS: positiveWhole(60_000),
  SMTP_URL: z
    .string()
    .regex(/^smtps?:\/\//, 'must start with smtp:// or smtps://')
    .optional(),
  MAIL_FROM: z.string().default('Bookswap <no-reply@bookswap.local>'),
  MAIL: z.literal('off', { error: 'must be off, or unset' }).optional(),
  MAIL_POLL_MS: positiveWhole(1000),
  APP_URL: z
    .string()
    .regex(/^https?:\/\/[^/]/, 'must be an http(s) address')
    .default('http://localhost:3000'),
  BOOKSWAP_RELEASES_DIR: z.string().default(path.join(REPO_ROOT, 'releases')),
  BOOKSWAP_RELEASE_REGISTRY: text,
  RELEASE_REGISTRY_DATABASE_URL: text,
  RELEASE_AUTO_MIN_LOADS: positiveWhole(ROLLOUT_DEFAULTS.minLoads),
  RELEASE_AUTO_MIN_MINUTES: wholeOrZero(ROLLOUT_DEFAULTS.minMinutes),
  RELEASE_AUTO_MAX_RATIO: positiveNumber(ROLLOUT_DEFAULTS.maxRatio),
  RELEASE_AUTO_MIN_ABSOLUTE: positiveNumber(ROLLOUT_DEFAULTS.minAbsolute),
  RELEASE_AUTO_TICK_MS: positiveWhole(ROLLOUT_DEFAULTS.tickMs),
  LOG_LEVEL: z.string().default('info'),
});

type ServerEnvironment = z.output<typeof serverEnvironment>;

/** The names of the variables the server reads (server/README.md documents each). */
export const SERVER_VARIABLES = Object.keys(serverEnvironment.shape) as (keyof ServerEnvironment)[];

/** The Auth emulator in emulator mode, Firebase with a service account otherwise; neither when not configured. */
function signInRevocationOf(env: ServerEnvironment): ServerConfig['signInRevocation'] {
  if (env.AUTH_MODE === 'emulator')
    return env.FIREBASE_AUTH_EMULATOR_HOST ? { emulatorHost: env.FIREBASE_AUTH_EMULATOR_HOST } : undefined;
  return env.GOOGLE_APPLICATION_CREDENTIALS ? { credentialsFile: env.GOOGLE_APPLICATION_CREDENTIALS } : undefined;
}

function releaseSettingsFrom(env: ServerEnvironment): ReleaseSettings {
  const releasesDir = path.resolve(env.BOOKSWAP_RELEASES_DIR);
  return {
    registryFile: path.resolve(env.BOOKSWAP_RELEASE_REGISTRY ?? path.join(releasesDir, 'registry.json')),
    releasesDir,
    ...(env.RELEASE_REGISTRY_DATABASE_URL
      ? { registryDatabase: { url: env.RELEASE_REGISTRY_DATABASE_URL, schema: env.DATABASE_SCHEMA } }
      : {}),
    auto: {
      minLoads: env.RELEASE_AUTO_MIN_LOADS,
      minMinutes: env.RELEASE_AUTO_MIN_MINUTES,
      maxRatio: env.RELEASE_AUTO_MAX_RATIO,
      minAbsolute: env.RELEASE_AUTO_MIN_ABSOLUTE,
      tickMs: env.RELEASE_AUTO_TICK_MS,
    },
  };
}

function serverConfigFrom(env: ServerEnvironment): ServerConfig {
  // Local modes are the only ones that seed and bind to loopback by default (SECURITY.md).
  const local = env.AUTH_MODE === 'emulator';
  return {
    port: env.PORT,
    host: env.HOST ?? (local ? '127.0.0.1' : '0.0.0.0'),
    dataDir: path.resolve(env.DATA_DIR),
    databaseUrl: env.DATABASE_URL,
    databaseSchema: env.DATABASE_SCHEMA,
    authMode: env.AUTH_MODE,
    firebaseProjectId: env.FIREBASE_PROJECT_ID,
    signInRevocation: signInRevocationOf(env),
    adminEmails: env.ADMIN_EMAILS,
    corsOrigins: env.CORS_ORIGINS,
    publicUrl: (env.PUBLIC_URL ?? `http://localhost:${env.PORT}`).replace(/\/+$/, ''),
    jwtSecret: env.JWT_SECRET,
    accessTokenTtlSeconds: env.ACCESS_TOKEN_TTL_SECONDS,
    stripeSecretKey: env.STRIPE_SECRET_KEY,
    stripePublishableKey: env.STRIPE_PUBLISHABLE_KEY,
    seed: env.SEED ?? (local ? 'demo' : 'none'),
    payments: env.PAYMENTS,
    allowRemoteEmulator: env.ALLOW_REMOTE_EMULATOR,
    trustProxy: env.TRUST_PROXY,
    renderKey: env.BOOKSWAP_RENDER_KEY,
    rateLimits: {
      tokenPerMinute: env.RATE_LIMIT_TOKEN_PER_MINUTE,
      writesPerMinute: env.RATE_LIMIT_WRITES_PER_MINUTE,
      searchPerMinute: env.RATE_LIMIT_SEARCH_PER_MINUTE,
      telemetryPerMinute: env.RATE_LIMIT_TELEMETRY_PER_MINUTE,
    },
    telemetry: {
      pageLoadSecret: env.BOOKSWAP_PAGE_LOAD_SECRET,
      ticketMinutes: env.PAGE_LOAD_TICKET_MINUTES,
      pageLoadsPerAddress: env.TELEMETRY_PAGE_LOADS_PER_ADDRESS,
      errorsPerAddress: env.TELEMETRY_ERRORS_PER_ADDRESS,
    },
    uploads: {
      perDayCount: env.UPLOADS_PER_DAY,
      perDayBytes: env.UPLOAD_MB_PER_DAY * MEGABYTE,
      graceHours: env.UPLOAD_GRACE_HOURS,
      sweepIntervalMinutes: env.UPLOAD_SWEEP_MINUTES,
      minFreeDiskBytes: env.MIN_FREE_DISK_MB * MEGABYTE,
    },
    listingsPerDay: env.LISTINGS_PER_DAY,
    reportsToFlag: env.REPORTS_TO_FLAG,
    reportsPerDay: env.REPORTS_PER_DAY,
    bookingLimits: { perDay: env.BOOKINGS_PER_DAY, coolDownMinutes: env.BOOKING_COOL_DOWN_MINUTES },
    messagesPerDay: env.MESSAGES_PER_DAY,
    reviewsPerDay: env.REVIEWS_PER_DAY,
    reviewReminderMinutes: env.REVIEW_REMINDER_MINUTES,
    savedSearchPollMs: env.SAVED_SEARCH_POLL_MS,
    mail: {
      smtpUrl: env.SMTP_URL,
      from: env.MAIL_FROM,
      off: env.MAIL === 'off',
      pollMs: env.MAIL_POLL_MS,
      appUrl: env.APP_URL,
    },
    releases: releaseSettingsFrom(env),
    logLevel: env.LOG_LEVEL,
  };
}

/**
 * The server's configuration from its environment. An empty variable counts as unset (its default); a bad value
 * stops the start with one line per bad variable, each naming it ("PORT must be a positive whole number").
 */
export function readConfig(env: NodeJS.ProcessEnv = process.env): ServerConfig {
  const set = Object.fromEntries(Object.entries(env).filter(([, value]) => value !== undefined && value !== ''));
  const parsed = serverEnvironment.safeParse(set);
  if (!parsed.success) {
    throw new Error(parsed.error.issues.map((issue) => `${issue.path.join('.')} ${issue.message}`).join('\n'));
  }
  return serverConfigFrom(parsed.data);
}

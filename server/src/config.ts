import path from 'node:path';

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
  adminEmails: string[];
  corsOrigins: string[];
  publicUrl: string;
  jwtSecret?: string;
  accessTokenTtlSeconds: number;
  stripeSecretKey?: string;
  stripePublishableKey?: string;
  /** Lets tests point the real Stripe client at a local fake. */
  stripeApi?: { host: string; port: number; protocol: 'http' | 'https' };
  seed: 'demo' | 'none';
  rateLimits: { tokenPerMinute: number; writesPerMinute: number };
  logLevel: string;
}

const REPO_ROOT = path.resolve(__dirname, '../..');

function list(value: string | undefined): string[] {
  return (value ?? '')
    .split(',')
    .map((item) => item.trim())
    .filter(Boolean);
}

function positiveInt(value: string | undefined, fallback: number, name: string): number {
  if (value === undefined || value === '') return fallback;
  const n = Number(value);
  if (!Number.isInteger(n) || n <= 0) throw new Error(`${name} must be a positive whole number`);
  return n;
}

export function defaultCorsOrigins(): string[] {
  const origins: string[] = [];
  for (let port = 3000; port <= 3004; port++) origins.push(`http://localhost:${port}`, `http://127.0.0.1:${port}`);
  return origins;
}

export function readConfig(env: NodeJS.ProcessEnv = process.env): ServerConfig {
  const port = positiveInt(env.PORT, 5000, 'PORT');
  if (env.DATABASE_SCHEMA && !/^[a-z_][a-z0-9_]{0,62}$/.test(env.DATABASE_SCHEMA)) {
    throw new Error('DATABASE_SCHEMA must be a plain lower-case identifier');
  }
  const authMode = env.AUTH_MODE === 'emulator' ? 'emulator' : 'firebase';
  if (env.AUTH_MODE && !['emulator', 'firebase'].includes(env.AUTH_MODE)) {
    throw new Error('AUTH_MODE must be emulator or firebase');
  }
  const seed = env.SEED === 'none' ? 'none' : 'demo';
  return {
    port,
    host: env.HOST ?? '0.0.0.0',
    dataDir: path.resolve(env.DATA_DIR ?? path.join(REPO_ROOT, '.data')),
    databaseUrl: env.DATABASE_URL || undefined,
    databaseSchema: env.DATABASE_SCHEMA || undefined,
    authMode,
    firebaseProjectId: env.FIREBASE_PROJECT_ID || 'demo-bookswap',
    adminEmails: list(env.ADMIN_EMAILS).map((email) => email.toLowerCase()),
    corsOrigins: env.CORS_ORIGINS ? list(env.CORS_ORIGINS) : defaultCorsOrigins(),
    publicUrl: (env.PUBLIC_URL || `http://localhost:${port}`).replace(/\/+$/, ''),
    jwtSecret: env.JWT_SECRET || undefined,
    accessTokenTtlSeconds: positiveInt(env.ACCESS_TOKEN_TTL_SECONDS, 2 * 60 * 60, 'ACCESS_TOKEN_TTL_SECONDS'),
    stripeSecretKey: env.STRIPE_SECRET_KEY || undefined,
    stripePublishableKey: env.STRIPE_PUBLISHABLE_KEY || undefined,
    seed,
    rateLimits: {
      tokenPerMinute: positiveInt(env.RATE_LIMIT_TOKEN_PER_MINUTE, 60, 'RATE_LIMIT_TOKEN_PER_MINUTE'),
      writesPerMinute: positiveInt(env.RATE_LIMIT_WRITES_PER_MINUTE, 300, 'RATE_LIMIT_WRITES_PER_MINUTE'),
    },
    logLevel: env.LOG_LEVEL || 'info',
  };
}

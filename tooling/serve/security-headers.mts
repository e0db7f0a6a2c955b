// The security headers of the origins the product serves (SECURITY.md), as @fastify/helmet's options: every answer
// gets helmet's set (nosniff, a referrer policy, no framing, ...); the shell's page gets a Content-Security-Policy
// that allows exactly what the product loads: its own origin, the remotes' origins from remotes.json, the API, the
// sign-in emulator or Firebase, and Stripe when card payments are real (BOOKSWAP_PAYMENTS=stripe). Nothing else runs,
// loads or frames the shell.
import { createHash } from 'node:crypto';
import type { FastifyHelmetOptions } from '@fastify/helmet';
import * as fileReads from '../release/file-reads.mts';

/** helmet's directives: each a list of sources. */
export type PolicyDirectives = Record<string, string[]>;

/** What every origin sends, on every answer: helmet's defaults, with the two the product needs otherwise. */
const COMMON: FastifyHelmetOptions = {
  // The shell's page has its own policy per deployment (below); other answers are not documents.
  contentSecurityPolicy: false,
  referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
  // Google sign-in opens a popup that reports back to its opener.
  crossOriginOpenerPolicy: { policy: 'same-origin-allow-popups' },
};

/** The shell's origin: its files are for its own page. */
export const SHELL_HELMET: FastifyHelmetOptions = COMMON;

/** A remote's files are scripts for another origin's page: loadable anywhere, never framed or sniffed. */
export const REMOTE_HELMET: FastifyHelmetOptions = {
  ...COMMON,
  crossOriginResourcePolicy: { policy: 'cross-origin' },
  contentSecurityPolicy: {
    useDefaults: false,
    directives: { 'default-src': ["'none'"], 'frame-ancestors': ["'none'"] },
  },
};

const FIREBASE = ['https://identitytoolkit.googleapis.com', 'https://securetoken.googleapis.com'];
const GOOGLE_SIGN_IN = ['https://apis.google.com', 'https://accounts.google.com'];
const STRIPE_SCRIPTS = ['https://js.stripe.com'];
const STRIPE_FRAMES = ['https://js.stripe.com', 'https://hooks.stripe.com'];
const STRIPE_CONNECT = ['https://api.stripe.com'];

function originOf(url: string): string | null {
  try {
    return new URL(url).origin;
  } catch {
    return null;
  }
}

/** sha256 sources of the page's inline scripts (index.html's early start), so no 'unsafe-inline' is needed. */
export function inlineScriptHashes(html: string): string[] {
  return [...html.matchAll(/<script(?![^>]*\bsrc=)[^>]*>([\s\S]*?)<\/script>/gi)]
    .map((match) => match[1] ?? '')
    .filter((body) => body.trim())
    .map((body) => `'sha256-${createHash('sha256').update(body).digest('base64')}'`);
}

interface ShellConfig {
  apiUrl?: string;
  firebase?: { emulatorUrl?: string; authDomain?: string };
}

interface PolicyInputs {
  config: ShellConfig;
  remotes: { entry: string }[];
  indexHtml: string;
  env?: Record<string, string | undefined>;
}

type Source = string | null | false | undefined | Source[];
const list = (...sources: Source[]): string[] => [
  ...new Set((sources.flat(2) as (string | null | false | undefined)[]).filter((s): s is string => Boolean(s))),
];

export function shellPolicyDirectives({
  config,
  remotes,
  indexHtml,
  env = process.env,
}: PolicyInputs): PolicyDirectives {
  const remoteOrigins = list(remotes.map((remote) => originOf(remote.entry)));
  const api = originOf(config.apiUrl ?? '');
  const emulator = originOf(config.firebase?.emulatorUrl ?? '');
  const authDomain = config.firebase?.authDomain ? `https://${config.firebase.authDomain}` : null;
  const realSignIn = !emulator;
  const stripe = env.BOOKSWAP_PAYMENTS === 'stripe';
  const frames = list(realSignIn && authDomain, realSignIn && GOOGLE_SIGN_IN, stripe && STRIPE_FRAMES);
  return {
    'default-src': ["'self'"],
    'script-src': list(
      "'self'",
      remoteOrigins,
      inlineScriptHashes(indexHtml),
      realSignIn && GOOGLE_SIGN_IN,
      stripe && STRIPE_SCRIPTS,
    ),
    'connect-src': list("'self'", api, remoteOrigins, emulator, realSignIn && FIREBASE, stripe && STRIPE_CONNECT),
    // Emotion writes its styles into <style> elements at run time.
    'style-src': ["'self'", "'unsafe-inline'"],
    'img-src': list("'self'", 'data:', 'blob:', api, remoteOrigins),
    'font-src': ["'self'", 'data:'],
    'frame-src': frames.length ? frames : ["'none'"],
    'object-src': ["'none'"],
    'base-uri': ["'self'"],
    'form-action': ["'self'"],
    'frame-ancestors': ["'none'"],
  };
}

const asText = (text: string) => text;

/** The shell page's policy, for this request's configuration (its index.html read again only when it changed). */
export function shellPagePolicy({ indexFile, ...inputs }: Omit<PolicyInputs, 'indexHtml'> & { indexFile: string }) {
  return shellPolicyDirectives({ ...inputs, indexHtml: fileReads.readWhenChanged(indexFile, asText) });
}

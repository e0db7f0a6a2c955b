// The security headers of the origins the product serves (SECURITY.md): every response gets nosniff and a
// referrer policy; the shell's page gets a Content-Security-Policy that allows exactly what the product loads:
// its own origin, the remotes' origins from remotes.json, the API, the sign-in emulator or Firebase, and Stripe when
// card payments are real (BOOKSWAP_PAYMENTS=stripe). Nothing else runs, loads or frames the shell.
import { createHash } from 'node:crypto';
import fileReads from '../release/file-reads.cjs';

export const COMMON_HEADERS = {
  'x-content-type-options': 'nosniff',
  'referrer-policy': 'strict-origin-when-cross-origin',
};

/** A remote's files are scripts for another origin's page: loadable anywhere, never framed or sniffed. */
export const REMOTE_HEADERS = {
  ...COMMON_HEADERS,
  'cross-origin-resource-policy': 'cross-origin',
  'content-security-policy': "default-src 'none'; frame-ancestors 'none'",
};

const FIREBASE = ['https://identitytoolkit.googleapis.com', 'https://securetoken.googleapis.com'];
const GOOGLE_SIGN_IN = ['https://apis.google.com', 'https://accounts.google.com'];
const STRIPE_SCRIPTS = ['https://js.stripe.com'];
const STRIPE_FRAMES = ['https://js.stripe.com', 'https://hooks.stripe.com'];
const STRIPE_CONNECT = ['https://api.stripe.com'];

function originOf(url) {
  try {
    return new URL(url).origin;
  } catch {
    return null;
  }
}

/** sha256 sources of the page's inline scripts (index.html's early start), so no 'unsafe-inline' is needed. */
export function inlineScriptHashes(html) {
  return [...html.matchAll(/<script(?![^>]*\bsrc=)[^>]*>([\s\S]*?)<\/script>/gi)]
    .map((match) => match[1] ?? '')
    .filter((body) => body.trim())
    .map((body) => `'sha256-${createHash('sha256').update(body).digest('base64')}'`);
}

/**
 * @param {object} options
 * @param {{ apiUrl?: string, firebase?: { emulatorUrl?: string, authDomain?: string } }} options.config  config.json
 * @param {{ entry: string }[]} options.remotes  remotes.json
 * @param {string} options.indexHtml
 * @param {Record<string, string | undefined>} [options.env]
 */
export function shellContentSecurityPolicy({ config, remotes, indexHtml, env = process.env }) {
  const remoteOrigins = [...new Set(remotes.map((remote) => originOf(remote.entry)).filter(Boolean))];
  const api = originOf(config.apiUrl ?? '');
  const emulator = originOf(config.firebase?.emulatorUrl ?? '');
  const authDomain = config.firebase?.authDomain ? `https://${config.firebase.authDomain}` : null;
  const realSignIn = !emulator;
  const stripe = env.BOOKSWAP_PAYMENTS === 'stripe';
  const list = (...sources) => [...new Set(sources.flat().filter(Boolean))].join(' ');
  const directives = {
    'default-src': "'self'",
    'script-src': list(
      "'self'",
      remoteOrigins,
      inlineScriptHashes(indexHtml),
      realSignIn && GOOGLE_SIGN_IN,
      stripe && STRIPE_SCRIPTS,
    ),
    'connect-src': list("'self'", api, remoteOrigins, emulator, realSignIn && FIREBASE, stripe && STRIPE_CONNECT),
    // Emotion writes its styles into <style> elements at run time.
    'style-src': "'self' 'unsafe-inline'",
    'img-src': list("'self'", 'data:', 'blob:', api, remoteOrigins),
    'font-src': "'self' data:",
    'frame-src': list(realSignIn && authDomain, realSignIn && GOOGLE_SIGN_IN, stripe && STRIPE_FRAMES) || "'none'",
    'object-src': "'none'",
    'base-uri': "'self'",
    'form-action': "'self'",
    'frame-ancestors': "'none'",
  };
  return Object.entries(directives)
    .map(([name, value]) => `${name} ${value}`)
    .join('; ');
}

const { readWhenChanged } = fileReads;
const asText = (text) => text;

/** The shell page's headers, computed for this request's configuration. */
export function shellPageHeaders({ config, remotes, indexFile, env }) {
  return {
    ...COMMON_HEADERS,
    'content-security-policy': shellContentSecurityPolicy({
      config,
      remotes,
      indexHtml: readWhenChanged(indexFile, asText),
      env,
    }),
  };
}

import fs from 'node:fs';
import path from 'node:path';
import { randomBytes, webcrypto } from 'node:crypto';
import { SignJWT, jwtVerify } from 'jose';
import type { Role } from '@bookswap/shared/schemas';

const ISSUER = 'bookswap-server';
const AUDIENCE = 'bookswap';

export interface AccessClaims {
  /** The user record's id. */
  userId: string;
  email: string;
  /** The identity provider's uid. */
  uid: string;
  /** Informational only: every check reads the role from the database at that request. */
  role: Role;
  /** The user's session version when the token was issued; a sign-out moves it on (absent: version 0). */
  sessionVersion?: number;
}

export interface AccessTokens {
  issue(claims: AccessClaims): Promise<string>;
  /** The claims of a valid token, or null for a bad, foreign or expired one. */
  check(token: string): Promise<AccessClaims | null>;
}

/** JWT_SECRET when set; otherwise a secret generated once and kept (owner-only) in DATA_DIR. */
export function loadJwtSecret(configured: string | undefined, dataDir: string): string {
  if (configured) return configured;
  const file = path.join(dataDir, 'jwt-secret');
  try {
    const stored = fs.readFileSync(file, 'utf8').trim();
    if (stored.length >= 32) return stored;
  } catch {
    // not created yet
  }
  fs.mkdirSync(dataDir, { recursive: true });
  const secret = randomBytes(48).toString('base64url');
  fs.writeFileSync(file, secret, { mode: 0o600 });
  return secret;
}

/** Tokens already verified, kept (most recently used last) so that each is verified once, not at every call. */
const VERIFIED_KEPT = 10_000;

export function accessTokens(secret: string, ttlSeconds: number): AccessTokens {
  const key = new TextEncoder().encode(secret);
  // The HMAC key imported once: jose would import the raw bytes again at every verification.
  let cryptoKey: Promise<webcrypto.CryptoKey> | undefined;
  const verifyingKey = () =>
    (cryptoKey ??= webcrypto.subtle.importKey('raw', key, { name: 'HMAC', hash: 'SHA-256' }, false, ['verify']));
  /**
   * A token's signature, issuer and audience never change: once verified, only its expiry is left to check,
   * as jose checks it (valid while `exp` is after the current whole second). Only valid tokens are kept.
   */
  const verified = new Map<string, { claims: AccessClaims; exp: number }>();
  return {
    issue(claims) {
      const session = claims.sessionVersion === undefined ? {} : { sv: claims.sessionVersion };
      return new SignJWT({ email: claims.email, uid: claims.uid, role: claims.role, ...session })
        .setProtectedHeader({ alg: 'HS256' })
        .setSubject(claims.userId)
        .setIssuer(ISSUER)
        .setAudience(AUDIENCE)
        .setIssuedAt()
        .setExpirationTime(`${ttlSeconds}s`)
        .sign(key);
    },
    async check(token) {
      const known = verified.get(token);
      if (known) {
        verified.delete(token);
        if (known.exp <= Math.floor(Date.now() / 1000)) return null;
        verified.set(token, known);
        return { ...known.claims };
      }
      try {
        const { payload } = await jwtVerify(token, await verifyingKey(), {
          algorithms: ['HS256'],
          issuer: ISSUER,
          audience: AUDIENCE,
        });
        if (typeof payload.sub !== 'string' || typeof payload.email !== 'string') return null;
        const claims: AccessClaims = {
          userId: payload.sub,
          email: payload.email,
          uid: typeof payload.uid === 'string' ? payload.uid : '',
          role: payload.role === 'admin' || payload.role === 'seller' ? payload.role : 'buyer',
          ...(typeof payload.sv === 'number' ? { sessionVersion: payload.sv } : {}),
        };
        // Our tokens always carry `exp`; one without it is verified at every call rather than kept forever.
        if (typeof payload.exp === 'number') {
          verified.set(token, { claims, exp: payload.exp });
          if (verified.size > VERIFIED_KEPT) verified.delete(verified.keys().next().value!);
        }
        return { ...claims };
      } catch {
        return null;
      }
    },
  };
}

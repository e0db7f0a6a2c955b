import {
  createRemoteJWKSet,
  decodeJwt,
  decodeProtectedHeader,
  errors,
  jwtVerify,
  type JWTPayload,
  type JWTVerifyGetKey,
} from 'jose';
import { HttpError, unauthorized } from '../errors/http-error';

/** What the server takes from a checked Firebase ID token. */
export interface VerifiedIdentity {
  uid: string;
  email: string;
  emailVerified: boolean;
  name?: string;
  /** `firebase.sign_in_provider`: `password`, `google.com`, ... */
  signInProvider?: string;
  /**
   * When the person signed in, in seconds: `auth_time`, which a renewed token keeps from its sign-in (`iat` when
   * absent; 0 when neither is there, so that a sign-out everywhere refuses it).
   */
  signedInAt: number;
}

export interface IdTokenVerifier {
  verify(idToken: string): Promise<VerifiedIdentity>;
}

const GOOGLE_KEYS_URL = 'https://www.googleapis.com/service_accounts/v1/jwk/securetoken@system.gserviceaccount.com';

function identityFrom(payload: JWTPayload): VerifiedIdentity {
  const uid = typeof payload.sub === 'string' ? payload.sub : '';
  const email = typeof payload.email === 'string' ? payload.email.trim().toLowerCase() : '';
  if (!uid || uid.length > 128) throw unauthorized('The sign-in token has no user');
  if (!email) throw unauthorized('The sign-in token has no email');
  const firebase = payload.firebase as { sign_in_provider?: unknown } | undefined;
  const signInProvider = typeof firebase?.sign_in_provider === 'string' ? firebase.sign_in_provider : undefined;
  const authTime = typeof payload.auth_time === 'number' ? payload.auth_time : payload.iat;
  return {
    uid,
    email,
    emailVerified: payload.email_verified === true,
    name: typeof payload.name === 'string' ? payload.name : undefined,
    ...(signInProvider ? { signInProvider } : {}),
    signedInAt: typeof authTime === 'number' ? authTime : 0,
  };
}

/** Google's key endpoint could not be read: the token may be fine, so this must not sign anyone out. */
class KeysUnavailable extends Error {}

/** Errors that say something about the token itself; anything else the key getter throws is an outage. */
const TOKEN_FAULTS = [errors.JWKSNoMatchingKey, errors.JWKSMultipleMatchingKeys, errors.JOSENotSupported];

function outagesApart(keys: JWTVerifyGetKey): JWTVerifyGetKey {
  return async (header, token) => {
    try {
      return await keys(header, token);
    } catch (error) {
      if (TOKEN_FAULTS.some((fault) => error instanceof fault)) throw error;
      throw new KeysUnavailable('the identity provider’s keys could not be read', { cause: error });
    }
  };
}

/** Production: RS256 tokens signed by Google, with issuer, audience and expiry checked. */
export function firebaseVerifier(
  projectId: string,
  keys: JWTVerifyGetKey = createRemoteJWKSet(new URL(GOOGLE_KEYS_URL)),
): IdTokenVerifier {
  const guardedKeys = outagesApart(keys);
  return {
    async verify(idToken) {
      try {
        const { payload } = await jwtVerify(idToken, guardedKeys, {
          algorithms: ['RS256'],
          issuer: `https://securetoken.google.com/${projectId}`,
          audience: projectId,
          requiredClaims: ['exp', 'iat', 'sub'],
        });
        return identityFrom(payload);
      } catch (error) {
        if (error instanceof KeysUnavailable) {
          throw new HttpError(503, 'Sign-in is unavailable for a moment; please try again shortly.');
        }
        if (error instanceof errors.JWTExpired) throw unauthorized('The sign-in token has expired');
        if (error instanceof errors.JOSEError || error instanceof TypeError)
          throw unauthorized('The sign-in token is not valid');
        throw error;
      }
    },
  };
}

/**
 * The Auth emulator signs nothing (`alg: none`). Accepted only when the server was started with
 * AUTH_MODE=emulator, never because of what a token's header says; issuer, audience and expiry still count.
 */
export function emulatorVerifier(projectId: string): IdTokenVerifier {
  return {
    async verify(idToken) {
      let payload: JWTPayload;
      try {
        decodeProtectedHeader(idToken);
        payload = decodeJwt(idToken);
      } catch {
        throw unauthorized('The sign-in token is not valid');
      }
      const now = Math.floor(Date.now() / 1000);
      if (payload.iss !== `https://securetoken.google.com/${projectId}`)
        throw unauthorized('The sign-in token is for another project');
      const audience = Array.isArray(payload.aud) ? payload.aud : [payload.aud];
      if (!audience.includes(projectId)) throw unauthorized('The sign-in token is for another project');
      if (typeof payload.exp !== 'number' || payload.exp < now) throw unauthorized('The sign-in token has expired');
      return identityFrom(payload);
    },
  };
}

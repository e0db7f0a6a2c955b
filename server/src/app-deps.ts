import type { AccessTokens } from './auth/access-token';
import type { UnsubscribeLinks } from './auth/unsubscribe-links';
import type { IdTokenVerifier } from './auth/id-token';
import type { SignInAccounts } from './auth/sign-in-accounts';
import type { ServerConfig } from './config';
import type { Database } from './db/database';
import type { WireContext } from './services/wire';
import type { DiskGuard } from './http/disk-guard';
import type { ImageStore } from './images/image-store';
import type { PaymentGateway } from './payments/payment-gateway';

/** What every route module is given: built once at start by main.ts (or by the tests). */
export interface AppDeps {
  config: ServerConfig;
  db: Database;
  idTokens: IdTokenVerifier;
  /** Ends a sign-in account's refresh tokens at the identity provider (signing out everywhere, a ban). */
  signInAccounts: SignInAccounts;
  accessTokens: AccessTokens;
  /** Signs and checks the one-click unsubscribe links of saved searches' emails (decision 035). */
  unsubscribeLinks: UnsubscribeLinks;
  gateway: PaymentGateway;
  images: ImageStore;
  wire: WireContext;
  /** Refuses writes when DATA_DIR's disk is nearly full (MIN_FREE_DISK_MB). */
  disk: DiskGuard;
}

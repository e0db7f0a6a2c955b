export declare const ROOT: string;
export declare const API_PORT: number;
export declare const AUTH_EMULATOR_PORT: number;
export declare const MAIL_SMTP_PORT: number;
export declare const MAIL_INBOX_PORT: number;
export declare const MAIL_INBOX_URL: string;
export declare const PROJECT_ID: string;

export type PackageName = 'shell' | 'storefront' | 'seller' | 'admin' | 'checkout';

export interface RunningProduct {
  url: string;
  /** The local mail catcher's inbox, when it runs. */
  mailInbox: string | null;
  stop(): Promise<void>;
  stopPackage(name: PackageName): Promise<void>;
  startPackage(name: PackageName): Promise<void>;
  /** Stops the API server this launcher started (throws when it reused one); data stays in DATA_DIR. */
  stopApi(): Promise<void>;
  /** Starts it again on the same port and DATA_DIR; resolves once GET /health answers. */
  startApi(): Promise<void>;
}

export interface LaunchOptions {
  root?: string;
  dataDir?: string;
  api?: boolean;
  authEmulator?: boolean;
  mailCatcher?: boolean;
  packages?: PackageName[];
  keepAccounts?: boolean;
  apiEnv?: Record<string, string>;
  /** BOOKSWAP_PAGE_LOAD_SECRET of the API and the shell's server alike; made up when unset. */
  pageLoadSecret?: string;
  log?: (line: string) => void;
  onUnexpectedExit?: (reason: string) => void;
}

export declare function missingBuilds(env?: Record<string, string | undefined>): string[];
export declare function promoteLastBuild(options?: {
  env?: Record<string, string | undefined>;
  log?: (line: string) => void;
  registry?: { remotes: Record<string, { live?: string | null; canary?: unknown } | undefined> };
}): void;
export declare function launchProduct(options?: LaunchOptions): Promise<RunningProduct>;
export declare function startControlServer(
  product: RunningProduct,
  port?: number,
): Promise<{ url: string; close(): Promise<void> }>;

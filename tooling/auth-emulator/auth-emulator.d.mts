// Types of auth-emulator.mjs for the TypeScript callers (browser test fixtures).
import type { ChildProcess } from 'node:child_process';

export interface DemoAccount {
  email: string;
  password: string;
  userName: string;
}

export interface EmulatorAccount {
  localId: string;
  email?: string;
  displayName?: string;
  photoUrl?: string;
  emailVerified?: boolean;
  providerUserInfo?: { providerId: string; email?: string }[];
}

export interface RunningAuthEmulator {
  url: string;
  child: ChildProcess;
  exited: Promise<number>;
  ready: Promise<void>;
  /** Sends the signal unless the emulator already shuts down, and resolves when it has exited. */
  stop(signal?: NodeJS.Signals): Promise<void>;
}

export interface AuthEmulatorOptions {
  stateDir?: string;
  port?: number;
  persist?: boolean;
  dataDir?: string;
  output?: 'inherit' | 'ignore';
  timeoutMs?: number;
}

export const REPO_ROOT: string;
export const AUTH_EMULATOR_PROJECT: 'demo-bookswap';
export const AUTH_EMULATOR_PORT: number;
export const AUTH_EMULATOR_URL: string;
export const AUTH_EMULATOR_API_KEY: string;

export function loadDemoUsers(): Promise<DemoAccount[]>;
export function writeEmulatorConfig(options?: { stateDir?: string; port?: number }): string;
export function isAuthEmulatorUp(url?: string): Promise<boolean>;
export function waitForAuthEmulator(options?: {
  url?: string;
  timeoutMs?: number;
  exited?: () => boolean;
}): Promise<void>;
export function launchAuthEmulator(options?: AuthEmulatorOptions): RunningAuthEmulator;
export function startAuthEmulator(options?: AuthEmulatorOptions): Promise<RunningAuthEmulator>;
export function createEmulatorAccount(
  account: { email: string; password: string; displayName?: string },
  options?: { url?: string },
): Promise<{ created: boolean; uid?: string }>;
export function seedDemoUsers(options?: { url?: string; users?: readonly DemoAccount[] }): Promise<number>;
export function wipeAccounts(options?: { url?: string }): Promise<void>;
export function listAccounts(options?: { url?: string }): Promise<EmulatorAccount[]>;

/** An email the emulator would have sent, with the link in it. */
export interface EmulatorOobCode {
  email: string;
  requestType: string;
  oobCode: string;
  oobLink: string;
}
export function listOobCodes(options?: { url?: string }): Promise<EmulatorOobCode[]>;

import type { RemoteLoadOutcome } from '@bookswap/shared/schemas';
import type { RemoteName } from './route-ownership';

/** Where a remote's load stopped (release health, docs/decisions/025). */
export type RemoteLoadStage = Exclude<RemoteLoadOutcome, 'loaded'>;

/** A remote's entry, its route table or one of its screen chunks could not be loaded. */
export class RemoteUnavailableError extends Error {
  override readonly name = 'RemoteUnavailableError';

  constructor(
    readonly remote: RemoteName,
    readonly reason: string,
    readonly stage: RemoteLoadStage = 'module',
  ) {
    super(`The ${remote} part of the site could not be loaded: ${reason}`);
  }
}

/** The remote's release needs what this shell cannot give (docs/decisions/020): it is never loaded, and retrying cannot help. */
export class RemoteIncompatibleError extends RemoteUnavailableError {
  constructor(
    remote: RemoteName,
    readonly version: string,
    readonly mismatches: readonly string[],
  ) {
    super(remote, `release ${version} does not fit this shell: ${mismatches.join('; ')}`, 'contract');
  }
}

// The federation runtime's error codes (@module-federation/error-codes): the manifest (or the snapshot read from
// it) could not be had, or the entry script could not be loaded or run. Anything else failed past the entry.
const MANIFEST_CODES = /RUNTIME-00[347]|RUNTIME-01[13]/;
const ENTRY_CODES = /RUNTIME-00[128]|RUNTIME-015/;

/** The stage a federation runtime failure happened at. */
export function failureStage(error: unknown): RemoteLoadStage {
  const reason = reasonOf(error);
  if (MANIFEST_CODES.test(reason)) return 'manifest';
  if (ENTRY_CODES.test(reason)) return 'entry';
  return 'module';
}

export function reasonOf(error: unknown): string {
  if (error instanceof Error) return error.message;
  return String(error);
}

/** The remote loaded but its route table has no route for a path the ownership table gives it. */
export class PathNotServedError extends Error {
  override readonly name = 'PathNotServedError';
}

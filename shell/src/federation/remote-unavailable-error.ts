import type { RemoteName } from './route-ownership';

/** A remote's entry, its route table or one of its screen chunks could not be loaded. */
export class RemoteUnavailableError extends Error {
  override readonly name = 'RemoteUnavailableError';

  constructor(
    readonly remote: RemoteName,
    readonly reason: string,
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
    super(remote, `release ${version} does not fit this shell: ${mismatches.join('; ')}`);
  }
}

export function reasonOf(error: unknown): string {
  if (error instanceof Error) return error.message;
  return String(error);
}

/** The remote loaded but its route table has no route for a path the ownership table gives it. */
export class PathNotServedError extends Error {
  override readonly name = 'PathNotServedError';
}

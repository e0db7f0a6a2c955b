/**
 * `remotes.json`, deployed beside the shell and rewritten by the deployer without a build
 * (docs/decisions/004): the name and `mf-manifest.json` URL of each remote.
 */
export type RemoteManifestList = { name: string; entry: string }[];

function isAbsoluteUrl(text: unknown): boolean {
  if (typeof text !== 'string') return false;
  try {
    return Boolean(new URL(text));
  } catch {
    return false;
  }
}

/** Checked by hand, not with the schema library, which the shell's first load does without. */
export function readRemoteManifestList(data: unknown): RemoteManifestList {
  const valid =
    Array.isArray(data) &&
    data.every(
      (remote: unknown) =>
        typeof remote === 'object' &&
        remote !== null &&
        typeof (remote as { name?: unknown }).name === 'string' &&
        (remote as { name: string }).name.length > 0 &&
        isAbsoluteUrl((remote as { entry?: unknown }).entry),
    );
  if (!valid) throw new Error('remotes.json must list each remote as { "name", "entry": an absolute URL }');
  return (data as RemoteManifestList).map(({ name, entry }) => ({ name, entry }));
}

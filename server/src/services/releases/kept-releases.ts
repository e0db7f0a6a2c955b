import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { UNIT_NAMES, type KeptReleases, type ReleaseManifest, type ReleaseUnit } from '@bookswap/shared/releases';

async function releasesOf(releasesDir: string, unit: ReleaseUnit): Promise<ReleaseManifest[]> {
  let folders;
  try {
    folders = await readdir(path.join(releasesDir, unit), { withFileTypes: true });
  } catch {
    return [];
  }
  const read = await Promise.all(
    folders
      .filter((folder) => folder.isDirectory() && !folder.name.startsWith('.'))
      .map((folder) =>
        readFile(path.join(releasesDir, unit, folder.name, 'release.json'), 'utf8').then(
          (text) => JSON.parse(text) as ReleaseManifest,
          () => null,
        ),
      ),
  );
  return read
    .filter((release) => release !== null)
    .sort((a, b) => a.builtAt.localeCompare(b.builtAt) || a.version.localeCompare(b.version));
}

/**
 * The kept releases (`<BOOKSWAP_RELEASES_DIR>/<unit>/<version>/release.json`, docs/decisions/020) as the release gate
 * reads them, read once before a change so the gate itself runs under the registry's lock without waiting on disk.
 */
export async function readKeptReleases(releasesDir: string): Promise<KeptReleases> {
  const kept = new Map(await Promise.all(UNIT_NAMES.map(async (unit) => [unit, await releasesOf(releasesDir, unit)] as const)));
  return {
    release: (unit, version) => kept.get(unit)?.find((release) => release.version === version) ?? null,
    newest: (unit) => kept.get(unit)?.at(-1)?.version ?? null,
  };
}

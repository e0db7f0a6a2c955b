import { z } from 'zod';

/**
 * `remotes.json`, deployed beside the shell and rewritten by the deployer without a build
 * (docs/decisions/004): the name and `mf-manifest.json` URL of each remote.
 */
export const remoteManifestListSchema = z.array(z.object({ name: z.string().min(1), entry: z.string().url() }));

export type RemoteManifestList = z.infer<typeof remoteManifestListSchema>;

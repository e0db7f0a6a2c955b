import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import {
  contractMismatches,
  ReleaseRefusal,
  type ReleaseManifest,
  type ShellContract,
} from '@bookswap/shared/releases';
import { ROOT, type Env, type RemoteName } from './release-store.cjs';

/** The live shell's contract: `shell-contract.json` of the deployed shell build (BOOKSWAP_SHELL_DIST, default shell/dist). */
export function liveShellContract(env: Env = process.env): ShellContract {
  const file = join(env.BOOKSWAP_SHELL_DIST || join(ROOT, 'shell', 'dist'), 'shell-contract.json');
  try {
    return JSON.parse(readFileSync(file, 'utf8')) as ShellContract;
  } catch {
    throw new ReleaseRefusal(`no shell build to check the release against (${file}): build the shell first`);
  }
}

/** Refuses (with every cause named) a release the live shell cannot host. */
export function assertCompatible(remote: RemoteName, release: ReleaseManifest, shell: ShellContract): void {
  const causes = contractMismatches(remote, release, shell);
  if (causes.length)
    throw new ReleaseRefusal(`${remote} ${release.version} cannot go live on this shell:\n- ${causes.join('\n- ')}`);
}

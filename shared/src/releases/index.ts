export { contractMismatches } from './contract-check';
export { breakingPart, parseVersion, satisfiesRange } from './version-range';
export type { ReleaseContract, ReleaseManifest, ResolvedRemote, RouteFacts, ShellContract } from './release-manifest';

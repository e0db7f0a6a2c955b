export { contractMismatches } from './contract-check';
export { breakingPart, parseVersion, satisfiesRange } from './version-range';
export type { ReleaseContract, ReleaseManifest, ResolvedRemote, RouteFacts, ShellContract } from './release-manifest';
export {
  advanceRollout,
  liveLine,
  promoteCanary,
  promoteLive,
  ReleaseRefusal,
  releaseFiguresFileOf,
  rollBack,
  rolloutSteps,
  startRollout,
} from './registry';
export type {
  ChangeContext,
  HistoryEntry,
  Registry,
  RemoteRecord,
  RolloutFigures,
  RolloutSideFigures,
  RolloutState,
} from './registry';

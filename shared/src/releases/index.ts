export { contractMismatches } from './contract-check';
export { countedRoutes } from './counted-routes';
export { routePathKey } from './route-path';
export { refuseStranded, strandedReleases, worldsOf } from './release-gate';
export type { KeptReleases, World } from './release-gate';
export { REMOTE_NAMES, UNIT_NAMES, UNITS } from './release-units';
export type { Unit } from './release-units';
export { breakingPart, parseVersion, satisfiesRange } from './version-range';
export type {
  ReleaseContract,
  ReleaseManifest,
  ReleaseUnit,
  ResolvedRemote,
  RouteFacts,
  ShellContract,
} from './release-manifest';
export {
  advanceRollout,
  latestSet,
  liveLine,
  promoteCanary,
  promoteLive,
  promoteSet,
  ReleaseRefusal,
  releaseFiguresFileOf,
  releaseSetId,
  rollBack,
  rollBackSet,
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

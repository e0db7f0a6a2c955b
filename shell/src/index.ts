// The async boundary: shared singletons are negotiated with the federation runtime before any of them runs.
import { takeFirstScreenModules } from './federation/take-first-screen';

void takeFirstScreenModules().then(() => import('./bootstrap'));

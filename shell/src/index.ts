// The async boundary: shared singletons are negotiated with the federation runtime before any of them runs.
import { takeFirstScreenModules } from './federation/take-first-screen';

void takeFirstScreenModules()
  // Taking them early only spreads the work out; the bootstrap's own imports load any module left untaken.
  .catch((error: unknown) => console.error('Bookswap: the first screens’ modules could not be taken early', error))
  .then(() => import('./bootstrap'));

import { useRouteError } from 'react-router-dom';
import { NotFoundScreen } from '../route-errors/NotFoundScreen';
import { RouteErrorScreen } from '../route-errors/RouteErrorScreen';
import { RemoteFallback } from './RemoteFallback';
import type { RemoteArea } from './route-ownership';
import { PathNotServedError, RemoteIncompatibleError, RemoteUnavailableError } from './remote-unavailable-error';

/** A remote that failed to load gets its fallback with Retry; any other route error the SPEC error screen. */
export function RemoteAreaError({ area }: { area: RemoteArea }) {
  const error = useRouteError();
  if (error instanceof RemoteIncompatibleError)
    return <RemoteFallback area={area} reason={error.reason} incompatible={error.mismatches} />;
  if (error instanceof RemoteUnavailableError) return <RemoteFallback area={area} reason={error.reason} />;
  if (error instanceof PathNotServedError) return <NotFoundScreen />;
  return <RouteErrorScreen />;
}

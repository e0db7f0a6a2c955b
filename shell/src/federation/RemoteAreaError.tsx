import { isRouteErrorResponse, useMatches, useRouteError } from 'react-router-dom';
import { useCaughtErrorNoted } from '../release-health/use-caught-error-noted';
import { NotFoundScreen } from '../route-errors/NotFoundScreen';
import { RouteErrorScreen } from '../route-errors/RouteErrorScreen';
import { RemoteFallback } from './RemoteFallback';
import type { RemoteArea } from './route-ownership';
import { PathNotServedError, RemoteIncompatibleError, RemoteUnavailableError } from './remote-unavailable-error';

/**
 * A remote that failed to load gets its fallback with Retry; a path or a thing that does not exist the 404 screen;
 * any other route error product.md's error screen.
 */
export function RemoteAreaError({ area }: { area: RemoteArea }) {
  const error = useRouteError();
  const matches = useMatches();
  const prefix = `remote:${area.name}:`;
  // The route's pattern from its id (remote-area-routes.tsx), never the URL.
  const route = matches.findLast((match) => match.id.startsWith(prefix))?.id.slice(prefix.length) ?? '/';
  // A screen's loader answering 404 (an unknown category) is a page that does not exist, not a broken release.
  const notFound = error instanceof PathNotServedError || (isRouteErrorResponse(error) && error.status === 404);
  useCaughtErrorNoted(error, area.name, route, !(error instanceof RemoteUnavailableError) && !notFound);
  if (error instanceof RemoteIncompatibleError)
    return <RemoteFallback area={area} reason={error.reason} incompatible={error.mismatches} />;
  if (error instanceof RemoteUnavailableError) return <RemoteFallback area={area} reason={error.reason} />;
  if (notFound) return <NotFoundScreen />;
  return <RouteErrorScreen />;
}

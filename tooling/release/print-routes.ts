// Run by a release build in its own Node process (tsx, assets stubbed): prints the routes a remote's `./routes`
// module serves, as data, on stdout. Only the module is evaluated; its screens are lazy and never loaded.
import { pathToFileURL } from 'node:url';
import type { RouteObject } from 'react-router-dom';
import { routeFactsOf } from './read-routes';

async function printRoutes(file: string) {
  const loaded = (await import(pathToFileURL(file).href)) as { default: unknown };
  // A CommonJS-compiled module arrives wrapped once more.
  const outer = loaded.default;
  const routes = Array.isArray(outer) ? outer : (outer as { default?: unknown } | undefined)?.default;
  if (!Array.isArray(routes)) throw new Error(`${file} exports no route list`);
  process.stdout.write(`${JSON.stringify(routeFactsOf(routes as RouteObject[]))}\n`);
}

printRoutes(process.argv[2] ?? '').catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});

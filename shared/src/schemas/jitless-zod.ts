import { config } from 'zod';

// In a browser the page's Content-Security-Policy allows no eval: zod's probe for it (`Function('')`) would report a
// violation on every page that parses. Each package bundles its own copy of these schemas and of zod
// (docs/decisions/028), so every schema file imports this module for its effect alone: whichever schema a bundle
// keeps, its zod is configured before the first parse. package.json lists it under sideEffects, so no bundle drops
// it; it takes only `config` from zod, so the rest of zod still goes where it is unused. The server keeps zod's
// compiled parsers.
if ('document' in globalThis) config({ jitless: true });

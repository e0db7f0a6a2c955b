import { z } from 'zod';

// In a browser the page's Content-Security-Policy allows no eval: zod's probe for it (`Function('')`) would report a
// violation on every page that parses. Each package bundles its own copy of these schemas and of zod
// (docs/decisions/028), so every schema file takes zod from here and each copy is configured before its first parse
// (package.json lists this file under sideEffects, so no bundle skips it). The server keeps zod's compiled parsers.
if ('document' in globalThis) z.config({ jitless: true });

export { z };

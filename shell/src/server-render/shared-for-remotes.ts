// The modules this shell's server render provides to a remote's render entry: the same singletons the browser's share
// scope holds (tooling/webpack/shared-singletons.cjs), so the shell's providers (React, the router, the theme, SWR,
// the sign-in context) and a remote's screens inside them are one instance, as in the browser. Imported, never
// required: a package with an ES and a CommonJS build would otherwise be here twice.
import * as emotionReact from '@emotion/react';
import * as emotionStyled from '@emotion/styled';
import * as material from '@mui/material';
import * as react from 'react';
import * as reactDom from 'react-dom';
import * as jsxRuntime from 'react/jsx-runtime';
// eslint-disable-next-line no-restricted-imports -- the instance inside react-router-dom, for a remote that names it
import * as reactRouter from 'react-router';
import * as reactRouterDom from 'react-router-dom';
import * as toastify from 'react-toastify';
// eslint-disable-next-line @typescript-eslint/no-restricted-imports -- the whole module, as the share scope holds it
import * as swr from 'swr';
import * as auth from '@bookswap/contract/auth';
import * as config from '@bookswap/contract/config';
import * as routing from '@bookswap/contract/routing';

/** What webpack's `require.context` gives: the matched modules by their path under the folder. */
interface ModuleFolder {
  keys(): string[];
  (key: string): unknown;
}
type ContextRequire = { context(folder: string, deep: boolean, filter: RegExp): ModuleFolder };

// Every MUI component's folder (`@mui/material/Card`), `styles` and `utils`, as the ES build the shell's own imports
// resolve to: a remote may import any of them, and the browser shares them all under `@mui/material/`.
const materialFolders = (require as unknown as ContextRequire).context(
  '../../node_modules/@mui/material',
  true,
  /^\.\/(?!Pigment)\w+\/index\.mjs$/,
);

const named: Record<string, unknown> = {
  react,
  'react/jsx-runtime': jsxRuntime,
  'react-dom': reactDom,
  'react-router': reactRouter,
  'react-router-dom': reactRouterDom,
  swr,
  'react-toastify': toastify,
  '@emotion/react': emotionReact,
  '@emotion/styled': emotionStyled,
  '@mui/material': material,
  '@bookswap/contract/auth': auth,
  '@bookswap/contract/config': config,
  '@bookswap/contract/routing': routing,
};

const MATERIAL_FOLDER = /^@mui\/material\/(\w+)$/;

/** The shell's instance of a shared module, or undefined when this shell does not provide it. */
export function sharedModule(request: string): unknown {
  if (request in named) return named[request];
  const folder = MATERIAL_FOLDER.exec(request)?.[1];
  const key = folder && `./${folder}/index.mjs`;
  return key && materialFolders.keys().includes(key) ? materialFolders(key) : undefined;
}

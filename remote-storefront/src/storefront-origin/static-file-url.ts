// Webpack replaces this with the storefront's own public path (its origin when loaded as a remote).
declare const __webpack_public_path__: string | undefined;

/**
 * URL of a file from the storefront's `public/` folder. Mounted in the shell, a relative URL would
 * resolve against the shell's origin, so the remote's own public path comes first.
 */
export function staticFileUrl(name: string): string {
  const base = typeof __webpack_public_path__ === 'string' && __webpack_public_path__ ? __webpack_public_path__ : '/';
  return new URL(name, new URL(base, window.location.href)).href;
}

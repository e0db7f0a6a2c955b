import type { ModuleFederationRuntimePlugin } from '@module-federation/enhanced/runtime';

// docs/decisions/038: the toast container is mounted once some part of the page loads react-toastify, which every
// notice does (the libraries' notify functions import it on the first one; releases built before that import it with
// their screens). Until then the page carries none of its code.

const TOAST_LIBRARY = 'react-toastify';

let wanted = false;
const listeners = new Set<() => void>();

/** Whether the page has loaded react-toastify, so needs the container its notices are drawn in. */
export const toastsWanted = (): boolean => wanted;

export function subscribeToToastDemand(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

function wantToasts(): void {
  if (wanted) return;
  wanted = true;
  for (const listener of listeners) listener();
}

/**
 * Tells the shell when any part (the shell, or a remote through its own federation instance) has loaded react-toastify
 * from the share scope: `afterLoadShare` follows every load of a shared module, eager or lazy. (`resolveShare` would
 * not do: the runtime also resolves a remote's shared modules to choose what to preload, loading none of them.)
 */
export function toastDemandWatcher(): ModuleFederationRuntimePlugin {
  return {
    name: 'bookswap-toast-demand',
    afterLoadShare(args) {
      if (args.pkgName === TOAST_LIBRARY) wantToasts();
    },
  };
}

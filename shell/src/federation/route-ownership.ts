/**
 * ARCHITECTURE.md's route ownership table. The shell knows which remote owns which path before any
 * remote has loaded, so a path whose remote is slow or down shows that remote's fallback, not the 404.
 */
export type RemoteName = 'storefront' | 'checkout' | 'seller' | 'admin';

/** Where the shell mounts a remote: the public layout or the dashboard layout. */
export type RemoteLayout = 'public' | 'dashboard';

export interface RemoteArea {
  name: RemoteName;
  /** Shown in the fallback when the remote cannot be loaded. */
  label: string;
  layout: RemoteLayout;
  paths: readonly string[];
}

export const REMOTE_AREAS: readonly RemoteArea[] = [
  {
    name: 'storefront',
    label: 'Storefront',
    layout: 'public',
    paths: ['/', '/category', '/category/:category_id', '/booklist', '/bookDetails/:id'],
  },
  { name: 'checkout', label: 'Checkout', layout: 'dashboard', paths: ['/dashboard/myorder', '/dashboard/payment/:id'] },
  { name: 'seller', label: 'Seller', layout: 'dashboard', paths: ['/dashboard/myproduct', '/dashboard/addproduct'] },
  {
    name: 'admin',
    label: 'Admin',
    layout: 'dashboard',
    paths: ['/dashboard/allseller', '/dashboard/alluser', '/dashboard/show-report'],
  },
];

export function remoteArea(name: RemoteName): RemoteArea {
  const area = REMOTE_AREAS.find((candidate) => candidate.name === name);
  if (!area) throw new Error(`Unknown remote ${name}`);
  return area;
}

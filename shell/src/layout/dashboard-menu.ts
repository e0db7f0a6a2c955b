import type { Role } from '@bookswap/contract/auth';
import { mayOpen } from '@bookswap/contract/routing';
import { routeCatalog } from '../federation/route-catalog';

export interface DashboardMenuItem {
  to: string;
  label: string;
}

/** product.md §2: the dashboard entries of this page load's routes (the route table and each release's) that this role may open (My Orders for everyone, ...). */
export function dashboardMenuFor(role: Role | null): DashboardMenuItem[] {
  return routeCatalog()
    .menu('dashboard')
    .filter((entry) => mayOpen(entry.access, { signedIn: true, role }))
    .map((entry) => ({ to: entry.path, label: entry.menu?.label ?? entry.title }));
}

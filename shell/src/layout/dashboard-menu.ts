import type { Role } from '@bookswap/shared/auth';
import { mayOpen, menuRoutes } from '@bookswap/shared/routing';

export interface DashboardMenuItem {
  to: string;
  label: string;
}

/** SPEC 2: the dashboard entries of the route table that this role may open (My Orders for everyone, ...). */
export function dashboardMenuFor(role: Role | null): DashboardMenuItem[] {
  return menuRoutes('dashboard')
    .filter((entry) => mayOpen(entry.access, { signedIn: true, role }))
    .map((entry) => ({ to: entry.path, label: entry.menu?.label ?? entry.title }));
}

import type { Role } from '@bookswap/shared/auth';

export interface DashboardMenuItem {
  to: string;
  label: string;
}

/** SPEC 2: My Orders for everyone, My Product for sellers, the three admin lists for admins. */
export function dashboardMenuFor(role: Role | null): DashboardMenuItem[] {
  const items: DashboardMenuItem[] = [{ to: '/dashboard/myorder', label: 'My Orders' }];
  if (role === 'seller') items.push({ to: '/dashboard/myproduct', label: 'My Product' });
  if (role === 'admin') {
    items.push(
      { to: '/dashboard/alluser', label: 'All Buyer' },
      { to: '/dashboard/allseller', label: 'All Seller' },
      { to: '/dashboard/show-report', label: 'Report' },
    );
  }
  return items;
}

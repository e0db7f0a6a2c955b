import { ROUTES } from '@bookswap/contract/routing';
import { UserListPage } from './UserListPage';

/** /dashboard/alluser: every buyer with a Delete action (product.md §2). */
export function AllBuyersPage() {
  return <UserListPage role="buyer" title={ROUTES.allBuyers.title} people="buyers" />;
}

import { auditKeys, deleteUser, productKeys, userKeys, verifySeller } from '@bookswap/shared/api';
import type { User } from '@bookswap/shared/schemas';
import { useCountedWrite } from '@bookswap/shared/ui';

// A user's record feeds the seller and buyer lists, the listings' tick and seller, and the audit log.
const STALE = [userKeys.all, productKeys.all, auditKeys.all];

/** Verify a seller or delete (ban) a user, with product.md §8's toasts and the lists refreshed. */
export function useUserModeration() {
  const { busy, run } = useCountedWrite();
  return {
    busy,
    verify: (seller: User) =>
      run({
        send: async () => (await verifySeller(seller._id)).modifiedCount,
        success: 'verify successfully',
        alreadyDone: `${seller.userName} is already verified`,
        stale: STALE,
      }),
    remove: (user: User) =>
      run({
        send: async () => (await deleteUser(user._id)).deletedCount,
        success: 'Delete successfully',
        alreadyDone: `${user.userName} was already deleted`,
        stale: STALE,
      }),
  };
}

import { writes } from '@bookswap/shared/api';
import type { User } from '@bookswap/shared/schemas';
import { useWrite } from '@bookswap/shared/ui';

/** Verify a seller or delete (ban) a user, with product.md §8's toasts; the writes refresh what they change. */
export function useUserModeration() {
  const { busy, run } = useWrite();
  return {
    busy,
    verify: (seller: User) =>
      run(writes.verifySeller, seller._id, {
        success: 'verify successfully',
        alreadyDone: `${seller.userName} is already verified`,
      }),
    remove: (user: User) =>
      run(writes.deleteUser, user._id, {
        success: 'Delete successfully',
        alreadyDone: `${user.userName} was already deleted`,
      }),
  };
}

import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { ROUTES } from '@bookswap/contract/routing';
import type { User } from '@bookswap/shared/schemas';
import { UserListPage } from './UserListPage';
import { useUserModeration } from './use-user-moderation';

/** product.md §2: a Verify button while the seller is unverified, then the text "verified". */
function VerifyCell({ seller }: { seller: User }) {
  const { busy, verify } = useUserModeration();
  // Reads "verified" as soon as the server agrees, before the list's refetch comes back.
  const [taken, setTaken] = useState(false);
  if (seller.verify || taken) return <Typography variant="body2">verified</Typography>;
  return (
    <Button
      variant="contained"
      size="small"
      disabled={busy}
      aria-label={`Verify ${seller.userName}`}
      onClick={() => void verify(seller).then(setTaken)}
    >
      Verify
    </Button>
  );
}

/** /dashboard/allseller: every seller, verified or with a Verify button, and a Delete action (product.md §2). */
export function AllSellersPage() {
  return (
    <UserListPage
      role="seller"
      title={ROUTES.allSellers.title}
      people="sellers"
      extraColumns={[{ header: 'Verify', width: 120, cell: (seller) => <VerifyCell seller={seller} /> }]}
    />
  );
}

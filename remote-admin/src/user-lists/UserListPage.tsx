import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import type { User } from '@bookswap/shared/schemas';
import { ConfirmationModal, DELETE_BUYER_TITLE, deleteMessage } from '@bookswap/shared/ui/confirmation';
import { type DataColumn, PagedTable, type TableSearch } from '@bookswap/shared/ui/tables';
import { useUserModeration } from './use-user-moderation';
import { useUsersByRole } from './use-users-by-role';

interface UserListPageProps {
  role: 'seller' | 'buyer';
  /** The screen's heading, which also names the table. */
  title: string;
  /** The people listed, for the loading and error texts ("sellers"). */
  people: string;
  /** Columns between the email and the delete action (the sellers' Verify). */
  extraColumns?: DataColumn<User>[];
}

const byNameOrEmail: TableSearch<User> = {
  label: 'Search by name or email',
  textsOf: (user) => [user.userName, user.userEmail],
};

/** An admin's list of sellers or buyers: name, email and a Delete action behind the confirmation;
 * a page at a time, with a search by name or email. */
export function UserListPage({ role, title, people, extraColumns = [] }: UserListPageProps) {
  const users = useUsersByRole(role);
  const { busy, remove } = useUserModeration();
  // The user stays in state while the dialog closes, so the message does not blank mid-animation.
  const [toDelete, setToDelete] = useState<User | null>(null);
  const [open, setOpen] = useState(false);
  const askToDelete = (user: User) => {
    setToDelete(user);
    setOpen(true);
  };

  const confirmDelete = async () => {
    if (toDelete && (await remove(toDelete))) setOpen(false);
  };

  const columns: DataColumn<User>[] = [
    { header: 'Name', cell: (user) => user.userName },
    { header: 'Email', cell: (user) => user.userEmail },
    ...extraColumns,
    {
      header: 'Delete',
      width: 120,
      cell: (user) => (
        <Button
          color="error"
          variant="outlined"
          size="small"
          aria-label={`Delete ${user.userName}`}
          onClick={() => askToDelete(user)}
        >
          Delete
        </Button>
      ),
    },
  ];

  return (
    <Box>
      <Typography variant="h4" component="h1" sx={{ mb: 3 }}>
        {title}
      </Typography>
      <PagedTable
        load={users}
        what={`The ${people}`}
        label={title}
        columns={columns}
        empty={`No ${people} yet`}
        search={byNameOrEmail}
      />
      {/* product.md §8 uses the buyer title on both lists; the name is the user's real one (the old app's blank name is a defect). */}
      <ConfirmationModal
        open={open}
        title={DELETE_BUYER_TITLE}
        message={deleteMessage(toDelete?.userName)}
        busy={busy}
        onConfirm={() => void confirmDelete()}
        onCancel={() => setOpen(false)}
      />
    </Box>
  );
}

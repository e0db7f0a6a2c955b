import { render, screen, within } from '@testing-library/react';
import Button from '@mui/material/Button';
import { atScreenWidth, PHONE_WIDTH } from '../testing';
import { DataTable } from './DataTable';

interface Book {
  _id: string;
  name: string;
  reported: boolean;
}

const columns = [
  { header: 'Name', cell: (row: Book) => row.name },
  { header: 'Id', cell: (row: Book) => row._id },
  { header: 'Report', cell: (row: Book) => (row.reported ? 'Reported' : '') },
  { header: 'Delete', cell: (row: Book) => <Button aria-label={`Delete ${row.name}`}>Delete</Button> },
];

const books: Book[] = [
  { _id: '1', name: 'Dune', reported: false },
  { _id: '2', name: 'Emma', reported: true },
];

describe('the dashboard table', () => {
  it('shows one row per item under the column headers', () => {
    render(<DataTable label="Books" columns={columns} rows={books} empty="No Product" />);
    const table = screen.getByRole('table', { name: 'Books' });
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((cell) => cell.textContent),
    ).toEqual(['Name', 'Id', 'Report', 'Delete']);
    expect(within(table).getAllByRole('row')).toHaveLength(3);
    expect(within(table).getByRole('cell', { name: 'Emma' })).toBeInTheDocument();
  });

  it('says the empty text instead of an empty table', () => {
    render(<DataTable label="Books" columns={columns} rows={[]} empty="No Product" />);
    expect(screen.getByText('No Product')).toBeInTheDocument();
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
  });

  describe('on a phone', () => {
    let restore: () => void;
    beforeEach(() => (restore = atScreenWidth(PHONE_WIDTH)));
    afterEach(() => restore());

    it('shows one card per row, each value under its column name, with every action on the card', () => {
      render(<DataTable label="Books" columns={columns} rows={books} empty="No Product" />);
      expect(screen.queryByRole('table')).not.toBeInTheDocument();
      const cards = within(screen.getByRole('list', { name: 'Books' })).getAllByRole('listitem');
      expect(cards).toHaveLength(2);
      const emma = cards[1]!;
      expect(
        within(emma)
          .getAllByRole('term')
          .map((term) => term.textContent),
      ).toEqual(['Name', 'Id', 'Report', 'Delete']);
      expect(within(emma).getByText('Reported')).toBeInTheDocument();
      expect(within(emma).getByRole('button', { name: 'Delete Emma' })).toBeVisible();
      expect(within(cards[0]!).getByRole('button', { name: 'Delete Dune' })).toBeVisible();
    });

    it('leaves out an empty cell rather than a label with nothing beside it', () => {
      render(<DataTable label="Books" columns={columns} rows={books} empty="No Product" />);
      const dune = within(screen.getByRole('list', { name: 'Books' })).getAllByRole('listitem')[0]!;
      expect(within(dune).queryByText('Report')).not.toBeInTheDocument();
      expect(
        within(dune)
          .getAllByRole('term')
          .map((term) => term.textContent),
      ).toEqual(['Name', 'Id', 'Delete']);
    });

    it('still says the empty text when there is nothing to list', () => {
      render(<DataTable label="Books" columns={columns} rows={[]} empty="No Product" />);
      expect(screen.getByText('No Product')).toBeInTheDocument();
      expect(screen.queryByRole('list')).not.toBeInTheDocument();
    });
  });

  it('is a table again on a wide screen', () => {
    const restore = atScreenWidth(1280);
    render(<DataTable label="Books" columns={columns} rows={books} empty="No Product" />);
    expect(screen.getByRole('table', { name: 'Books' })).toBeInTheDocument();
    restore();
  });
});

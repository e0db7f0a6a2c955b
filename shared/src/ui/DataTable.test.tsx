import { render, screen, within } from '@testing-library/react';
import { DataTable } from './DataTable';

const columns = [
  { header: 'Name', cell: (row: { _id: string; name: string }) => row.name },
  { header: 'Id', cell: (row: { _id: string; name: string }) => row._id },
];

describe('the dashboard table', () => {
  it('shows one row per item under the column headers', () => {
    render(
      <DataTable
        label="Books"
        columns={columns}
        rows={[
          { _id: '1', name: 'Dune' },
          { _id: '2', name: 'Emma' },
        ]}
        empty="No Product"
      />,
    );
    const table = screen.getByRole('table', { name: 'Books' });
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((cell) => cell.textContent),
    ).toEqual(['Name', 'Id']);
    expect(within(table).getAllByRole('row')).toHaveLength(3);
    expect(within(table).getByRole('cell', { name: 'Emma' })).toBeInTheDocument();
  });

  it('says the empty text instead of an empty table', () => {
    render(<DataTable label="Books" columns={columns} rows={[]} empty="No Product" />);
    expect(screen.getByText('No Product')).toBeInTheDocument();
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
  });
});

import { render, screen, waitFor } from '@testing-library/react';
import { ThreadDialogFrame } from './ThreadDialogFrame';

describe('a thread dialog’s frame', () => {
  it('keeps its heading while it fades out after the caller has forgotten the thread', async () => {
    const frame = (open: boolean, book: string, other: string) => (
      <ThreadDialogFrame open={open} title={`Messages about ${book}`} subtitle={`With ${other}`} onClose={() => {}}>
        <p>messages</p>
      </ThreadDialogFrame>
    );
    const { rerender } = render(frame(true, 'Gitanjali', 'Sam Seller'));
    expect(screen.getByRole('dialog', { name: 'Messages about Gitanjali' })).toBeInTheDocument();

    rerender(frame(false, '', ''));
    // Still on screen while its exit transition runs: the same words, never "Messages about " alone.
    expect(screen.getByText('Messages about Gitanjali')).toBeInTheDocument();
    expect(screen.getByText('With Sam Seller')).toBeInTheDocument();
    expect(screen.queryByText(/^Messages about $/)).not.toBeInTheDocument();
    await waitFor(() => expect(screen.queryByText('Messages about Gitanjali')).not.toBeInTheDocument());

    rerender(frame(true, 'Emma', 'Bea Buyer'));
    expect(screen.getByRole('dialog', { name: 'Messages about Emma' })).toBeInTheDocument();
    expect(screen.getByText('With Bea Buyer')).toBeInTheDocument();
  });
});

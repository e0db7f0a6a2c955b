import { render, screen } from '@testing-library/react';
import { act } from 'react';
import { ToastContainer } from 'react-toastify';
import { theme } from './theme';
import { notifySuccess, toastContainerSettings } from './toast-settings';

/** The tallest the top bar gets: MUI's toolbar height at any width. */
function tallestTopBar(): number {
  const heights: number[] = [];
  const collect = (style: object) => {
    for (const [key, value] of Object.entries(style)) {
      if (key === 'minHeight' && typeof value === 'number') heights.push(value);
      else if (value && typeof value === 'object') collect(value);
    }
  };
  collect(theme.mixins.toolbar);
  return Math.max(...heights);
}

describe('the toasts', () => {
  it('appear below the top bar, never over it', async () => {
    render(<ToastContainer {...toastContainerSettings} />);
    act(() => notifySuccess('Booked confirmed'));
    const toast = await screen.findByText('Booked confirmed');
    const container = toast.closest<HTMLElement>('.Toastify__toast-container');
    expect(container).not.toBeNull();
    expect(parseFloat(container!.style.top)).toBeGreaterThan(tallestTopBar());
  });
});

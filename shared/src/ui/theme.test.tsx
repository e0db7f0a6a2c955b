import Button from '@mui/material/Button';
import CssBaseline from '@mui/material/CssBaseline';
import Link from '@mui/material/Link';
import { ThemeProvider } from '@mui/material/styles';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { FOCUS_RING_COLOR, theme } from './theme';

/** WCAG 2.2's relative luminance of a #rrggbb colour. */
function luminance(hex: string): number {
  const [r, g, b] = [1, 3, 5].map((at) => {
    const channel = parseInt(hex.slice(at, at + 2), 16) / 255;
    return channel <= 0.03928 ? channel / 12.92 : ((channel + 0.055) / 1.055) ** 2.4;
  }) as [number, number, number];
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}

function contrast(one: string, other: string): number {
  const [light, dark] = [luminance(one), luminance(other)].sort((a, b) => b - a) as [number, number];
  return (light + 0.05) / (dark + 0.05);
}

describe('the focus ring', () => {
  it('stands out at least 3:1 against the page, the cards and the top bar it is drawn on', () => {
    // Drawn 2 px outside the control, the ring sits on what surrounds it; the top bar is MUI's grey 100.
    for (const around of [theme.palette.background.default, '#ffffff', '#f5f5f5']) {
      expect(contrast(FOCUS_RING_COLOR, around)).toBeGreaterThanOrEqual(3);
    }
  });

  it('outlines a button and a link that the keyboard reaches', async () => {
    render(
      <ThemeProvider theme={theme}>
        <CssBaseline />
        <Button variant="contained">Book Now</Button>
        <Link href="/booklist">Book List</Link>
      </ThemeProvider>,
    );
    await userEvent.tab();
    expect(screen.getByRole('button', { name: 'Book Now' })).toHaveFocus();
    expect(screen.getByRole('button', { name: 'Book Now' })).toHaveStyle({ outline: `3px solid ${FOCUS_RING_COLOR}` });
    await userEvent.tab();
    expect(screen.getByRole('link', { name: 'Book List' })).toHaveStyle({ outline: `3px solid ${FOCUS_RING_COLOR}` });
    expect(screen.getByRole('button', { name: 'Book Now' })).not.toHaveStyle({
      outline: `3px solid ${FOCUS_RING_COLOR}`,
    });
  });
});

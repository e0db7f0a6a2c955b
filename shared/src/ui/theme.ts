/** The product's one theme: the shell and every remote's standalone development host use it. */
import { createTheme } from '@mui/material/styles';

/**
 * A keyboard user sees where the focus is on every control, not only MUI's ripple. A dark green
 * ring (WCAG 2.2 asks 3:1 against what surrounds it; this is above 10:1 on the page, the cards and the top bar),
 * drawn outside the control so it shows on filled buttons too.
 */
export const FOCUS_RING_COLOR = '#123d2b';
export const FOCUS_RING = { outline: `3px solid ${FOCUS_RING_COLOR}`, outlineOffset: '2px' } as const;

/** Keyboard focus only (`:focus-visible`; MUI's own mark for it on its buttons): a click draws no ring. */
const keyboardFocus = { '&:focus-visible, &.Mui-focusVisible': FOCUS_RING };

export const theme = createTheme({
  palette: {
    primary: { main: '#2e7d5b' },
    secondary: { main: '#b85c38' },
    background: { default: '#fafaf7' },
  },
  shape: { borderRadius: 8 },
  components: {
    // Plain links and native controls outside MUI's components (the logo, a native select, a table's link).
    MuiCssBaseline: {
      styleOverrides: {
        // Not tabindex -1: a dialog or a menu takes the focus itself when it opens, and is no control to ring.
        'a:focus-visible, button:focus-visible, select:focus-visible, [tabindex]:not([tabindex="-1"]):focus-visible':
          FOCUS_RING,
      },
    },
    // Every button, icon button, menu item, list item, checkbox and pager item is a ButtonBase.
    MuiButtonBase: { styleOverrides: { root: keyboardFocus } },
    MuiLink: { styleOverrides: { root: keyboardFocus } },
    // A text field shows the ring around its whole box while its input has the keyboard's focus.
    MuiInputBase: {
      styleOverrides: {
        root: { '&:has(input:focus-visible, select:focus-visible, textarea:focus-visible)': FOCUS_RING },
      },
    },
  },
});

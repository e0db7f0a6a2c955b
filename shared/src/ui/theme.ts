/** The product's one theme: the shell and every remote's standalone development host use it. */
import { createTheme } from '@mui/material/styles';

export const theme = createTheme({
  palette: {
    primary: { main: '#2e7d5b' },
    secondary: { main: '#b85c38' },
    background: { default: '#fafaf7' },
  },
  shape: { borderRadius: 8 },
});

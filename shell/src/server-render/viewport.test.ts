import { createTheme } from '@mui/material/styles';
import { matchesWidth, themeAtWidth, viewportOf, VIEWPORT_WIDTHS } from './viewport';

describe('the width a page is rendered for', () => {
  it('is a phone’s, a tablet’s or a desktop’s by the browser’s User-Agent', () => {
    const motoG = 'Mozilla/5.0 (Linux; Android 11; moto g power (2022)) AppleWebKit/537.36 Chrome/156.0 Mobile Safari';
    expect(viewportOf(motoG)).toBe('phone');
    expect(viewportOf('Mozilla/5.0 (iPhone; CPU iPhone OS 18_0 like Mac OS X)')).toBe('phone');
    expect(viewportOf('Mozilla/5.0 (Linux; Android 14; SM-X710) AppleWebKit/537.36 Chrome/156.0 Safari')).toBe(
      'tablet',
    );
    expect(viewportOf('Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 Chrome/156.0 Safari/537.36')).toBe('desktop');
    expect(viewportOf(undefined)).toBe('desktop');
  });

  it('answers the theme’s breakpoint queries as a screen of that width would', () => {
    const { breakpoints } = createTheme();
    const query = (text: string) => text.replace(/^@media ?/, '');
    expect(matchesWidth(query(breakpoints.down('sm')), VIEWPORT_WIDTHS.phone)).toBe(true);
    expect(matchesWidth(query(breakpoints.down('sm')), VIEWPORT_WIDTHS.tablet)).toBe(false);
    expect(matchesWidth(query(breakpoints.down('md')), VIEWPORT_WIDTHS.tablet)).toBe(true);
    expect(matchesWidth(query(breakpoints.between('sm', 'md')), VIEWPORT_WIDTHS.tablet)).toBe(true);
    expect(matchesWidth(query(breakpoints.up('md')), VIEWPORT_WIDTHS.desktop)).toBe(true);
    expect(matchesWidth(query(breakpoints.up('md')), VIEWPORT_WIDTHS.phone)).toBe(false);
  });

  it('is given to useMediaQuery through the theme, for the server and hydration only', () => {
    const theme = themeAtWidth(createTheme(), VIEWPORT_WIDTHS.phone);
    const ssrMatchMedia = theme.components?.MuiUseMediaQuery?.defaultProps?.ssrMatchMedia;
    expect(ssrMatchMedia?.('(max-width:599.95px)').matches).toBe(true);
    expect(theme.breakpoints.down('sm')).toBe(createTheme().breakpoints.down('sm'));
  });
});

import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import { useTheme } from '@mui/material/styles';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import usePagination from '@mui/material/usePagination';
import ChevronLeftIcon from '@mui/icons-material/ChevronLeft';
import ChevronRightIcon from '@mui/icons-material/ChevronRight';

interface BookPagerProps {
  /** The URL's page, counted from 0 (product.md §9). */
  page: number;
  pages: number;
  onPage(page: number): void;
}

/**
 * The list's pages as people count them, from 1 (the URL keeps its 0-based `page`), with Previous and Next.
 * Long runs fold into "…" around the current page; on a phone only the first, current and last page
 * stay, so the row fits 390 px without scrolling sideways.
 */
export function BookPager({ page, pages, onPage }: BookPagerProps) {
  const onPhone = useMediaQuery(useTheme().breakpoints.down('sm'), { noSsr: true });
  const { items } = usePagination({
    count: pages,
    page: page + 1,
    siblingCount: onPhone ? 0 : 1,
    boundaryCount: 1,
    onChange: (_, shown) => onPage(shown - 1),
  });
  return (
    <>
      <Typography>
        Currently Selected Pages: {page + 1}
        {pages > 0 && ` of ${pages.toLocaleString('en')}`}
      </Typography>
      <Box component="nav" aria-label="Pages" sx={{ maxWidth: '100%' }}>
        {pages > 0 && (
          <Box
            component="ul"
            sx={{ display: 'flex', flexWrap: 'nowrap', alignItems: 'center', gap: 0.5, listStyle: 'none', p: 0, m: 0 }}
          >
            {items.map((item) => (
              <li key={`${item.type}-${item.type === 'page' ? item.page : ''}`}>
                {item.type === 'previous' || item.type === 'next' ? (
                  <IconButton
                    aria-label={item.type === 'previous' ? 'Previous page' : 'Next page'}
                    disabled={item.disabled}
                    onClick={item.onClick}
                    color="primary"
                  >
                    {item.type === 'previous' ? <ChevronLeftIcon /> : <ChevronRightIcon />}
                  </IconButton>
                ) : item.type === 'page' ? (
                  <Button
                    variant={item.selected ? 'contained' : 'outlined'}
                    size="small"
                    aria-label={`Page ${item.page ?? ''}`}
                    aria-current={item.selected ? 'page' : undefined}
                    onClick={item.onClick}
                    sx={{ minWidth: 36, px: 1 }}
                  >
                    {item.page}
                  </Button>
                ) : (
                  // The folded pages: nothing to press, and nothing a screen reader needs to hear.
                  <Box component="span" aria-hidden="true" sx={{ px: 0.5 }}>
                    …
                  </Box>
                )}
              </li>
            ))}
          </Box>
        )}
      </Box>
    </>
  );
}

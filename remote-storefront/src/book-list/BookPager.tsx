import type { MouseEvent } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import { useTheme } from '@mui/material/styles';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import usePagination from '@mui/material/usePagination';
import ChevronLeftIcon from '@mui/icons-material/ChevronLeft';
import ChevronRightIcon from '@mui/icons-material/ChevronRight';
import { formatCount } from '@bookswap/shared/ui';

interface BookPagerProps {
  /** The URL's page, counted from 0 (product.md §9). */
  page: number;
  pages: number;
  onPage(page: number): void;
  /**
   * A page's link (from 0): the pages are then links a page without scripts follows too (a crawler's, or before the
   * page's script has run); with scripts `onPage` takes the press. Without it they are buttons.
   */
  hrefOf?(page: number): string;
}

/** A link's element and address, or nothing: the control stays a button. */
const linkTo = (href: string | undefined) => (href === undefined ? {} : { component: 'a' as const, href });

/** The press of a page's link, taken by the page: with scripts the link is not followed but handled in place. */
const inPlace = (onClick: (event: MouseEvent<HTMLElement>) => void) => (event: MouseEvent<HTMLElement>) => {
  event.preventDefault();
  onClick(event);
};

/**
 * The list's pages as people count them, from 1 (the URL keeps its 0-based `page`), with Previous and Next.
 * Long runs fold into "…" around the current page; on a phone only the first, current and last page
 * stay, so the row fits 390 px without scrolling sideways.
 */
export function BookPager({ page, pages, onPage, hrefOf }: BookPagerProps) {
  const onPhone = useMediaQuery(useTheme().breakpoints.down('sm'));
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
        {pages > 0 && ` of ${formatCount(pages)}`}
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
                    {...linkTo(hrefOf && !item.disabled && item.page ? hrefOf(item.page - 1) : undefined)}
                    onClick={inPlace(item.onClick)}
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
                    {...linkTo(hrefOf && item.page ? hrefOf(item.page - 1) : undefined)}
                    onClick={inPlace(item.onClick)}
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

import Box from '@mui/material/Box';
import type { MouseEvent } from 'react';

/** The id of each layout's main region, where the skip link leads. */
export const MAIN_CONTENT_ID = 'main-content';

/**
 * "Skip to content": the first Tab stop of every page, out of sight until focused, so a keyboard user reaches the
 * page's content without crossing the top bar and menus (25 Tab stops before the first book). It moves
 * the focus itself rather than letting the browser follow `#main-content`, which would add a history entry.
 */
export function SkipLink() {
  const skip = (event: MouseEvent<HTMLAnchorElement>) => {
    const main = document.getElementById(MAIN_CONTENT_ID);
    if (!main) return;
    event.preventDefault();
    main.focus();
    main.scrollIntoView?.();
  };
  return (
    <Box
      component="a"
      href={`#${MAIN_CONTENT_ID}`}
      onClick={skip}
      sx={{
        position: 'absolute',
        left: 8,
        top: 8,
        zIndex: (theme) => theme.zIndex.tooltip,
        px: 2,
        py: 1,
        bgcolor: 'background.paper',
        color: 'primary.main',
        fontWeight: 600,
        borderRadius: 1,
        boxShadow: 3,
        transform: 'translateY(-200%)',
        '&:focus': { transform: 'none' },
      }}
    >
      Skip to content
    </Box>
  );
}

import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Collapse from '@mui/material/Collapse';
import List from '@mui/material/List';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemText from '@mui/material/ListItemText';
import { useTheme } from '@mui/material/styles';
import useMediaQuery from '@mui/material/useMediaQuery';
import ExpandMoreIcon from '@mui/icons-material/ExpandMore';
import { useId, useState } from 'react';
import { NavLink, Outlet } from 'react-router-dom';
import { useAuth } from '@bookswap/contract/auth';
import { dashboardMenuFor } from './dashboard-menu';
import { Footer } from './Footer';
import { NavigationProgress } from './NavigationProgress';
import { MAIN_CONTENT_ID, SkipLink } from './SkipLink';
import { TopNav } from './TopNav';

const SIDE_MENU_WIDTH = 240;

/**
 * product.md §2: the dashboard's side menu by role. On a narrow screen it folds under a
 * "Dashboard menu" button above the screen, so the screen keeps the whole width.
 */
export function DashboardLayout() {
  const { role } = useAuth();
  const narrow = useMediaQuery(useTheme().breakpoints.down('md'), { noSsr: true });
  const [open, setOpen] = useState(false);
  const menuId = useId();
  const menu = (
    <List component="nav" aria-label="Dashboard" id={menuId}>
      {dashboardMenuFor(role).map((item) => (
        <ListItemButton
          key={item.to}
          component={NavLink}
          to={item.to}
          onClick={() => setOpen(false)}
          // NavLink marks the current screen with aria-current="page"; the background shows it too.
          sx={{ '&[aria-current="page"]': { bgcolor: 'action.selected' } }}
        >
          <ListItemText primary={item.label} />
        </ListItemButton>
      ))}
    </List>
  );

  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', minHeight: '100vh' }}>
      <SkipLink />
      <NavigationProgress />
      <TopNav />
      <Box sx={{ display: 'flex', flexDirection: { xs: 'column', md: 'row' }, flexGrow: 1 }}>
        {narrow ? (
          <Box sx={{ borderBottom: 1, borderColor: 'divider' }}>
            <Button
              fullWidth
              color="inherit"
              aria-expanded={open}
              aria-controls={menuId}
              onClick={() => setOpen(!open)}
              endIcon={
                <ExpandMoreIcon sx={{ transform: open ? 'rotate(180deg)' : 'none', transition: 'transform 0.2s' }} />
              }
              sx={{ justifyContent: 'space-between', px: 2, py: 1.5 }}
            >
              Dashboard menu
            </Button>
            <Collapse in={open}>{menu}</Collapse>
          </Box>
        ) : (
          <Box component="aside" sx={{ width: SIDE_MENU_WIDTH, flexShrink: 0, borderRight: 1, borderColor: 'divider' }}>
            {menu}
          </Box>
        )}
        <Box
          component="main"
          id={MAIN_CONTENT_ID}
          tabIndex={-1}
          sx={{ flexGrow: 1, p: { xs: 2, md: 3 }, minWidth: 0, outline: 'none' }}
        >
          <Outlet />
        </Box>
      </Box>
      <Footer />
    </Box>
  );
}

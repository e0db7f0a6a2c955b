import Box from '@mui/material/Box';
import Drawer from '@mui/material/Drawer';
import IconButton from '@mui/material/IconButton';
import List from '@mui/material/List';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemText from '@mui/material/ListItemText';
import Toolbar from '@mui/material/Toolbar';
import MenuIcon from '@mui/icons-material/Menu';
import { useState } from 'react';
import { NavLink, Outlet } from 'react-router-dom';
import { useAuth } from '@bookswap/shared/auth';
import { dashboardMenuFor } from './dashboard-menu';
import { Footer } from './Footer';
import { NavigationProgress } from './NavigationProgress';
import { TopNav } from './TopNav';

const DRAWER_WIDTH = 240;

/** product.md §2: the dashboard's side menu by role; on small screens a drawer toggle opens it. */
export function DashboardLayout() {
  const { role } = useAuth();
  const [open, setOpen] = useState(false);
  const menu = (
    <List component="nav" aria-label="Dashboard">
      {dashboardMenuFor(role).map((item) => (
        <ListItemButton key={item.to} component={NavLink} to={item.to} onClick={() => setOpen(false)}>
          <ListItemText primary={item.label} />
        </ListItemButton>
      ))}
    </List>
  );

  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', minHeight: '100vh' }}>
      <NavigationProgress />
      <TopNav
        start={
          <IconButton
            aria-label="Open dashboard menu"
            edge="start"
            onClick={() => setOpen(true)}
            sx={{ display: { md: 'none' } }}
          >
            <MenuIcon />
          </IconButton>
        }
      />
      <Box sx={{ display: 'flex', flexGrow: 1 }}>
        <Drawer
          variant="temporary"
          open={open}
          onClose={() => setOpen(false)}
          sx={{ display: { xs: 'block', md: 'none' }, '& .MuiDrawer-paper': { width: DRAWER_WIDTH } }}
        >
          <Toolbar />
          {menu}
        </Drawer>
        <Box
          component="aside"
          sx={{
            display: { xs: 'none', md: 'block' },
            width: DRAWER_WIDTH,
            flexShrink: 0,
            borderRight: 1,
            borderColor: 'divider',
          }}
        >
          {menu}
        </Box>
        <Box component="main" sx={{ flexGrow: 1, p: { xs: 2, md: 3 }, minWidth: 0 }}>
          <Outlet />
        </Box>
      </Box>
      <Footer />
    </Box>
  );
}

import AppBar from '@mui/material/AppBar';
import Avatar from '@mui/material/Avatar';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import Toolbar from '@mui/material/Toolbar';
import Typography from '@mui/material/Typography';
import { lazy, Suspense, useState, type ReactNode } from 'react';
import { Link as RouterLink, useNavigate } from 'react-router-dom';
import { useAuth } from '@bookswap/shared/auth';
import { LOGIN_PATH, ROUTES } from '@bookswap/shared/routing';
import { notifyError } from '@bookswap/shared/ui';
import { routeCatalog } from '../federation/route-catalog';
import { NotificationsButton } from '../notifications/NotificationsButton';

const AccountMenu = lazy(async () => ({ default: (await import('./AccountMenu')).AccountMenu }));

/** The top menu's entries of this page load's routes (docs/decisions/021). */
function topNavLinks() {
  return routeCatalog()
    .menu('top')
    .map((entry) => ({ to: entry.path, label: entry.menu?.label ?? entry.title }));
}

function AvatarMenu() {
  const { user, logout } = useAuth();
  const navigate = useNavigate();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const [everOpened, setEverOpened] = useState(false);
  const name = user?.displayName ?? user?.email ?? 'Account';

  async function logOut() {
    setAnchor(null);
    try {
      await logout();
      await navigate(LOGIN_PATH);
    } catch (error) {
      notifyError(error);
    }
  }

  return (
    <>
      <IconButton
        aria-label="Account menu"
        aria-haspopup="menu"
        aria-expanded={anchor ? 'true' : undefined}
        onClick={(event) => {
          setAnchor(event.currentTarget);
          setEverOpened(true);
        }}
        sx={{ p: 0.5 }}
      >
        <Avatar alt={name} src={user?.photoURL ?? undefined} sx={{ width: 36, height: 36 }}>
          {name.charAt(0).toUpperCase()}
        </Avatar>
      </IconButton>
      {everOpened ? (
        <Suspense fallback={null}>
          <AccountMenu anchor={anchor} onClose={() => setAnchor(null)} onLogOut={() => void logOut()} />
        </Suspense>
      ) : null}
    </>
  );
}

/** product.md §2's top navigation; `start` holds the dashboard's drawer toggle on small screens. */
export function TopNav({ start }: { start?: ReactNode }) {
  const { user } = useAuth();
  return (
    <AppBar position="sticky" color="default" elevation={1}>
      <Toolbar sx={{ gap: 1, flexWrap: 'wrap' }}>
        {start}
        <Typography
          component={RouterLink}
          to={ROUTES.home.path}
          variant="h6"
          sx={{ color: 'primary.main', fontWeight: 700, textDecoration: 'none', mr: 2 }}
        >
          Bookswap
        </Typography>
        <Box component="nav" aria-label="Main" sx={{ display: 'flex', gap: 0.5, flexWrap: 'wrap', flexGrow: 1 }}>
          {topNavLinks().map((link) => (
            <Button key={link.to} component={RouterLink} to={link.to} color="inherit">
              {link.label}
            </Button>
          ))}
          {user ? null : (
            <Button component={RouterLink} to={LOGIN_PATH} color="inherit">
              Login
            </Button>
          )}
        </Box>
        {user ? (
          <>
            <NotificationsButton />
            <AvatarMenu />
          </>
        ) : null}
      </Toolbar>
    </AppBar>
  );
}

import AppBar from '@mui/material/AppBar';
import Avatar from '@mui/material/Avatar';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import { useTheme } from '@mui/material/styles';
import Toolbar from '@mui/material/Toolbar';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import MenuIcon from '@mui/icons-material/Menu';
import { lazy, Suspense, useId } from 'react';
import { Link as RouterLink, NavLink, useNavigate } from 'react-router-dom';
import { useAuth } from '@bookswap/contract/auth';
import { LOGIN_PATH, ROUTES } from '@bookswap/contract/routing';
import { notifyError } from '@bookswap/shared/ui';
import { routeCatalog } from '../federation/route-catalog';
import { useLogOutEverywhere } from '../sign-in/sign-out-everywhere';
import type { SiteMenuLink } from './SiteMenu';
import { usePopupAnchor } from './use-popup-anchor';

const AccountMenu = lazy(async () => ({ default: (await import('./AccountMenu')).AccountMenu }));
// The narrow screen's menu loads on its first press, like the avatar's: a visitor's first load carries none of it.
const SiteMenu = lazy(async () => ({ default: (await import('./SiteMenu')).SiteMenu }));
// Only a signed-in user has a bell: a visitor's first load carries none of its code (docs/decisions/014).
const NotificationsButton = lazy(async () => ({
  default: (await import('../notifications/NotificationsButton')).NotificationsButton,
}));
/** The bell's place while its code loads, so the avatar does not move when it arrives. */
const BELL_PLACE = <Box aria-hidden sx={{ width: 40, height: 40 }} />;

// NavLink marks the current page with aria-current="page"; the style shows it too.
const CURRENT_PAGE = { '&[aria-current="page"]': { color: 'primary.main', fontWeight: 700 } };

/** The top menu's entries of this page load's routes (docs/decisions/021). */
function topNavLinks(): SiteMenuLink[] {
  return routeCatalog()
    .menu('top')
    .map((entry) => ({ to: entry.path, label: entry.menu?.label ?? entry.title }));
}

/** Logs out (`everywhere`: on every device) and goes to the login screen, or says why it could not. */
function useLogOut(everywhere = false) {
  const { logout } = useAuth();
  const logoutEverywhere = useLogOutEverywhere();
  const navigate = useNavigate();
  return async () => {
    try {
      await (everywhere ? logoutEverywhere() : logout());
      await navigate(LOGIN_PATH);
    } catch (error) {
      notifyError(error);
    }
  };
}

/** A menu's Log out: the menu closes first, then the session ends. */
function useLogOutFrom(closeMenu: () => void, everywhere = false) {
  const logOut = useLogOut(everywhere);
  return () => {
    closeMenu();
    void logOut();
  };
}

/** Below this width the links do not fit on one line beside the logo, the bell and the avatar. */
function useNarrowScreen() {
  // Read at the first render, so a phone never paints the wide bar first; a page the server rendered hydrates with
  // the width the server drew it for (the theme's `ssrMatchMedia`, src/server-render/viewport.ts).
  return useMediaQuery(useTheme().breakpoints.down('md'));
}

function AvatarMenu() {
  const { user } = useAuth();
  const { anchor, everOpened, openFrom, close } = usePopupAnchor();
  const closeThenLogOut = useLogOutFrom(close);
  const closeThenLogOutEverywhere = useLogOutFrom(close, true);
  const name = user?.displayName ?? user?.email ?? 'Account';

  return (
    <>
      <IconButton
        aria-label="Account menu"
        aria-haspopup="menu"
        aria-expanded={anchor ? 'true' : undefined}
        onClick={openFrom}
        sx={{ p: 0.5 }}
      >
        <Avatar alt={name} src={user?.photoURL ?? undefined} sx={{ width: 36, height: 36 }}>
          {name.charAt(0).toUpperCase()}
        </Avatar>
      </IconButton>
      {everOpened ? (
        <Suspense fallback={null}>
          <AccountMenu
            anchor={anchor}
            onClose={close}
            onLogOut={closeThenLogOut}
            onLogOutEverywhere={closeThenLogOutEverywhere}
          />
        </Suspense>
      ) : null}
    </>
  );
}

/** The narrow screen's menu button: the top navigation and Login (or the account items) in a menu. */
function SiteMenuButton({ links }: { links: SiteMenuLink[] }) {
  const { user } = useAuth();
  const { anchor, everOpened, openFrom, close } = usePopupAnchor();
  const closeThenLogOut = useLogOutFrom(close);
  const closeThenLogOutEverywhere = useLogOutFrom(close, true);
  const menuId = useId();
  const open = anchor !== null;

  return (
    <>
      <IconButton
        edge="start"
        aria-label="Menu"
        aria-haspopup="menu"
        aria-expanded={open}
        // The menu exists only while open (and not before its first load).
        aria-controls={open ? menuId : undefined}
        onClick={openFrom}
      >
        <MenuIcon />
      </IconButton>
      {everOpened ? (
        <Suspense fallback={null}>
          <SiteMenu
            id={menuId}
            anchor={anchor}
            links={links}
            signedIn={user !== null}
            onClose={close}
            onLogOut={closeThenLogOut}
            onLogOutEverywhere={closeThenLogOutEverywhere}
          />
        </Suspense>
      ) : null}
    </>
  );
}

/** product.md §2's top navigation: its links in the bar on a wide screen, behind a menu button on a narrow one. */
export function TopNav() {
  const { user } = useAuth();
  const narrow = useNarrowScreen();
  const links = topNavLinks();
  return (
    <AppBar position="sticky" color="default" elevation={1}>
      {/* One line at any width: nothing in the bar wraps. */}
      <Toolbar sx={{ gap: 1 }}>
        {narrow ? <SiteMenuButton links={links} /> : null}
        <Typography
          component={RouterLink}
          to={ROUTES.home.path}
          variant="h6"
          noWrap
          sx={{ color: 'primary.main', fontWeight: 700, textDecoration: 'none', mr: 2 }}
        >
          Bookswap
        </Typography>
        {narrow ? (
          <Box sx={{ flexGrow: 1 }} />
        ) : (
          <Box component="nav" aria-label="Main" sx={{ display: 'flex', gap: 0.5, flexGrow: 1 }}>
            {links.map((link) => (
              <Button key={link.to} component={NavLink} to={link.to} color="inherit" sx={CURRENT_PAGE}>
                {link.label}
              </Button>
            ))}
            {user ? null : (
              <Button component={NavLink} to={LOGIN_PATH} color="inherit" sx={CURRENT_PAGE}>
                Login
              </Button>
            )}
          </Box>
        )}
        {user ? (
          <>
            <Suspense fallback={BELL_PLACE}>
              <NotificationsButton />
            </Suspense>
            <AvatarMenu />
          </>
        ) : null}
      </Toolbar>
    </AppBar>
  );
}

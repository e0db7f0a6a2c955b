import Divider from '@mui/material/Divider';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import { NavLink } from 'react-router-dom';
import { LOGIN_PATH, ROUTES } from '@bookswap/contract/routing';

export interface SiteMenuLink {
  to: string;
  label: string;
}

export interface SiteMenuProps {
  /** The menu's id, for the button's aria-controls. */
  id: string;
  anchor: HTMLElement | null;
  links: SiteMenuLink[];
  signedIn: boolean;
  onClose(): void;
  onLogOut(): void;
  /** Ends every session of this person, on every device, as the avatar menu's item does. */
  onLogOutEverywhere(): void;
}

// NavLink marks the current page with aria-current="page"; the style shows it too.
const CURRENT_PAGE = { '&[aria-current="page"]': { color: 'primary.main', fontWeight: 700 } };

/**
 * The top navigation on a narrow screen: the top menu's links, then Login or the account items.
 * Its own chunk, loaded on the first press of the menu button; Menu moves the focus in, Escape closes it and
 * the focus goes back to the button.
 */
export function SiteMenu({ id, anchor, links, signedIn, onClose, onLogOut, onLogOutEverywhere }: SiteMenuProps) {
  const accountItems = signedIn
    ? [
        <Divider key="divider" />,
        <MenuItem
          key="dashboard"
          component={NavLink}
          to={ROUTES.dashboard.path}
          end
          onClick={onClose}
          sx={CURRENT_PAGE}
        >
          Dashboard
        </MenuItem>,
        <MenuItem key="log-out" onClick={onLogOut}>
          Log out
        </MenuItem>,
        <MenuItem key="log-out-everywhere" onClick={onLogOutEverywhere}>
          Log out of all devices
        </MenuItem>,
      ]
    : [
        <MenuItem key="login" component={NavLink} to={LOGIN_PATH} onClick={onClose} sx={CURRENT_PAGE}>
          Login
        </MenuItem>,
      ];
  return (
    <Menu anchorEl={anchor} open={anchor !== null} onClose={onClose} slotProps={{ list: { id, 'aria-label': 'Main' } }}>
      {links.map((link) => (
        <MenuItem key={link.to} component={NavLink} to={link.to} onClick={onClose} sx={CURRENT_PAGE}>
          {link.label}
        </MenuItem>
      ))}
      {accountItems}
    </Menu>
  );
}

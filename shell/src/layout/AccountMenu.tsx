import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import { Link as RouterLink } from 'react-router-dom';
import { ROUTES } from '@bookswap/contract/routing';

export interface AccountMenuProps {
  anchor: HTMLElement | null;
  onClose(): void;
  onLogOut(): void;
  /** Ends every session of this person, on every device (a lost phone, a shared computer). */
  onLogOutEverywhere(): void;
}

/** The avatar's popup menu; its own chunk, loaded on the first press of the avatar. */
export function AccountMenu({ anchor, onClose, onLogOut, onLogOutEverywhere }: AccountMenuProps) {
  return (
    <Menu anchorEl={anchor} open={anchor !== null} onClose={onClose}>
      <MenuItem component={RouterLink} to={ROUTES.dashboard.path} onClick={onClose}>
        Dashboard
      </MenuItem>
      <MenuItem onClick={onLogOut}>Log out</MenuItem>
      <MenuItem onClick={onLogOutEverywhere}>Log out of all devices</MenuItem>
    </Menu>
  );
}

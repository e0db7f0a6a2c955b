import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardActions from '@mui/material/CardActions';
import CardContent from '@mui/material/CardContent';
import Typography from '@mui/material/Typography';
import { useId } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import { useAuth } from '@bookswap/contract/auth';
import { ROUTES } from '@bookswap/contract/routing';
import { dashboardMenuFor, type DashboardMenuItem } from '../layout/dashboard-menu';

/** A line under each screen's name, for the screens of the route table; a release's new screen shows its name alone. */
const WHAT_IT_IS_FOR: Record<string, string> = {
  [ROUTES.myOrders.path]: 'The books you booked, their status and paying for them.',
  [ROUTES.myProducts.path]: 'Your listed books: advertise, edit or delete them.',
  // Only the actions the screen has: a booking needs no acceptance, and waits for the buyer's payment.
  [ROUTES.bookingRequests.path]: 'Buyers who booked your books: decline a booking, or mark a paid one handed over.',
  [ROUTES.allBuyers.path]: 'Every buyer, with a search by name or email.',
  [ROUTES.allSellers.path]: 'Every seller: verify or delete them.',
  [ROUTES.reports.path]: 'Books people reported: hide them or dismiss the report.',
  [ROUTES.auditLog.path]: 'What admins did, and sellers’ edits of their listings, and when.',
  [ROUTES.releases.path]: 'The releases of each part of Bookswap.',
};

/**
 * product.md §2: /dashboard reads "Welcome," followed by the display name. Under it (the page was empty
 * for a newcomer), the role's screens of the dashboard menu, one card each, every one a link the keyboard reaches.
 */
export function DashboardWelcome() {
  const { user, role, verify } = useAuth();
  const screens = dashboardMenuFor(role);
  return (
    <>
      <Typography variant="h4" component="h1">
        Welcome, {user?.displayName ?? ''}
      </Typography>
      {role === 'seller' && <SellerStanding verified={verify} />}
      <Box component="nav" aria-label="Your screens" sx={{ mt: 3 }}>
        <Box
          component="ul"
          sx={{
            listStyle: 'none',
            m: 0,
            p: 0,
            display: 'grid',
            gap: 2,
            gridTemplateColumns: { xs: '1fr', sm: 'repeat(2, minmax(0, 1fr))', lg: 'repeat(3, minmax(0, 1fr))' },
          }}
        >
          {screens.map((screen) => (
            <ScreenCard key={screen.to} screen={screen} />
          ))}
        </Box>
      </Box>
    </>
  );
}

export const VERIFIED_SELLER_TEXT = 'Your seller account is verified: your books show the verified tick.';
export const UNVERIFIED_SELLER_TEXT =
  'Your seller account is not verified yet. An admin verifies sellers from the All Seller list; there is nothing ' +
  'to send. Once you are verified, every book you list shows the verified tick.';

/** Whether the seller is verified (product.md §1: admins verify sellers), and if not, how it happens. */
function SellerStanding({ verified }: { verified: boolean }) {
  return (
    <Typography sx={{ mt: 1 }} color={verified ? 'success.main' : 'text.secondary'}>
      {verified ? VERIFIED_SELLER_TEXT : UNVERIFIED_SELLER_TEXT}
    </Typography>
  );
}

/**
 * One screen: its name as a heading, what it is for, and an Open link described by them. The link's own name
 * stays "Open" so the side menu's link keeps the only "My Orders" name on the page.
 */
function ScreenCard({ screen }: { screen: DashboardMenuItem }) {
  const nameId = useId();
  const purposeId = useId();
  const purpose = WHAT_IT_IS_FOR[screen.to];
  return (
    <li>
      <Card variant="outlined" sx={{ height: '100%', display: 'flex', flexDirection: 'column' }}>
        <CardContent sx={{ flexGrow: 1 }}>
          <Typography variant="h6" component="h2" id={nameId}>
            {screen.label}
          </Typography>
          {purpose ? (
            <Typography variant="body2" color="text.secondary" id={purposeId}>
              {purpose}
            </Typography>
          ) : null}
        </CardContent>
        <CardActions>
          <Button component={RouterLink} to={screen.to} aria-describedby={purpose ? `${nameId} ${purposeId}` : nameId}>
            Open
          </Button>
        </CardActions>
      </Card>
    </li>
  );
}

import Box from '@mui/material/Box';
import Container from '@mui/material/Container';
import { Outlet } from 'react-router-dom';
import { Footer } from './Footer';
import { NavigationProgress } from './NavigationProgress';
import { MAIN_CONTENT_ID, SkipLink } from './SkipLink';
import { TopNav } from './TopNav';

export function PublicLayout() {
  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', minHeight: '100vh' }}>
      <SkipLink />
      <NavigationProgress />
      <TopNav />
      {/* At least a screen tall, so the footer starts below the fold and content arriving never pushes it (CLS). */}
      <Container
        component="main"
        id={MAIN_CONTENT_ID}
        tabIndex={-1}
        maxWidth="lg"
        sx={{ py: 3, flexGrow: 1, minHeight: '100vh', outline: 'none' }}
      >
        <Outlet />
      </Container>
      <Footer />
    </Box>
  );
}

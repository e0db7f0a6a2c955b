import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderRoutes } from '../testing/render-routes';
import { NotFoundScreen } from './NotFoundScreen';

it('tells a visitor of an unknown URL the page was not found and links home', async () => {
  renderRoutes(
    [
      { path: '/', element: <p>the home page</p> },
      { path: '*', element: <NotFoundScreen /> },
    ],
    { path: '/no/such/page' },
  );
  expect(await screen.findByRole('heading', { name: 'Page Not Found' })).toBeInTheDocument();
  await userEvent.click(screen.getByRole('link', { name: 'Home' }));
  expect(await screen.findByText('the home page')).toBeInTheDocument();
});

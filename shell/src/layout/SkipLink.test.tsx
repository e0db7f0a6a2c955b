import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { signedOutAuth } from '@bookswap/contract/auth';
import { fakeApiForEachTest } from '@bookswap/shared/testing';
import { renderRoutes, signedInAs } from '../testing/render-routes';
import { DashboardLayout } from './DashboardLayout';
import { PublicLayout } from './PublicLayout';

describe('the skip link', () => {
  const api = fakeApiForEachTest();
  beforeEach(() => api.on('GET', '/api/notification/list', { body: { notifications: [], unread: 0 } }));

  it('is the first Tab stop of a public page and takes the focus past the top bar to the content', async () => {
    renderRoutes([{ path: '/', element: <PublicLayout />, children: [{ index: true, element: <h1>Book List</h1> }] }], {
      path: '/',
      auth: signedOutAuth,
    });
    await userEvent.tab();
    expect(screen.getByRole('link', { name: 'Skip to content' })).toHaveFocus();
    await userEvent.keyboard('{Enter}');
    expect(screen.getByRole('main')).toHaveFocus();
    expect(screen.getByRole('main')).toContainElement(screen.getByRole('heading', { name: 'Book List' }));
  });

  it('does the same in the dashboard, past the menu', async () => {
    renderRoutes(
      [{ path: '/dashboard', element: <DashboardLayout />, children: [{ index: true, element: <p>welcome</p> }] }],
      { path: '/dashboard', auth: signedInAs('seller') },
    );
    await userEvent.tab();
    await userEvent.keyboard('{Enter}');
    expect(screen.getByRole('main')).toHaveFocus();
    expect(window.location.hash).toBe('');
  });
});

import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import {
  NO_RELEASE_FIGURES,
  type ReleaseFigures,
  type ReleaseHistoryItem,
  type ReleaseOverviewVersion,
  type RemoteReleaseOverview,
  type TelemetryRemote,
} from '@bookswap/shared/schemas';
import {
  atScreenWidth,
  fakeApiForEachTest,
  findToast,
  never,
  PHONE_WIDTH,
  renderScreen,
} from '@bookswap/shared/testing';
import routes from '../routes';

const user = userEvent.setup({ delay: null });

const figures = (overrides: Partial<ReleaseFigures> = {}): ReleaseFigures => ({ ...NO_RELEASE_FIGURES, ...overrides });

const release = (overrides: Partial<ReleaseOverviewVersion> & Pick<ReleaseOverviewVersion, 'version' | 'role'>) => ({
  percent: null,
  since: '2026-11-20T12:00:00.000Z',
  lastHour: figures(),
  sinceLive: figures(),
  ...overrides,
});

const promoted = (to: string, from: string | null, at: string): ReleaseHistoryItem => ({
  at,
  action: 'promote',
  from,
  to,
  command: `pnpm release promote seller ${to}`,
});

/** A remote with one live release and nothing else, unless the test says more. */
const overviewOf = (remote: TelemetryRemote, overrides: Partial<RemoteReleaseOverview> = {}): RemoteReleaseOverview => ({
  remote,
  live: release({ version: `0.1.0-${remote}`, role: 'live' }),
  canary: null,
  rollout: null,
  history: [promoted(`0.1.0-${remote}`, null, '2026-11-20T12:00:00.000Z')],
  ...overrides,
});

/** The seller with 0.1.0-abc as a 10 % canary over 0.1.0-def, started with `--auto`. */
const sellerWithCanary = overviewOf('seller', {
  live: release({
    version: '0.1.0-def',
    role: 'live',
    lastHour: figures({ pageLoads: 1800, loadFailures: 2, errorsCaught: 7, errorRate: 0.005, lcpP75: 1234.4, inpP75: 88 }),
    sinceLive: figures({ pageLoads: 25_000, loadFailures: 10, errorsCaught: 40, errorRate: 0.002, lcpP75: 1200, inpP75: 90 }),
  }),
  canary: release({
    version: '0.1.0-abc',
    role: 'canary',
    percent: 10,
    since: '2026-11-25T12:00:00.000Z',
    lastHour: figures({ pageLoads: 200, loadFailures: 1, errorsCaught: 4, serverRenderFailures: 1, errorRate: 0.03 }),
    sinceLive: figures({ pageLoads: 200, loadFailures: 1, errorsCaught: 4, serverRenderFailures: 1, errorRate: 0.03 }),
  }),
  rollout: { version: '0.1.0-abc', steps: [10, 50, 100], percent: 10, stepStartedAt: '2026-11-25T12:00:00.000Z' },
  history: [
    {
      at: '2026-11-25T12:00:00.000Z',
      action: 'canary',
      from: '0.1.0-def',
      to: '0.1.0-abc',
      percent: 10,
      command: 'pnpm release promote seller 0.1.0-abc --canary 10 --auto',
    },
    promoted('0.1.0-def', '0.1.0-old', '2026-11-20T12:00:00.000Z'),
  ],
});

const allRemotes = (seller: RemoteReleaseOverview) => [
  overviewOf('checkout'),
  seller,
  overviewOf('storefront'),
  overviewOf('admin'),
];

const sectionOf = (label: string) => screen.getByRole('region', { name: label });
const figuresOf = (label: string) => screen.getByRole('table', { name: `${label} figures` });
/** The releases compared, as the table's head names them. */
const columnsOf = (table: HTMLElement) =>
  within(within(table).getAllByRole('rowgroup')[0]!)
    .getAllByRole('columnheader')
    .map((cell) => cell.textContent);
/** A figure's line of the table, by its name, as its cells' texts (under the given period's title when it repeats). */
function lineOf(table: HTMLElement, figure: string, period?: 'Last hour' | 'Since live') {
  const rows = within(table).getAllByRole('row');
  const from = period ? rows.findIndex((row) => row.textContent === period) : 0;
  const row = rows.slice(from).find((candidate) => within(candidate).queryByRole('rowheader', { name: figure }));
  return within(row!).getAllByRole('cell').map((cell) => cell.textContent);
}

describe('the Releases screen', () => {
  const api = fakeApiForEachTest();

  it("shows each remote's live and canary figures side by side, in the product's order", async () => {
    api.on('GET', '/api/releases', { body: allRemotes(sellerWithCanary) });
    renderScreen({ routes, at: '/dashboard/releases', as: 'admin' });
    expect(await screen.findByRole('heading', { level: 1, name: 'Releases' })).toBeInTheDocument();
    await screen.findByRole('table', { name: 'Seller figures' });
    expect(screen.getAllByRole('heading', { level: 2 }).map((heading) => heading.textContent)).toEqual([
      'Storefront',
      'Seller',
      'Admin',
      'Checkout',
    ]);

    const table = figuresOf('Seller');
    expect(columnsOf(table)).toEqual(['Figure', 'Live', 'Canary']);
    expect(lineOf(table, 'Version')).toEqual(['0.1.0-def', '0.1.0-abc']);
    expect(lineOf(table, 'Share')).toEqual(['90 %', '10 %']);
    expect(lineOf(table, 'Page loads', 'Last hour')).toEqual(['1,800', '200']);
    expect(lineOf(table, 'Load failures', 'Last hour')).toEqual(['2', '1']);
    expect(lineOf(table, 'Errors caught', 'Last hour')).toEqual(['7', '4']);
    // Pages the shell's server failed to render with the release (an API from before them sends none: 0).
    expect(lineOf(table, 'Server render failures', 'Last hour')).toEqual(['0', '1']);
    expect(lineOf(table, 'Error rate', 'Last hour')).toEqual(['0.5%', '3%']);
    expect(lineOf(table, 'p75 LCP', 'Last hour')).toEqual(['1,234 ms', '—']);
    expect(lineOf(table, 'p75 INP', 'Last hour')).toEqual(['88 ms', '—']);
    expect(lineOf(table, 'Page loads', 'Since live')).toEqual(['25,000', '200']);
    expect(lineOf(table, 'Error rate', 'Since live')).toEqual(['0.2%', '3%']);

    const seller = sectionOf('Seller');
    expect(within(seller).getByText(/^Automatic rollout of 0\.1\.0-abc: at 10 % since .+; next 50 % then live\.$/))
      .toBeInTheDocument();
    const history = within(seller).getByRole('table', { name: 'Seller release history' });
    const [newest] = within(history).getAllByRole('row').slice(1);
    expect(within(newest!).getAllByRole('cell').map((cell) => cell.textContent).slice(1)).toEqual([
      'Canary at 10 %',
      '0.1.0-def → 0.1.0-abc',
      'pnpm release promote seller 0.1.0-abc --canary 10 --auto',
      '',
    ]);
    // Only live: one column, its whole share, and no rollout.
    expect(lineOf(figuresOf('Checkout'), 'Share')).toEqual(['100 %']);
    expect(within(sectionOf('Checkout')).queryByText(/Automatic rollout/)).not.toBeInTheDocument();
  });

  it('shows a figure without data as a dash, and why an automatic rollout rolled back', async () => {
    const seller = overviewOf('seller', {
      live: release({ version: '0.1.0-def', role: 'live', since: null }),
      history: [
        {
          at: '2026-11-25T12:20:00.000Z',
          action: 'canary-rollback',
          from: '0.1.0-abc',
          to: '0.1.0-def',
          command: 'automatic rollout',
          reason: 'canary error rate 6% (12 of 200 page loads) above the limit of 2% (live 0.5%)',
        },
      ],
    });
    api.on('GET', '/api/releases', { body: [seller] });
    renderScreen({ routes, at: '/dashboard/releases', as: 'admin' });
    const table = await screen.findByRole('table', { name: 'Seller figures' });
    expect(lineOf(table, 'Since')).toEqual(['—']);
    for (const figure of ['Error rate', 'p75 LCP', 'p75 INP']) {
      expect(lineOf(table, figure, 'Last hour')).toEqual(['—']);
      expect(lineOf(table, figure, 'Since live')).toEqual(['—']);
    }
    expect(lineOf(table, 'Page loads', 'Last hour')).toEqual(['0']);
    const history = screen.getByRole('table', { name: 'Seller release history' });
    expect(within(history).getByRole('row', { name: /Canary rolled back/ })).toHaveTextContent(
      'canary error rate 6% (12 of 200 page loads) above the limit of 2% (live 0.5%)',
    );
  });

  it('ends a canary after a confirmation that says what will happen, then shows the new figures', async () => {
    let answer = [sellerWithCanary];
    api.on('GET', '/api/releases', () => ({ body: answer }));
    api.on('POST', '/api/releases/seller/rollback', () => {
      const after = { ...sellerWithCanary, canary: null, rollout: null };
      answer = [after];
      return { body: after };
    });
    renderScreen({ routes, at: '/dashboard/releases', as: 'admin' });
    await user.click(await screen.findByRole('button', { name: 'Roll back Seller' }));

    const dialog = await screen.findByRole('dialog', { name: 'Roll back Seller?' });
    expect(dialog).toHaveTextContent(
      'End the canary of seller 0.1.0-abc; every browser goes back to 0.1.0-def on its next page load',
    );
    await user.click(within(dialog).getByRole('button', { name: 'Roll back' }));

    expect(await findToast('Seller rolled back: 0.1.0-def is live for every browser')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    await waitFor(() => expect(columnsOf(figuresOf('Seller'))).toEqual(['Figure', 'Live']));
    // It carries what the admin saw, so the server refuses it if the remote changed before the click.
    expect(api.callsTo('POST', '/api/releases/seller/rollback').map((call) => call.body)).toEqual([
      { expected: { live: '0.1.0-def', canary: '0.1.0-abc' } },
    ]);
    expect(api.callsTo('GET', '/api/releases').length).toBeGreaterThanOrEqual(2);
  });

  it('without a canary, offers to make the earlier live release live again', async () => {
    const seller = overviewOf('seller', {
      live: release({ version: '0.1.0-abc', role: 'live' }),
      history: [promoted('0.1.0-abc', '0.1.0-def', '2026-11-25T12:00:00.000Z'), promoted('0.1.0-def', null, '2026-11-20T12:00:00.000Z')],
    });
    api.on('GET', '/api/releases', { body: [seller] });
    renderScreen({ routes, at: '/dashboard/releases', as: 'admin' });
    await user.click(await screen.findByRole('button', { name: 'Roll back Seller' }));
    expect(await screen.findByRole('dialog', { name: 'Roll back Seller?' })).toHaveTextContent(
      'Make 0.1.0-def live again instead of 0.1.0-abc',
    );
    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(api.callsTo('POST', '/api/releases/seller/rollback')).toHaveLength(0);
  });

  it('says why Roll back is off when there is no canary and no earlier live release', async () => {
    api.on('GET', '/api/releases', { body: [overviewOf('storefront')] });
    renderScreen({ routes, at: '/dashboard/releases', as: 'admin' });
    const button = await screen.findByRole('button', { name: 'Roll back Storefront' });
    expect(button).toBeDisabled();
    expect(button).toHaveAccessibleDescription(
      'Nothing to roll back: storefront has no canary and no earlier live release.',
    );
  });

  it("shows the server's reason when there is nothing to roll back any more, and refreshes the figures", async () => {
    let answer = [sellerWithCanary];
    api.on('GET', '/api/releases', () => ({ body: answer }));
    api.on('POST', '/api/releases/seller/rollback', () => {
      // Someone ended the canary from a terminal meanwhile.
      answer = [overviewOf('seller')];
      return { status: 409, body: { message: 'seller has no earlier live release to roll back to' } };
    });
    renderScreen({ routes, at: '/dashboard/releases', as: 'admin' });
    await user.click(await screen.findByRole('button', { name: 'Roll back Seller' }));
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Roll back' }));

    expect(await findToast('seller has no earlier live release to roll back to')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(await screen.findByRole('button', { name: 'Roll back Seller' })).toBeDisabled();
  });

  it('says so when no remote has been released', async () => {
    api.on('GET', '/api/releases', { body: [] });
    renderScreen({ routes, at: '/dashboard/releases', as: 'admin' });
    expect(await screen.findByText('No release yet')).toBeInTheDocument();
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
  });

  it('shows a spinner while the figures load', async () => {
    api.on('GET', '/api/releases', never);
    renderScreen({ routes, at: '/dashboard/releases', as: 'admin' });
    expect(await screen.findByRole('progressbar', { name: 'Loading the releases' })).toBeInTheDocument();
  });

  it('shows a server error in place with a Retry that loads the figures', async () => {
    api.on('GET', '/api/releases', { status: 500, body: { message: 'Figures are unavailable' } });
    renderScreen({ routes, at: '/dashboard/releases', as: 'admin' });
    expect(await screen.findByText('The releases could not be loaded: Figures are unavailable')).toBeInTheDocument();

    api.on('GET', '/api/releases', { body: [sellerWithCanary] });
    await user.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByRole('table', { name: 'Seller figures' })).toBeInTheDocument();
  });

  it('asks for the figures again every 30 seconds', async () => {
    jest.useFakeTimers({ doNotFake: ['queueMicrotask', 'nextTick', 'setImmediate'] });
    try {
      let pageLoads = 1800;
      api.on('GET', '/api/releases', () => ({
        body: [{ ...sellerWithCanary, live: { ...sellerWithCanary.live!, lastHour: figures({ pageLoads }) } }],
      }));
      renderScreen({ routes, at: '/dashboard/releases', as: 'admin' });
      await act(async () => {
        await jest.advanceTimersByTimeAsync(100);
      });
      expect(lineOf(await screen.findByRole('table', { name: 'Seller figures' }), 'Page loads', 'Last hour')[0]).toBe(
        '1,800',
      );
      pageLoads = 2100;
      await act(async () => {
        await jest.advanceTimersByTimeAsync(30_000);
      });
      expect(lineOf(figuresOf('Seller'), 'Page loads', 'Last hour')[0]).toBe('2,100');
    } finally {
      jest.useRealTimers();
    }
  });

  describe('on a phone', () => {
    let restore: () => void;
    beforeEach(() => (restore = atScreenWidth(PHONE_WIDTH)));
    afterEach(() => restore());

    it('stacks the live and canary releases as cards, with no table', async () => {
      api.on('GET', '/api/releases', { body: [sellerWithCanary] });
      renderScreen({ routes, at: '/dashboard/releases', as: 'admin' });
      const cards = await screen.findByRole('list', { name: 'Seller figures' });
      expect(screen.queryByRole('table')).not.toBeInTheDocument();
      const [live, canary] = within(cards).getAllByRole('listitem');
      expect(within(live!).getByRole('heading', { name: 'Live 0.1.0-def' })).toBeInTheDocument();
      expect(within(canary!).getByRole('heading', { name: 'Canary 0.1.0-abc' })).toBeInTheDocument();
      expect(canary).toHaveTextContent('Share10 %');
      expect(canary).toHaveTextContent('Error rate3%');
      expect(screen.getByRole('list', { name: 'Seller release history' })).toHaveTextContent('Canary at 10 %');
      expect(screen.getByRole('button', { name: 'Roll back Seller' })).toBeEnabled();
    });
  });
});

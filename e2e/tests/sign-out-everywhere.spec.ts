import { DEMO_USERS } from '@bookswap/shared/demo-users';
import { expect, forgetStoredSessions, signInThroughLoginScreen, test } from '../support/fixtures';

/** When the sign-in emulator says the buyer's tokens are valid from (seconds), as the Admin SDK's revocation sets it. */
async function buyerTokensValidSince(): Promise<number> {
  const buyer = DEMO_USERS.find((user) => user.role === 'buyer')!;
  const answer = await fetch(
    'http://127.0.0.1:9099/identitytoolkit.googleapis.com/v1/projects/demo-bookswap/accounts:lookup',
    {
      method: 'POST',
      // The emulator's service-account caller, as the Admin SDK is.
      headers: { authorization: 'Bearer owner', 'content-type': 'application/json' },
      body: JSON.stringify({ email: [buyer.email] }),
    },
  );
  const { users } = (await answer.json()) as { users: { validSince?: string }[] };
  return Number(users[0]?.validSince ?? 0);
}

/**
 * "Log out of all devices": a person signed in on two browsers (a laptop and a lost phone) chooses it on one,
 * and the other is signed out at its next call: its access token is refused and so is its renewal.
 */
test('logging out of all devices on one browser signs the other out at its next call', async ({ browser }) => {
  const laptop = await browser.newContext();
  const phone = await browser.newContext();
  try {
    const [phonePage, laptopPage] = await Promise.all([phone.newPage(), laptop.newPage()]);
    await Promise.all([signInThroughLoginScreen(phonePage, 'buyer'), signInThroughLoginScreen(laptopPage, 'buyer')]);
    // Sign-in times are whole seconds, and a sign-in in the very second of the sign-out still counts.
    await laptopPage.waitForTimeout(1_100);
    const beforeSignOut = Math.floor(Date.now() / 1000);

    await laptopPage.getByRole('button', { name: 'Account menu' }).click();
    await laptopPage.getByRole('menuitem', { name: 'Log out of all devices' }).click();
    await expect(laptopPage).toHaveURL(/\/login$/);
    // The server revoked the account's refresh tokens at the identity provider too (the Admin SDK).
    await expect.poll(buyerTokensValidSince).toBeGreaterThanOrEqual(beforeSignOut);

    await phonePage.reload();
    await expect(phonePage.getByText('Your session has ended. Please log in again.').first()).toBeVisible();
    await expect(phonePage.getByRole('button', { name: 'Account menu' })).toHaveCount(0);
    expect(await phonePage.evaluate(() => window.localStorage.getItem('accessToken'))).toBeNull();
  } finally {
    await laptop.close();
    await phone.close();
    // The buyer's earlier sign-ins are revoked now, the stored demo session among them.
    forgetStoredSessions();
  }
});

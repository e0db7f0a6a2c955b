import { expect, originOf, REMOTES, test } from '../support/fixtures';
import { liveReleaseUrl } from '../support/release-drill';
import { API_URL } from '../support/shared-steps';

// Every origin the product serves sends nosniff and a referrer policy, the shell's page
// a Content-Security-Policy that allows exactly what the product loads (every-route.spec.ts walks every screen under it).

test('every origin sends nosniff and a referrer policy; the shell cannot be framed', async ({ request }) => {
  const page = await request.get('/booklist');
  const policy = page.headers()['content-security-policy'] ?? '';
  expect(policy).toContain("frame-ancestors 'none'");
  expect(policy).toContain(`script-src 'self' ${REMOTES.map((remote) => originOf(remote)).join(' ')} 'sha256-`);
  expect(policy).not.toContain("'unsafe-eval'");
  for (const url of [
    `${originOf('shell')}/booklist`,
    `${originOf('shell')}/remotes.json`,
    ...REMOTES.map((remote) => `${liveReleaseUrl(remote)}/mf-manifest.json`),
    `${API_URL}/api/category/list?search=&page=0&size=20`,
  ]) {
    const answer = await request.get(url);
    expect(answer.headers()['x-content-type-options'], url).toBe('nosniff');
    expect(answer.headers()['referrer-policy'], url).toBeTruthy();
  }
  // A malformed path is the client's mistake, answered without the server's insides.
  const bad = await request.get(`${originOf('shell')}/%E0%A4%A`);
  expect(bad.status()).toBe(400);
  expect(await bad.text()).toBe('Bad Request');
});

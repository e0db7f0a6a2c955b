import { Writable } from 'node:stream';
import { givenUser, startTestServer } from '../testing/test-server';
import { redactEmails } from './request-log';

describe('request logs', () => {
  it('replace emails in paths and queries, encoded or not', () => {
    expect(redactEmails('/api/user/list/bea.buyer@example.test')).toBe('/api/user/list/[email]');
    expect(redactEmails('/api/jwt/list?email=bea%40example.test&x=1')).toBe('/api/jwt/list?email=[email]&x=1');
    expect(redactEmails('/api/category/list?search=poems&page=0')).toBe('/api/category/list?search=poems&page=0');
  });

  it('cut a long URL before reading it, so its length costs nothing', () => {
    // 16 MiB: a redaction that read it all (or backtracked on it) takes seconds; one that cuts first takes well under a
    // millisecond, so the bound holds on the busiest CI machine.
    const long = `/api/category/list?search=${'a'.repeat(16 * 1024 * 1024)}`;
    const started = performance.now();
    const logged = redactEmails(long);
    expect(performance.now() - started).toBeLessThan(500);
    expect(logged.length).toBeLessThanOrEqual(2049);
    expect(redactEmails(`/x/${'b'.repeat(3000)}@example.test`)).not.toContain('@example.test');
  });

  it('an unauthenticated 64 KiB URL is answered at once, the event loop never stalled', async () => {
    const server = await startTestServer(
      {},
      { fastify: { logger: { level: 'info', stream: new Writable({ write: (_c, _e, done) => done() }) } } },
    );
    try {
      const started = performance.now();
      const answer = await server.app.inject({ method: 'GET', url: `/api/no-such-call?q=${'%41'.repeat(21_000)}x` });
      // The stall this guards against (a backtracking redaction) took seconds; a busy CI machine took 80 ms.
      expect(performance.now() - started).toBeLessThan(500);
      expect(answer.statusCode).toBe(404);
    } finally {
      await server.close();
    }
  });

  it('written by the real server keep no email of the URLs they log', async () => {
    let log = '';
    const stream = new Writable({
      write(chunk, _encoding, done) {
        log += String(chunk);
        done();
      },
    });
    const server = await startTestServer({}, { fastify: { logger: { level: 'info', stream } } });
    try {
      const person = await givenUser(server, 'buyer', 'Logged Buyer');
      await server.app.inject({
        method: 'GET',
        url: `/api/user/list/${person.email}`,
        headers: { authorization: `Bearer ${person.token}` },
      });
      expect(log).toMatch(/"url":"\/api\/user\/list\/\[email\]"/);
      expect(log).toMatch(/"url":"\/api\/jwt\/list\?email=\[email\]"/);
      expect(log).not.toContain(person.email);
      expect(log).not.toContain(encodeURIComponent(person.email));
    } finally {
      await server.close();
    }
  });
});

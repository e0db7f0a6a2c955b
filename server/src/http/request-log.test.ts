import { Writable } from 'node:stream';
import { givenUser, startTestServer } from '../testing/test-server';
import { redactEmails } from './request-log';

describe('request logs', () => {
  it('replace emails in paths and queries, encoded or not', () => {
    expect(redactEmails('/api/user/list/bea.buyer@example.test')).toBe('/api/user/list/[email]');
    expect(redactEmails('/api/jwt/list?email=bea%40example.test&x=1')).toBe('/api/jwt/list?email=[email]&x=1');
    expect(redactEmails('/api/category/list?search=poems&page=0')).toBe('/api/category/list?search=poems&page=0');
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

import { call, givenUser, SAM_SELLER, startTestServer, VALID_PRODUCT, type TestServer } from '../testing/test-server';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer({ listingsPerDay: 3 });
});
afterAll(() => server.close());

describe('the per-seller daily listing quota', () => {
  it('a seller past the day’s listings gets a clear 429 and nothing is stored; parallel calls cannot slip past', async () => {
    const seller = await givenUser(server, 'seller', SAM_SELLER.name);
    const list = () => call(server, 'POST', '/api/product/create', { as: seller, body: VALID_PRODUCT });
    const answers = await Promise.all([list(), list(), list(), list(), list()]);
    expect(answers.map((answer) => answer.status).sort()).toEqual([201, 201, 201, 429, 429]);
    const refused = answers.find((answer) => answer.status === 429);
    expect(refused?.body).toEqual({ message: 'You have listed the 3 books a day allows; try again tomorrow' });
    const mine = await call(server, 'GET', `/api/product/list?email=${seller.email}`, {
      as: seller,
    });
    expect(mine.body).toHaveLength(3);
  });

  it('counts each seller apart', async () => {
    const other = await givenUser(server, 'seller', 'Nia Newseller');
    const answer = await call(server, 'POST', '/api/product/create', { as: other, body: VALID_PRODUCT });
    expect(answer.status).toBe(201);
  });
});

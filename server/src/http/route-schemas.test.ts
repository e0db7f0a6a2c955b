import { productSchema, productWithContactSchema } from '@bookswap/shared/schemas';
import { BEA_BUYER, call, givenProduct, SAM_SELLER, serverForThisFile } from '../testing/test-server';

const { server, seller, buyer } = serverForThisFile({ seller: SAM_SELLER, buyer: BEA_BUYER });

describe('routes validated and serialised by their zod schemas', () => {
  it('answers a request part’s first issue as 400 `field: message`, after the caller is known', async () => {
    const bad = await call(server, 'GET', '/api/booking/orders?page=-1', { as: buyer });
    expect(bad.status).toBe(400);
    expect(bad.body).toEqual({ message: expect.stringMatching(/^page: /), field: 'page' });
    // No caller: 401 first, whatever the query.
    expect((await call(server, 'GET', '/api/booking/orders?page=-1')).status).toBe(401);
  });

  it('checks each text is storable before the schema, naming the field', async () => {
    const bad = await call(server, 'GET', `/api/category/list?search=${encodeURIComponent('a\u0000b')}`);
    expect(bad.status).toBe(400);
    expect(bad.body).toEqual({
      message: 'search: must be well-formed text (no NUL and no lone surrogate characters)',
      field: 'search',
    });
  });

  it('tells no body from a JSON null: an empty advertise call is accepted, `null` is not', async () => {
    const id = await givenProduct(server, seller);
    expect((await call(server, 'PUT', `/api/product/update/${id}`, { as: seller })).status).toBe(200);
    const nullBody = await server.app.inject({
      method: 'PUT',
      url: `/api/product/update/${id}`,
      headers: { authorization: `Bearer ${seller.token}`, 'content-type': 'application/json' },
      payload: 'null',
    });
    expect(nullBody.statusCode).toBe(400);
    expect(nullBody.json()).toMatchObject({ field: 'body' });
  });

  it('sends a listing’s details with exactly the fields of its schema: contact details only to a signed-in caller', async () => {
    const id = await givenProduct(server, seller);
    const signedIn = await call(server, 'GET', `/api/product/list/${id}`, { as: buyer });
    const visitor = await call(server, 'GET', `/api/product/list/${id}`);
    const keys = (shape: object) => Object.keys(shape).sort();
    const withoutRating = (fields: string[]) => fields.filter((field) => field !== 'sellerRating');
    expect(withoutRating(keys(signedIn.body))).toEqual(withoutRating(keys(productWithContactSchema.shape)));
    expect(withoutRating(keys(visitor.body))).toEqual(withoutRating(keys(productSchema.shape)));
    expect(visitor.body).not.toHaveProperty('phone');
  });
});

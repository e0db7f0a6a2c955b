import { z } from 'zod';
import { fastSerializerCompiler } from './serialisation';

const listing = z.object({ book_name: z.string(), resale_price: z.string() });
const writerOf = (schema: z.ZodType) =>
  fastSerializerCompiler({ schema, method: 'GET', url: '/api/test', httpStatus: '200' }) as (answer: unknown) => string;

describe('answers written from their response schema', () => {
  it('sends only the fields the schema names', () => {
    const write = writerOf(z.array(listing));
    const answer = [{ book_name: 'Emma', resale_price: '5', sellerEmail: 'private@example.test' }];
    expect(JSON.parse(write(answer))).toEqual([{ book_name: 'Emma', resale_price: '5' }]);
  });

  it('writes an answer that is not frozen anew each time, so a change to it is sent', () => {
    const write = writerOf(listing);
    const answer = { book_name: 'Emma', resale_price: '5' };
    expect(JSON.parse(write(answer)).resale_price).toBe('5');
    answer.resale_price = '4';
    expect(JSON.parse(write(answer)).resale_price).toBe('4');
  });

  it('sends a frozen answer served again with the text it was first written as, its undeclared fields left out', () => {
    const write = writerOf(z.array(listing));
    const answer = Object.freeze([Object.freeze({ book_name: 'Emma', resale_price: '5', phone: '555' })]);
    const first = write(answer);
    expect(write(answer)).toBe(first);
    expect(JSON.parse(first)).toEqual([{ book_name: 'Emma', resale_price: '5' }]);
    // Another answer, equal or not, is written for itself.
    expect(JSON.parse(write(Object.freeze([{ book_name: 'Persuasion', resale_price: '7' }])))).toEqual([
      { book_name: 'Persuasion', resale_price: '7' },
    ]);
  });
});

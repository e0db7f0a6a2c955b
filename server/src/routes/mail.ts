import { API_CALLS } from '@bookswap/shared/schemas';
import { served } from '../http/api-call';
import { defineRoute } from '../http/route';
import { deadLetters } from '../services/mail-delivery';

export const mailRoutes = [
  defineRoute({
    ...served(API_CALLS.deadLetters),
    access: 'admin',
    rule: 'emails refused at every try, newest first, at most 200, with how many in all; not their words',
    handler: (_input, { db }) => deadLetters(db),
  }),
];

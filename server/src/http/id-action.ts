import { idParamsSchema } from '@bookswap/shared/schemas';
import type { ZodType } from 'zod';
import type { AppDeps } from '../app-deps';
import type { SignedInCaller } from '../services/callers';
import { defineRoute, type Answered, type RouteDefinition } from './route';

export interface IdAction<S extends ZodType | undefined> {
  method: 'PUT' | 'DELETE';
  url: string;
  access: 'user' | 'seller' | 'admin';
  /** The ownership rule on top of `access`, in words (the permission table's second column). */
  rule: string;
  /** The `:id` parameter's schema; `idParamsSchema` unless the resource names its own. */
  params?: ZodType<{ id: string }>;
  /** Checked and otherwise unused: the action needs nothing but the id. */
  body?: ZodType<unknown>;
  /** The answer's schema (`served` gives it with the method and URL). */
  response?: S;
  /** The use case, in a service: it checks the caller's right to this record and its state. */
  run(db: AppDeps['db'], caller: SignedInCaller, id: string, deps: AppDeps): Promise<Answered<S>>;
}

/**
 * A signed-in caller's write on the one record the URL's `:id` names (cancel a booking, read a notification, verify a
 * seller...), counted against the write limit. The same route `defineRoute` would give, declared in a few lines.
 */
export function idAction<S extends ZodType | undefined = undefined>({
  run,
  params = idParamsSchema,
  ...route
}: IdAction<S>): RouteDefinition {
  return defineRoute({
    ...route,
    rateLimit: 'write',
    params,
    handler: ({ params, caller }, deps) => run(deps.db, caller, params.id, deps),
  });
}

import type { FastifySchemaCompiler } from 'fastify';
import { hasZodFastifySchemaValidationErrors, validatorCompiler } from 'fastify-type-provider-zod';
import type { ZodType } from 'zod';
import { isWellFormedText } from '@bookswap/shared/schemas';
import { badRequest, type HttpError } from '../errors/http-error';

/**
 * Postgres text cannot hold NUL, nor a lone UTF-16 surrogate (which has no UTF-8 form): refusing both here, for
 * every field of every call, keeps such input a 400, never a 500 whose log would carry the rest of the body.
 */
function unstorable(text: string): boolean {
  return text.includes('\u0000') || !isWellFormedText(text);
}

function findUnstorable(value: unknown, path: string[]): string[] | null {
  if (typeof value === 'string') return unstorable(value) ? path : null;
  if (Array.isArray(value)) {
    for (let i = 0; i < value.length; i++) {
      const found = findUnstorable(value[i], [...path, String(i)]);
      if (found) return found;
    }
    return null;
  }
  if (value && typeof value === 'object') {
    for (const [key, inner] of Object.entries(value)) {
      if (unstorable(key)) return [...path, key];
      const found = findUnstorable(inner, [...path, key]);
      if (found) return found;
    }
  }
  return null;
}

/** Stands for "no body" while Fastify validates: it hands a validator `null` for an absent body, as for JSON `null`. */
export const NO_BODY = Symbol('no body');

type Part = 'body' | 'query' | 'params';
const partOf = (httpPart: string | undefined): Part =>
  httpPart === 'querystring' ? 'query' : httpPart === 'params' ? 'params' : 'body';

/**
 * The zod type provider's validator, after a check that every text of the part can be stored: a failure there answers
 * 400 naming the field at fault, a schema's failure is answered by `validationErrorAnswer`.
 */
export const storableInputCompiler: FastifySchemaCompiler<ZodType> = (route) => {
  const validate = validatorCompiler(route);
  const part = partOf(route.httpPart);
  return (data) => {
    const value = data === NO_BODY ? undefined : data;
    const badPath = findUnstorable(value, []);
    if (badPath) {
      const field = badPath.join('.') || part;
      return {
        error: badRequest(`${field}: must be well-formed text (no NUL and no lone surrogate characters)`, field),
      };
    }
    return validate(value);
  };
};

/** A request part's first schema issue as the 400 the client reads: `field: message`, the field as a dotted path. */
export function validationErrorAnswer(error: unknown): HttpError | null {
  if (!hasZodFastifySchemaValidationErrors(error)) return null;
  const issue = error.validation[0];
  const path = issue?.instancePath.slice(1) ?? '';
  const field = path ? path.split('/').join('.') : partOf(error.validationContext);
  return badRequest(`${field}: ${issue?.message ?? 'is invalid'}`, field);
}

import type { ZodType } from 'zod';
import { isWellFormedText } from '@bookswap/shared/schemas';
import { badRequest } from '../errors/http-error';

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

/** Parses one part of a request; a failure answers 400 naming the field at fault. */
export function parseInput<T>(schema: ZodType<T>, value: unknown, part: 'body' | 'query' | 'params'): T {
  const badPath = findUnstorable(value, []);
  if (badPath) {
    const field = badPath.join('.') || part;
    throw badRequest(`${field}: must be well-formed text (no NUL and no lone surrogate characters)`, field);
  }
  const result = schema.safeParse(value ?? (part === 'body' ? undefined : {}));
  if (result.success) return result.data;
  const issue = result.error.issues[0];
  const field = issue && issue.path.length > 0 ? issue.path.map(String).join('.') : part;
  const message = issue?.message ?? 'is invalid';
  throw badRequest(`${field}: ${message}`, field);
}

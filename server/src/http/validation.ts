import type { ZodType } from 'zod';
import { badRequest } from './http-error';

/** Postgres text cannot hold NUL; refusing it here keeps such input a 400, never a 500. */
function findNul(value: unknown, path: string[]): string[] | null {
  if (typeof value === 'string') return value.includes('\u0000') ? path : null;
  if (Array.isArray(value)) {
    for (let i = 0; i < value.length; i++) {
      const found = findNul(value[i], [...path, String(i)]);
      if (found) return found;
    }
    return null;
  }
  if (value && typeof value === 'object') {
    for (const [key, inner] of Object.entries(value)) {
      if (key.includes('\u0000')) return [...path, key];
      const found = findNul(inner, [...path, key]);
      if (found) return found;
    }
  }
  return null;
}

/** Parses one part of a request; a failure answers 400 naming the field at fault. */
export function parseInput<T>(schema: ZodType<T>, value: unknown, part: 'body' | 'query' | 'params'): T {
  const nulPath = findNul(value, []);
  if (nulPath) {
    const field = nulPath.join('.') || part;
    throw badRequest(`${field}: must not contain NUL characters`, field);
  }
  const result = schema.safeParse(value ?? (part === 'body' ? undefined : {}));
  if (result.success) return result.data;
  const issue = result.error.issues[0];
  const field = issue && issue.path.length > 0 ? issue.path.map(String).join('.') : part;
  const message = issue?.message ?? 'is invalid';
  throw badRequest(`${field}: ${message}`, field);
}

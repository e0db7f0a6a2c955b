import { answerSchemas, type AnswerName, type AnswerSchemas, type ApiCall } from '@bookswap/shared/schemas';

const schemas = answerSchemas();

/**
 * A route's method, URL and response schema from the shared table of calls (`API_CALLS`): the client builds the same
 * URL and checks the same answer, so neither can drift from the other.
 */
export function served<M extends ApiCall['method'], P extends string, K extends AnswerName>(
  call: ApiCall<M, P, K>,
): { method: M; url: P; response: AnswerSchemas[K] } {
  return { method: call.method, url: call.path, response: schemas[call.answer] };
}

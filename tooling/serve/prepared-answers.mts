// A text answer ready to be sent again and again: a caller that keeps one (the shell's page for a release, head and
// body) saves the encoding, the hash and the compression on every later request.
import { createHash } from 'node:crypto';
import { gzipSync } from 'node:zlib';

/** A text as sent: its bytes, its ETag (null: never answered 304), and its gzip, made once when first asked for. */
export interface PreparedAnswer {
  body: Buffer;
  etag: string | null;
  gzipped(): Buffer;
  /**
   * The same bytes in the pieces they were put together from (a kept page and its page-load ticket), each written as
   * it is: joining them copied the whole page per answer.
   */
  pieces?: { body: Buffer[]; gzipped(): Buffer[] };
}

export function preparedAnswer(text: string): PreparedAnswer {
  const body = Buffer.from(text);
  let gzipped: Buffer | undefined;
  return {
    body,
    etag: `"${createHash('sha256').update(body).digest('base64url').slice(0, 22)}"`,
    gzipped: () => (gzipped ??= gzipSync(body)),
  };
}

import type { Response } from 'superagent';

/** supertest leaves binary and feed bodies unread unless told how: `.buffer(true).parse(binary)` answers a Buffer. */
export const binary = (res: Response, done: (error: Error | null, body: Buffer) => void) => {
  const chunks: Buffer[] = [];
  res.on('data', (chunk: Buffer) => chunks.push(Buffer.from(chunk)));
  res.on('end', () => done(null, Buffer.concat(chunks)));
};

/** `.buffer(true).parse(text)` answers the body as a UTF-8 string, whatever its type. */
export const text = (res: Response, done: (error: Error | null, body: string) => void) => binary(res, (error, body) => done(error, body.toString('utf8')));

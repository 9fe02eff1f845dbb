import type { NextFunction, Request, Response } from 'express';

const MESSAGE = 'This address is not valid: it has a malformed % escape';

/**
 * Refuses a path with a malformed percent escape (`/assets/%E0%A4%A`) before anything decodes it: the static
 * files, Express's router and React Router would each throw a URIError and answer 500. API paths answer the
 * legacy error shape, pages plain text.
 */
export function refuseMalformedPaths(req: Request, res: Response, next: NextFunction) {
  try {
    decodeURIComponent(req.path);
  } catch {
    res.status(400);
    if (/^\/(api|graphql)(\/|$)/.test(req.path)) res.json({ errors: [{ msg: MESSAGE, path: '' }], code: 'BAD_USER_INPUT' });
    else res.type('text/plain').send(MESSAGE);
    return;
  }
  next();
}

import { renderToString } from 'react-dom/server';
import { createStaticHandler, createStaticRouter, StaticRouterProvider, useActionData, useLoaderData, type AppLoadContext } from 'react-router';
import { describe, expect, it } from 'vitest';
import type { GraphqlResult } from '../lib/graphql';
import { fakeServer } from '../../test/doubles';
import AskAQuestion, { action, loader } from './ask-a-question';

/** The route as the server renders it for a browser without JavaScript: loader and action run, then the HTML. */
const routes = [
  {
    id: 'ask-a-question',
    path: '/ask-a-question',
    loader,
    action,
    Component: () => <AskAQuestion loaderData={useLoaderData<typeof loader>()} actionData={useActionData<typeof action>()} params={{}} matches={[] as never} />,
  },
];

/** What a browser without JavaScript gets for `request`: a redirect, or the page's HTML. */
async function serve(request: Request, context: AppLoadContext): Promise<{ redirect?: string; html?: string }> {
  const handler = createStaticHandler(routes);
  const result = await handler.query(request, { requestContext: context });
  if (result instanceof Response) return { redirect: result.headers.get('Location') ?? '' };
  return { html: renderToString(<StaticRouterProvider router={createStaticRouter(handler.dataRoutes, result)} context={result} />) };
}

const keyIn = (html: string) => /<input type="hidden" name="idempotencyKey" value="([^"]+)"/.exec(html)?.[1];

/** The form as a browser without JavaScript posts it: its fields, the hidden key and the empty honeypot. */
const posted = (key: string) =>
  new Request('http://church.example/ask-a-question', {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ email: 'lydia@example.org', question: 'Is there a crèche?', idempotencyKey: key, website: '' }).toString(),
  });

describe('the question form without JavaScript', () => {
  it('is rendered on the server with a key of its own each time', async () => {
    const { context } = fakeServer(() => ({ data: {} }));
    const [first, second] = [await serve(new Request('http://church.example/ask-a-question'), context), await serve(new Request('http://church.example/ask-a-question'), context)];
    expect(keyIn(first.html!)).toMatch(/^[0-9a-f-]{36}$/);
    expect(keyIn(second.html!)).toMatch(/^[0-9a-f-]{36}$/);
    expect(keyIn(first.html!)).not.toBe(keyIn(second.html!));
  });

  it('posts the key with the form, and after a failure renders the form again under the same key', async () => {
    const replies: GraphqlResult<unknown>[] = [{ errors: [{ message: 'The site is briefly unavailable. Please try again in a few seconds.', extensions: { code: 'SERVICE_UNAVAILABLE' } }] }, { data: { createQuestion: { id: '9' } } }];
    const { context, sent } = fakeServer(() => replies.shift()!);
    const page = await serve(new Request('http://church.example/ask-a-question'), context);
    const key = keyIn(page.html!)!;

    const failed = await serve(posted(key), context);
    expect(failed.html).toContain('The site is briefly unavailable');
    expect(keyIn(failed.html!)).toBe(key);

    expect(await serve(posted(keyIn(failed.html!)!), context)).toEqual({ redirect: '/success' });
    expect(sent.map((operation) => operation.options?.idempotencyKey)).toEqual([key, key]);
  });
});

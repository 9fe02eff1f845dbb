import { renderToString } from 'react-dom/server';
import { createStaticHandler, createStaticRouter, Outlet, StaticRouterProvider, useActionData, useLoaderData, type ActionFunction, type AppLoadContext, type LoaderFunction } from 'react-router';
import { describe, expect, it } from 'vitest';
import { mailingChoiceWording } from '@ministry/shared';
import { BOOKING, FREE, FULL, MAILING_LISTS, OPEN, PAID, programAnswer } from '../features/bookings/bookings.fixtures';
import type { BookingSettings } from '../features/bookings';
import type { GraphqlResult } from '../lib/graphql';
import { fakeServer, fieldError } from '../../test/doubles';
import PostDetails, { action, loader } from './post-details';

/** The program page as the server renders it for a browser without JavaScript: loader and action run, then the HTML. */
const routes = [
  {
    id: 'root',
    path: '/',
    loader: () => ({ publicUrl: 'https://church.example' }),
    Component: Outlet,
    children: [
      {
        id: 'post-details',
        path: 'post-details/:id',
        loader: loader as unknown as LoaderFunction,
        action: action as unknown as ActionFunction,
        Component: () => <PostDetails loaderData={useLoaderData<typeof loader>()} actionData={useActionData<typeof action>()} params={{ id: '41' }} matches={[] as never} />,
      },
    ],
  },
];

async function serve(request: Request, context: AppLoadContext): Promise<string> {
  const handler = createStaticHandler(routes);
  const result = await handler.query(request, { requestContext: context });
  if (result instanceof Response) throw new Error(`Unexpected response ${result.status}`);
  return renderToString(<StaticRouterProvider router={createStaticRouter(handler.dataRoutes, result)} context={result} />);
}

/** A server with this booking that answers a booking form with `reply`. */
function server(settings: BookingSettings | null, reply: GraphqlResult<unknown> = { data: { booking: { ...BOOKING, status: 'Held' } } }, occurrences = [OPEN]) {
  return fakeServer(({ query }) => programAnswer(query, settings, occurrences) ?? reply);
}

const page = () => new Request('http://church.example/post-details/41');
const posted = (fields: [string, string][]) =>
  new Request('http://church.example/post-details/41', {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams(fields).toString(),
  });

const VISITOR_FORM: [string, string][] = [
  ['postId', '41'],
  ['occurrenceStart', OPEN.start],
  ['places', '2'],
  ['names', 'Lydia Thyatira'],
  ['names', 'Junia Rome'],
  ['answers.dietary', 'Vegetarian'],
  ['answers.creche', 'Yes'],
  ['answers.session', ''],
  ['name', 'Lydia Thyatira'],
  ['email', 'lydia@example.org'],
  ['intent', 'book'],
];

describe('booking a free place without JavaScript', () => {
  it('shows the dates with the places left, the price, and a real form with a label on every field', async () => {
    const html = await serve(page(), server(FREE, undefined, [OPEN, FULL]).context);
    expect(html).toContain('12 places left');
    expect(html).toContain('Full: join the waiting list');
    expect(html).toContain('<p class="booking-price">Free</p>');
    expect(html).toMatch(/<form [^>]*action="\/post-details\/41" method="post"/);
    for (const label of ['Date and time', 'Number of places', 'Name for place 1', 'Dietary needs', 'Afternoon session', 'Your name', 'Your email']) expect(html).toContain(`>${label}`);
    expect(html).toContain('name="answers.creche" value="Yes"');
    expect(html).toMatch(/<button type="submit"[^>]*value="book" name="intent">Book<\/button>/);
  });

  it('sends the form to createBooking and tells the visitor to check their e-mail', async () => {
    const { context, sent } = server(FREE);
    const html = await serve(posted(VISITOR_FORM), context);
    expect(html).toContain('Check your e-mail to confirm your place');
    const booking = sent.find((operation) => operation.query.includes('createBooking'))!;
    expect(booking.variables).toEqual({
      postId: '41',
      occurrenceStart: OPEN.start,
      places: 2,
      names: ['Lydia Thyatira', 'Junia Rome'],
      answers: [
        { questionId: 'dietary', answer: 'Vegetarian' },
        { questionId: 'creche', answer: 'Yes' },
      ],
      name: 'Lydia Thyatira',
      email: 'lydia@example.org',
    });
  });

  it('offers a box for each public list, unticked, and sends a choice for every list shown, ticked or not', async () => {
    const form = await serve(page(), server(FREE).context);
    expect(form).toContain(`>${mailingChoiceWording(MAILING_LISTS[0])}</label>`);
    expect(form).toContain(`>${mailingChoiceWording(MAILING_LISTS[1])}</label>`);
    expect(form).toMatch(/<input type="checkbox" id="field-mailingChoices" name="mailing.3" value="yes"\/>/);
    expect(form).toContain('<input type="hidden" name="mailingShown" value="4"/>');

    const choices: [string, string][] = [['mailingShown', '3'], ['mailingShown', '4'], ['mailing.3', 'yes']];
    const { context, sent } = server(FREE, { errors: [fieldError('email', 'Enter your e-mail address')] });
    const html = await serve(posted([...VISITOR_FORM, ...choices]), context);
    const booking = sent.find((operation) => operation.query.includes('createBooking'))!;
    expect(booking.variables.mailingChoices).toEqual([
      { listId: '3', ticked: true },
      { listId: '4', ticked: false },
    ]);
    expect(html, 'the ticked box is ticked again on the page that shows the error').toContain('name="mailing.3" checked=""');
    expect(html).not.toContain('name="mailing.4" checked=""');
  });

  it("puts the server's message beside the answer it names, and keeps what was typed", async () => {
    const html = await serve(posted(VISITOR_FORM), server(FREE, { errors: [fieldError('answers.dietary', 'Please keep dietary needs short')] }).context);
    expect(html).toContain('<p class="field-error" id="field-answers.dietary-error">Please keep dietary needs short</p>');
    expect(html).toMatch(/id="field-answers.dietary"[^>]*aria-invalid="true"[^>]*aria-describedby="field-answers.dietary-error"/);
    expect(html).toContain('value="Junia Rome"');
    expect(html).toContain('value="lydia@example.org"');
  });

  it('joins the waiting list when the button says so', async () => {
    const { context, sent } = server(FREE, { data: { booking: { ...BOOKING, status: 'Waitlisted' } } }, [FULL]);
    const form = await serve(page(), context);
    expect(form).toMatch(/value="waitlist" name="intent">Join the waiting list</);
    const html = await serve(posted([...VISITOR_FORM.filter(([name]) => name !== 'intent'), ['intent', 'waitlist']]), context);
    expect(html).toContain('You are on the waiting list');
    expect(sent.some((operation) => operation.query.includes('joinWaitlist'))).toBe(true);
  });

  it('asks a visitor to log in for a paid place, and coming back here', async () => {
    const html = await serve(page(), server(PAID).context);
    expect(html).toContain('£12.00 a place');
    expect(html).toContain('href="/userLogin?next=%2Fpost-details%2F41"');
    expect(html).not.toContain('name="occurrenceStart"');
  });

  it('shows no booking on a program that takes none', async () => {
    const html = await serve(page(), server(null).context);
    expect(html).not.toContain('Book your place');
  });
});

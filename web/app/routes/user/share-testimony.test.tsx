import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createRoutesStub } from 'react-router';
import { describe, expect, it } from 'vitest';
import { answerGraphql, signIn } from '../../../test/doubles';
import MyTestimonies from './my-testimonies';
import ShareTestimony from './share-testimony';

const CONSENT = 'I agree that the church may publish my testimony on its website under the name I choose. I can withdraw this at any time.';

function renderShareTestimony() {
  signIn();
  const sent = answerGraphql(({ query }) => {
    if (query.includes('testimonyConsentText')) return { data: { testimonyConsentText: { version: '2026-11', text: CONSENT } } };
    if (query.includes('createPost')) return { data: { createPost: { id: '41' } } };
    return { data: { allPosts: [] } };
  });
  const Stub = createRoutesStub([
    { path: '/user/share-testimony', Component: ShareTestimony },
    { path: '/user/my-testimonies', Component: MyTestimonies },
  ]);
  render(<Stub initialEntries={['/user/share-testimony']} />);
  return { user: userEvent.setup(), sent };
}

async function fillIn(user: ReturnType<typeof userEvent.setup>) {
  await user.type(screen.getByRole('textbox', { name: /Title/ }), 'Healed after surgery');
  await user.type(screen.getByRole('textbox', { name: /Your testimony/ }), 'The doctors were amazed.');
}

const shares = (sent: ReturnType<typeof answerGraphql>) => sent.filter((operation) => operation.query.includes('createPost'));

describe('sharing a testimony', () => {
  it('shows the consent wording word for word, unticked, and sends nothing until the member agrees', async () => {
    const { user, sent } = renderShareTestimony();
    const consent = await screen.findByRole('checkbox', { name: CONSENT });
    expect((consent as HTMLInputElement).checked).toBe(false);

    await fillIn(user);
    await user.click(screen.getByRole('button', { name: 'Share testimony' }));

    const link = await screen.findByRole('link', { name: 'Please agree to your testimony being published' });
    await waitFor(() => expect(document.activeElement).toBe(screen.getByRole('alert')));
    await user.click(link);
    expect(document.activeElement).toBe(consent);
    expect(shares(sent)).toEqual([]);
  });

  it('publishes under the first name by default, and under the name the member picks', async () => {
    const { user, sent } = renderShareTestimony();
    expect((await screen.findByRole<HTMLInputElement>('radio', { name: 'My first name only' })).checked).toBe(true);

    await fillIn(user);
    await user.click(screen.getByRole('radio', { name: 'Anonymous' }));
    await user.click(screen.getByRole('checkbox', { name: CONSENT }));
    await user.click(screen.getByRole('button', { name: 'Share testimony' }));

    expect(await screen.findByText(/Thank you for sharing!/)).toBeTruthy();
    expect(shares(sent).map((operation) => operation.variables)).toEqual([
      { name: 'Healed after surgery', body: '<p>The doctors were amazed.</p>', image: null, consentToPublish: true, displayName: 'Anonymous' },
    ]);
  });
});

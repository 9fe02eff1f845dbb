import { mailingChoiceWording } from '@ministry/shared';
import { Form, Link, useNavigation } from 'react-router';
import { ErrorSummary, SubmitButton, TextField, useFocusFirstError } from '../components/form';
import { PageIntro } from '../components/page-intro';
import { MailingChoices } from '../components/mailing-choices';
import { loadNewsletters, signUp, type SignUpResult } from '../features/mailing';
import { loadPublicLists, type MailingList } from '../lib/mailing-choices';
import { formatDate } from '../lib/format';
import { serverGraphql } from '../lib/graphql';
import { pageMeta } from '../lib/meta';
import type { Route } from './+types/newsletters';
import './newsletters.css';

export async function loader({ context }: Route.LoaderArgs) {
  const graphql = serverGraphql(context);
  const [lists, newsletters] = await Promise.all([loadPublicLists(graphql), loadNewsletters(graphql)]);
  return { lists, newsletters };
}

/** A plain posted form, so signing up works before JavaScript has loaded. */
export async function action({ request, context }: Route.ActionArgs) {
  return signUp(serverGraphql(context), await request.formData());
}

export const meta: Route.MetaFunction = ({ matches }) => pageMeta(matches, 'Newsletters', 'Sign up to our e-mail newsletters, and read the ones we have sent.');

const CHECK_YOUR_EMAIL = 'Check your e-mail: we have sent a link to confirm. Nothing is sent before you confirm.';

/** Signing up here is asking for a list, whatever its basis elsewhere: the box says "Send me", as the server records it. */
const askFor = (list: MailingList) => mailingChoiceWording({ ...list, basis: 'Consent' });

export default function Newsletters({ loaderData, actionData }: Route.ComponentProps) {
  const { lists, newsletters } = loaderData;
  return (
    <>
      <PageIntro eyebrow="Keep in touch" title="Newsletters" lead="News, prayer points and events from our church family, by e-mail, only if you ask for them." />
      <section className="section narrow" aria-labelledby="newsletters-sign-up">
        <h2 id="newsletters-sign-up">Sign up</h2>
        {actionData?.done ? (
          <p className="form-success" role="status">
            {CHECK_YOUR_EMAIL}
          </p>
        ) : lists.length ? (
          <SignUpForm lists={lists} result={actionData} />
        ) : (
          <p>There are no lists to sign up to at the moment. Please come back soon.</p>
        )}
      </section>
      <section className="section narrow" aria-labelledby="newsletters-archive">
        <h2 id="newsletters-archive">Newsletters we have sent</h2>
        {newsletters.length ? (
          <ul className="newsletter-archive">
            {newsletters.map((newsletter) => (
              <li key={newsletter.id}>
                <Link to={`/newsletters/${newsletter.id}`}>{newsletter.subject}</Link>
                <p className="newsletter-meta">
                  <time dateTime={newsletter.sentAt}>{formatDate(newsletter.sentAt)}</time> · {newsletter.listName}
                </p>
              </li>
            ))}
          </ul>
        ) : (
          <p>We have not sent any newsletters yet.</p>
        )}
      </section>
    </>
  );
}

function SignUpForm({ lists, result }: { lists: MailingList[]; result?: SignUpResult }) {
  const navigation = useNavigation();
  const failed = result && !result.done ? result : undefined;
  const form = useFocusFirstError(failed?.errors);
  return (
    <Form method="post" noValidate ref={form} className="form-card">
      <ErrorSummary errors={failed?.errors} />
      <TextField name="email" label="Your e-mail address" type="email" autoComplete="email" required defaultValue={failed?.values.email ?? ''} error={failed?.errors.fields.email} />
      <MailingChoices lists={lists} values={failed?.values} legend="The lists you would like" wording={askFor} field="lists" error={failed?.errors.fields.lists} />
      <p className="form-note">
        We send a link to your address first: nothing else is sent until you open it. <Link to="/privacy">How we look after your information</Link>
      </p>
      <SubmitButton pending={navigation.state !== 'idle' && navigation.formMethod === 'POST'} pendingLabel="Signing you up…">
        Sign up
      </SubmitButton>
    </Form>
  );
}

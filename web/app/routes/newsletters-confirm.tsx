import { Form, Link, useNavigation } from 'react-router';
import { SubmitButton } from '../components/form';
import { PageIntro } from '../components/page-intro';
import { confirmSubscription, INVALID_CONFIRMATION, tokenPageHeaders } from '../features/mailing';
import { formText } from '../lib/form-data';
import { serverGraphql } from '../lib/graphql';
import { pageMeta } from '../lib/meta';
import type { Route } from './+types/newsletters-confirm';

export function loader({ request }: Route.LoaderArgs) {
  return { token: new URL(request.url).searchParams.get('token') ?? '' };
}

export async function action({ request, context }: Route.ActionArgs) {
  return confirmSubscription(serverGraphql(context), formText(await request.formData(), 'token'));
}

export const headers = tokenPageHeaders;

export const meta: Route.MetaFunction = ({ matches }) => [...pageMeta(matches, 'Confirm your subscription', 'Confirm the e-mails you asked us for.'), { name: 'referrer', content: 'no-referrer' }];

/**
 * The link mailed to someone who signed up. Opening it changes nothing (mail scanners follow every link): their
 * press of the button confirms the address and starts the list.
 */
export default function NewslettersConfirm({ loaderData, actionData }: Route.ComponentProps) {
  const navigation = useNavigation();
  if (actionData?.list) {
    return (
      <section className="section narrow confirmation" role="status">
        <h1>You are subscribed to {actionData.list.name}</h1>
        <p className="lead">Thank you. Every e-mail we send you has a link to stop it.</p>
        <p className="actions">
          <Link className="button ghost" to="/newsletters">
            Our newsletters
          </Link>
        </p>
      </section>
    );
  }
  const refused = !loaderData.token || actionData?.refused;
  const message = actionData?.message ?? (loaderData.token ? undefined : INVALID_CONFIRMATION);
  return (
    <>
      <PageIntro eyebrow="Newsletters" title="Confirm your subscription" />
      <section className="section narrow">
        {message && (
          <p className="form-alert" role="alert">
            {message}
          </p>
        )}
        {refused ? (
          <p>
            <Link to="/newsletters">Sign up again</Link> and we will send you a new link.
          </p>
        ) : (
          <Form method="post" className="form-card">
            <input type="hidden" name="token" value={loaderData.token} />
            <p>Press the button to confirm that you asked for our e-mails. If you did not, close this page and we will send you nothing.</p>
            <SubmitButton pending={navigation.state !== 'idle' && navigation.formMethod === 'POST'} pendingLabel="Confirming…">
              Confirm my subscription
            </SubmitButton>
          </Form>
        )}
      </section>
    </>
  );
}

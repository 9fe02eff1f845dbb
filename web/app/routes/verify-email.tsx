import { Form, Link, useNavigation } from 'react-router';
import { FormAlert, SubmitButton, TextField, useFocusFirstError } from '../components/form';
import { PageIntro } from '../components/page-intro';
import { confirmEmail } from '../features/accounts';
import { browserGraphql, serverGraphql } from '../lib/graphql';
import { pageMeta } from '../lib/meta';
import { useSession } from '../lib/session';
import type { Route } from './+types/verify-email';

export function loader({ request }: Route.LoaderArgs) {
  return { token: new URL(request.url).searchParams.get('token') ?? '' };
}

/** Without JavaScript: the form's password is the proof that the account is the visitor's. */
export async function action({ request, context }: Route.ActionArgs) {
  return confirmEmail(serverGraphql(context), await request.formData());
}

/** In the browser: a signed-in member's token goes with it, and shows the account is theirs without the password. */
export async function clientAction({ request }: Route.ClientActionArgs) {
  return confirmEmail(browserGraphql(), await request.formData());
}

// The address carries a live token: entry.server.tsx answers it `no-store`, and the referrer policy keeps it from other sites.
export const meta: Route.MetaFunction = ({ matches }) => [
  ...pageMeta(matches, 'Confirm your e-mail address', 'Confirm the e-mail address of your member account.'),
  { name: 'referrer', content: 'no-referrer' },
];

/**
 * Where the link mailed to a member's address leads. Opening the page confirms nothing: the member presses the
 * button. Mail scanners open every link in a message, and a visitor whose address someone else registered
 * should not confirm that stranger's account by looking at the link, nor by pressing the button: the server
 * confirms only for the account's owner, signed in as them or giving its password. So the page asks for the
 * password unless this browser is signed in, and whenever the server asks for it (signed in as someone else).
 */
export default function VerifyEmail({ loaderData, actionData }: Route.ComponentProps) {
  const navigation = useNavigation();
  const session = useSession();
  const errors = actionData && !actionData.done ? actionData.errors : undefined;
  const form = useFocusFirstError(errors);
  const askPassword = !session.loggedIn || !!errors?.fields.password;

  if (actionData?.done) {
    return (
      <section className="section narrow confirmation">
        <h1>Your e-mail address is confirmed</h1>
        <p className="lead">Thank you. Forms you have sent us with this address are now part of your account&rsquo;s data, which you can download or delete in My privacy.</p>
        <p className="actions">
          <Link className="button primary" to="/user/user-dashboard">
            Go to my member area
          </Link>
        </p>
      </section>
    );
  }

  return (
    <>
      <PageIntro eyebrow="Members" title="Confirm your e-mail address" />
      <section className="section narrow">
        {loaderData.token ? (
          <Form method="post" ref={form} className="form-card">
            <FormAlert message={errors?.message} />
            <input type="hidden" name="token" value={loaderData.token} />
            <p>Press the button to confirm that this e-mail address belongs to you. If you did not create an account with us, close this page and nothing changes.</p>
            {askPassword && (
              <TextField
                name="password"
                label="Your password"
                type="password"
                autoComplete="current-password"
                hint="The password of your member account, to show the account is yours."
                error={errors?.fields.password}
              />
            )}
            <SubmitButton pending={navigation.state !== 'idle' && navigation.formMethod === 'POST'} pendingLabel="Confirming…">
              Confirm my e-mail address
            </SubmitButton>
          </Form>
        ) : (
          <p>
            This link is missing its confirmation code. Please open the link from your e-mail again, or <Link to="/user/user-dashboard">sign in</Link> and ask for a new
            one.
          </p>
        )}
      </section>
    </>
  );
}

import { Form, Link, useNavigation } from 'react-router';
import { FormAlert, SubmitButton, TextField, useFocusFirstError } from '../components/form';
import { PageIntro } from '../components/page-intro';
import { resetPassword } from '../features/accounts';
import { pageMeta } from '../lib/meta';
import type { Route } from './+types/reset-password';
import { serverGraphql } from '../lib/graphql';

export function loader({ request }: Route.LoaderArgs) {
  return { token: new URL(request.url).searchParams.get('token') ?? '' };
}

export async function action({ request, context }: Route.ActionArgs) {
  return resetPassword(serverGraphql(context), await request.formData());
}

export const meta: Route.MetaFunction = ({ matches }) => [...pageMeta(matches, 'Choose a new password', 'Choose a new password for your member account.'), { name: 'referrer', content: 'no-referrer' }];

export default function ResetPassword({ loaderData, actionData }: Route.ComponentProps) {
  const navigation = useNavigation();
  const errors = actionData && !actionData.done ? actionData.errors : undefined;
  const form = useFocusFirstError(errors);

  if (actionData?.done) {
    return (
      <section className="section narrow confirmation">
        <h1>Your password has been changed</h1>
        <p className="lead">You can now log in with your new password.</p>
        <p className="actions">
          <Link className="button primary" to="/userlogin">
            Log in
          </Link>
        </p>
      </section>
    );
  }

  return (
    <>
      <PageIntro eyebrow="Members" title="Choose a new password" />
      <section className="section narrow">
        {loaderData.token ? (
          <Form method="post" noValidate ref={form} className="form-card">
            <FormAlert message={errors?.message} />
            <input type="hidden" name="token" value={loaderData.token} />
            <TextField name="newPassword" label="New password" type="password" autoComplete="new-password" hint="At least 8 characters." required error={errors?.fields.newPassword} />
            <SubmitButton pending={navigation.state !== 'idle' && navigation.formMethod === 'POST'} pendingLabel="Saving…">
              Reset password
            </SubmitButton>
          </Form>
        ) : (
          <p>
            This link is missing its reset code. Please open the link from your e-mail again, or <Link to="/password">ask for a new one</Link>.
          </p>
        )}
      </section>
    </>
  );
}

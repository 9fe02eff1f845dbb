import { Form, Link, redirect, useNavigation, useSearchParams } from 'react-router';
import { ErrorSummary, SubmitButton, TextField, useFocusFirstError } from '../components/form';
import { PageIntro } from '../components/page-intro';
import { logIn, safeNext } from '../features/accounts';
import { pageMeta } from '../lib/meta';
import type { Route } from './+types/login';
import { formText } from '../lib/form-data';

/** Runs in the browser: the session (and its token) lives in this browser's storage. */
export async function clientAction({ request }: Route.ClientActionArgs) {
  const form = await request.formData();
  const email = formText(form, 'email').trim();
  const errors = await logIn(email, formText(form, 'password'));
  if (errors) return { errors, email };
  throw redirect(safeNext(new URL(request.url).searchParams.get('next')));
}

export const meta: Route.MetaFunction = ({ matches }) => pageMeta(matches, 'Member login', 'Log in to your member area to make prayer requests, share testimonies, give and order books.');

export default function Login({ actionData }: Route.ComponentProps) {
  const navigation = useNavigation();
  const [params] = useSearchParams();
  const form = useFocusFirstError(actionData?.errors);
  const errors = actionData?.errors.fields ?? {};
  return (
    <>
      <PageIntro eyebrow="Members" title="Member login" />
      <section className="section narrow">
        <Form method="post" noValidate ref={form} className="form-card">
          {params.get('registered') && (
            <p className="form-success" role="status">
              Your account has been created. Please log in.
            </p>
          )}
          {params.get('next') && !actionData && <p className="form-note">Please log in to continue.</p>}
          <ErrorSummary errors={actionData?.errors} />
          <TextField name="email" label="Email" type="email" autoComplete="email" error={errors.email} defaultValue={actionData?.email} />
          <TextField name="password" label="Password" type="password" autoComplete="current-password" error={errors.password} />
          <SubmitButton pending={navigation.state !== 'idle' && navigation.formMethod === 'POST'} pendingLabel="Logging in…">
            Login
          </SubmitButton>
          <p className="form-footer">
            <Link to="/password">Forgot your password? Reset it</Link>
          </p>
          <p className="form-footer">
            New here?{' '}
            <Link className="button ghost" to="/register">
              Create An Account
            </Link>
          </p>
        </Form>
      </section>
    </>
  );
}

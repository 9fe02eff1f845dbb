import { Form, useNavigation } from 'react-router';
import { SubmitButton, TextField, useFocusFirstError } from '../components/form';
import { PageIntro } from '../components/page-intro';
import { requestReset } from '../features/accounts';
import { pageMeta } from '../lib/meta';
import type { Route } from './+types/password';
import { serverGraphql } from '../lib/graphql';

export async function action({ request, context }: Route.ActionArgs) {
  return requestReset(serverGraphql(context), await request.formData());
}

export const meta: Route.MetaFunction = ({ matches }) => pageMeta(matches, 'Reset your password', 'Forgotten your password? We will e-mail you a link to choose a new one.');

export default function Password({ actionData }: Route.ComponentProps) {
  const navigation = useNavigation();
  const form = useFocusFirstError(actionData?.errors);
  return (
    <>
      <PageIntro eyebrow="Members" title="Reset your password" lead="Enter the e-mail address of your account and we will send you a link to choose a new password." />
      <section className="section narrow">
        <Form method="post" noValidate ref={form} className="form-card">
          <TextField name="email" label="Email" type="email" autoComplete="email" required error={actionData?.errors.fields.email} defaultValue={actionData?.values.email} />
          <SubmitButton pending={navigation.state !== 'idle' && navigation.formMethod === 'POST'} pendingLabel="Sending…">
            Submit
          </SubmitButton>
        </Form>
      </section>
    </>
  );
}

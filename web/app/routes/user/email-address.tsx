import { useState } from 'react';
import { FormAlert, SubmitButton, TextField, useFocusFirstError } from '../../components/form';
import { useChangeEmail, useMyAddress, type MyAddress } from '../../features/member/email-address';
import type { FormErrors } from '../../lib/graphql';
import { formText } from '../../lib/form-data';
import { pageMeta } from '../../lib/meta';
import type { Route } from './+types/email-address';

export const meta: Route.MetaFunction = ({ matches }) => pageMeta(matches, 'My e-mail address', 'See and change the e-mail address of your account.');

/** The member's address, whether it is confirmed, and a form to use another once that one is confirmed too. */
export default function EmailAddressPage() {
  const read = useMyAddress();
  const changeEmail = useChangeEmail();
  const [changed, setChanged] = useState<MyAddress | null>(null);
  const [sending, setSending] = useState(false);
  const [errors, setErrors] = useState<FormErrors | null>(null);
  const form = useFocusFirstError(errors);
  const me = changed ?? read.data?.me;

  const submit = async (event: React.FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const formElement = event.currentTarget;
    const data = new FormData(formElement);
    setSending(true);
    const result = await changeEmail(formText(data, 'email').trim(), formText(data, 'password'));
    setSending(false);
    if ('errors' in result) return setErrors(result.errors);
    setErrors(null);
    setChanged(result.address);
    formElement.reset();
  };

  return (
    <>
      <h1>My e-mail address</h1>
      {read.failed && !me && <p role="alert">Your e-mail address could not be loaded. Please try again.</p>}
      {me && (
        <p className="lead">
          You sign in with <strong>{me.email}</strong>, and it is {me.emailVerified ? 'confirmed' : 'not confirmed yet'}.
        </p>
      )}
      {me?.pendingEmail && (
        <p className="form-success" role="status">
          We have sent a link to {me.pendingEmail}. Your account changes to that address when you open it; until then it keeps {me.email}.
        </p>
      )}
      <h2>Use another address</h2>
      <form noValidate ref={form} onSubmit={(event) => void submit(event)} className="form-card">
        <FormAlert message={errors?.message} />
        <TextField name="email" label="New e-mail address" type="email" autoComplete="email" required error={errors?.fields.email} />
        <TextField name="password" label="Your password" type="password" autoComplete="current-password" required error={errors?.fields.password} />
        <p className="form-note">We send a link to the new address. Nothing changes until you open it, so a mistyped address cannot lock you out.</p>
        <SubmitButton pending={sending} pendingLabel="Sending…">
          Send a link to the new address
        </SubmitButton>
      </form>
    </>
  );
}

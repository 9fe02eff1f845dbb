import { Form, Link, useNavigation } from 'react-router';
import { FormAlert, Honeypot, SubmitButton, useFocusFirstError } from '../../components/form';
import type { RequestFormResult } from './submit-request';

/**
 * The frame of every public request form: posts to the page's own action, shows the server's first message
 * in red (fields show theirs), moves focus to what needs fixing, and reads 'submitting, please wait' meanwhile.
 */
export function RequestForm({ result, submitLabel, children }: { result?: RequestFormResult; submitLabel: string; children: React.ReactNode }) {
  const navigation = useNavigation();
  const form = useFocusFirstError(result?.errors);
  const pending = navigation.state !== 'idle' && navigation.formMethod === 'POST';
  return (
    <Form method="post" noValidate ref={form} className="form-card">
      <FormAlert message={result?.errors.message} />
      {children}
      <Honeypot />
      <p className="form-note">
        We use what you send only to answer you and care for you. <Link to="/privacy">How we look after your information</Link>
      </p>
      <SubmitButton pending={pending}>{submitLabel}</SubmitButton>
    </Form>
  );
}

/** The message and typed value of one field after a failed submission. */
export function fieldState(result: RequestFormResult | undefined, name: string) {
  return { error: result?.errors.fields[name], defaultValue: result?.values[name] ?? '' };
}

import { Form, Link, useNavigation } from 'react-router';
import { ErrorSummary, Honeypot, SubmitButton, useFocusFirstError } from '../../components/form';
import { IDEMPOTENCY_FIELD, type RequestFormResult } from './submit-request';

/**
 * The frame of every public request form: posts to the page's own action, sums up every problem at the top
 * (fields show theirs too) and moves focus there, and reads 'submitting, please wait' meanwhile.
 * It carries the idempotency key of this render (`idempotencyKey`, from the page's loader), or the one a failed
 * submission was sent under, so sending it again cannot store it twice.
 */
export function RequestForm({ result, idempotencyKey, submitLabel, children }: { result?: RequestFormResult; idempotencyKey: string; submitLabel: string; children: React.ReactNode }) {
  const navigation = useNavigation();
  const form = useFocusFirstError(result?.errors);
  const pending = navigation.state !== 'idle' && navigation.formMethod === 'POST';
  return (
    <Form method="post" noValidate ref={form} className="form-card">
      <ErrorSummary errors={result?.errors} />
      {children}
      <input type="hidden" name={IDEMPOTENCY_FIELD} value={result?.idempotencyKey ?? idempotencyKey} />
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

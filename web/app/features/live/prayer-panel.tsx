import { useState } from 'react';
import { Link } from 'react-router';
import { ErrorSummary, SubmitButton, TextArea, TextField, useFocusFirstError } from '../../components/form';
import { formText } from '../../lib/form-data';
import { ALREADY_SENT, browserGraphql, failureOf, keyRefused, type FormErrors } from '../../lib/graphql';
import { useSession } from '../../lib/session';

/** Only a signed-in member files a prayer request (the server's rule); it reaches the pastors' care inbox. */
const CREATE_PRAYER_REQUEST = `mutation LivePrayerRequest($title: String!, $body: String!) {
  createPrayerRequest(title: $title, body: $body, privacy: PastorsOnly) { id }
}`;

const SIGN_IN = `/userLogin?next=${encodeURIComponent('/live')}`;

/** "Send a prayer request" beside the stream: a short form for members, the way to sign in for visitors. */
export function PrayerPanel() {
  const session = useSession();
  return (
    <section className="live-prayer" aria-labelledby="live-prayer-heading">
      <h2 id="live-prayer-heading">Send a prayer request</h2>
      {session.loggedIn ? (
        <PrayerForm />
      ) : (
        <p>
          Our pastors pray for every request during the week. <Link to={SIGN_IN}>Log in</Link> or <Link to="/register">create an account</Link> to send one from here.
        </p>
      )}
    </section>
  );
}

function PrayerForm() {
  const [errors, setErrors] = useState<FormErrors | null>(null);
  const [sending, setSending] = useState(false);
  const [sent, setSent] = useState(false);
  // One key until the server has the request, so sending again after an error cannot store it twice.
  const [idempotencyKey, setIdempotencyKey] = useState(() => crypto.randomUUID());
  const form = useFocusFirstError(errors);

  const submit = async (event: React.FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const data = new FormData(event.currentTarget);
    const formElement = event.currentTarget;
    setSending(true);
    const result = await browserGraphql().request(CREATE_PRAYER_REQUEST, { title: formText(data, 'title').trim(), body: formText(data, 'body').trim() }, { idempotencyKey });
    setSending(false);
    if (keyRefused(result.errors)) {
      setIdempotencyKey(crypto.randomUUID());
      setErrors({ fields: {}, message: ALREADY_SENT });
      return;
    }
    const failure = failureOf(result);
    setErrors(failure);
    if (failure) return;
    setSent(true);
    setIdempotencyKey(crypto.randomUUID());
    formElement.reset();
  };

  return (
    <form noValidate ref={form} onSubmit={(event) => void submit(event)} className="form-card">
      <p role="status">{sent ? 'Thank you. Your prayer request has been sent to our pastors.' : ''}</p>
      <ErrorSummary errors={errors} />
      <TextField name="title" label="Title" required error={errors?.fields.title} />
      <TextArea name="body" label="Your prayer request" rows={4} required error={errors?.fields.body} hint="Only our pastors will read it." />
      <SubmitButton pending={sending}>Send prayer request</SubmitButton>
    </form>
  );
}

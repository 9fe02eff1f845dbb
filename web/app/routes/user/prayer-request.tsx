import { useState } from 'react';
import { useNavigate } from 'react-router';
import { FormAlert, SubmitButton, TextArea, TextField, useFocusFirstError } from '../../components/form';
import { useCreatePrayerRequest } from '../../features/member/prayer-requests';
import type { FormErrors } from '../../lib/graphql';
import { pageMeta } from '../../lib/meta';
import type { Route } from './+types/prayer-request';
import { formText } from '../../lib/form-data';

export const meta: Route.MetaFunction = ({ matches }) => pageMeta(matches, 'Make a prayer request', 'Send a prayer request to our prayer team.');

export default function PrayerRequestPage() {
  const navigate = useNavigate();
  const create = useCreatePrayerRequest();
  const [sending, setSending] = useState(false);
  const [errors, setErrors] = useState<FormErrors | null>(null);
  const form = useFocusFirstError(errors);

  const submit = async (event: React.FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const data = new FormData(event.currentTarget);
    setSending(true);
    const failure = await create({ title: formText(data, 'title').trim(), body: formText(data, 'body').trim() });
    if (failure) {
      setSending(false);
      setErrors(failure);
      return;
    }
    void navigate('/user/user-dashboard', { state: { notice: 'Thank you. Your prayer request has been sent to our prayer team.' } });
  };

  return (
    <>
      <h1>Make a prayer request</h1>
      <p className="lead">Share what is on your heart. Only our pastors and prayer team will read it.</p>
      <form noValidate ref={form} onSubmit={(event) => void submit(event)} className="form-card">
        <FormAlert message={errors?.message} />
        <TextField name="title" label="Title" required error={errors?.fields.title} />
        <TextArea name="body" label="Your prayer request" rows={7} required error={errors?.fields.body} />
        <SubmitButton pending={sending}>Send prayer request</SubmitButton>
      </form>
    </>
  );
}

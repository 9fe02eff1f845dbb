import { useState } from 'react';
import { useNavigate } from 'react-router';
import { ErrorSummary, RadioGroup, SubmitButton, TextArea, TextField, useFocusFirstError } from '../../components/form';
import { PRIVACY_CHOICES, useCreatePrayerRequest, WALL_NAME_CHOICES, type PrayerPrivacy, type PrayerWallName } from '../../features/member/prayer-requests';
import type { FormErrors } from '../../lib/graphql';
import { pageMeta } from '../../lib/meta';
import type { Route } from './+types/prayer-request';
import { formText } from '../../lib/form-data';

export const meta: Route.MetaFunction = ({ matches }) => pageMeta(matches, 'Make a prayer request', 'Send a prayer request to our pastors, and choose who else may read it.');

const THANKS: Record<PrayerPrivacy, string> = {
  PastorsOnly: 'Thank you. Your prayer request has been sent to our pastors.',
  PrayerTeam: 'Thank you. Your prayer request has been sent to our pastors and prayer team.',
  PrayerWall: 'Thank you. Your prayer request has been sent to our pastors. It will appear on the prayer wall once a pastor approves it.',
};

export default function PrayerRequestPage() {
  const navigate = useNavigate();
  const create = useCreatePrayerRequest();
  const [privacy, setPrivacy] = useState<PrayerPrivacy>('PastorsOnly');
  // Anonymous until the member chooses otherwise: nothing about them is published by default.
  const [wallName, setWallName] = useState<PrayerWallName>('Anonymous');
  const [sending, setSending] = useState(false);
  const [errors, setErrors] = useState<FormErrors | null>(null);
  const form = useFocusFirstError(errors);
  const onWall = privacy === 'PrayerWall';

  const submit = async (event: React.FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const data = new FormData(event.currentTarget);
    setSending(true);
    const failure = await create({ title: formText(data, 'title').trim(), body: formText(data, 'body').trim(), privacy, ...(onWall && { wallName }) });
    if (failure) {
      setSending(false);
      setErrors(failure);
      return;
    }
    void navigate('/user/user-dashboard', { state: { notice: THANKS[privacy] } });
  };

  return (
    <>
      <h1>Make a prayer request</h1>
      <p className="lead">Share what is on your heart. Our pastors read every request, and you choose who else may read it.</p>
      <form noValidate ref={form} onSubmit={(event) => void submit(event)} className="form-card">
        <ErrorSummary errors={errors} />
        <TextField name="title" label="Title" required error={errors?.fields.title} />
        <TextArea name="body" label="Your prayer request" rows={7} required error={errors?.fields.body} />
        <RadioGroup name="privacy" legend="Who may read it?" options={PRIVACY_CHOICES} value={privacy} onChange={setPrivacy} error={errors?.fields.privacy} />
        {onWall && <RadioGroup name="wallName" legend="Your name on the prayer wall" options={WALL_NAME_CHOICES} value={wallName} onChange={setWallName} error={errors?.fields.wallName} />}
        <p className="form-note">Shared requests leave the prayer team and the wall after 30 days unless you renew them. You can close a request or make it more private at any time.</p>
        <SubmitButton pending={sending}>Send prayer request</SubmitButton>
      </form>
    </>
  );
}

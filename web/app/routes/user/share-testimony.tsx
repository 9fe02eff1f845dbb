import { useState } from 'react';
import { useNavigate } from 'react-router';
import { ErrorSummary, SubmitButton, TextArea, TextField, useFocusFirstError } from '../../components/form';
import { DisplayNameChoice, PublishConsent } from '../../features/member/consent-fields';
import { textToHtml, uploadTestimonyImage, useShareTestimony, useTestimonyConsentText, type TestimonyDisplayName } from '../../features/member/testimonies';
import type { FormErrors } from '../../lib/graphql';
import { pageMeta } from '../../lib/meta';
import type { Route } from './+types/share-testimony';
import { formText } from '../../lib/form-data';

export const meta: Route.MetaFunction = ({ matches }) => pageMeta(matches, 'Share a testimony', 'Tell the church family what God has done.');

const CONSENT_NEEDED = 'Please agree to your testimony being published';

export default function ShareTestimony() {
  const navigate = useNavigate();
  const share = useShareTestimony();
  const consent = useTestimonyConsentText();
  const [sending, setSending] = useState(false);
  const [errors, setErrors] = useState<FormErrors | null>(null);
  const form = useFocusFirstError(errors);

  const submit = async (event: React.FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const data = new FormData(event.currentTarget);
    // Checked here as well as by the server, so a picture is not uploaded for a testimony that cannot be kept.
    if (data.get('consentToPublish') !== 'yes') {
      setErrors({ fields: { consentToPublish: CONSENT_NEEDED } });
      return;
    }
    const file = data.get('image');
    setSending(true);
    let image: string | null = null;
    if (file instanceof File && file.size > 0) {
      const uploaded = await uploadTestimonyImage(file);
      if ('error' in uploaded) {
        setSending(false);
        setErrors({ fields: { image: uploaded.error } });
        return;
      }
      image = uploaded.url;
    }
    const failure = await share({
      name: formText(data, 'name').trim(),
      body: textToHtml(formText(data, 'body')),
      image,
      consentToPublish: true,
      displayName: formText(data, 'displayName') as TestimonyDisplayName,
    });
    if (failure) {
      setSending(false);
      setErrors(failure);
      return;
    }
    void navigate('/user/my-testimonies', { state: { notice: 'Thank you for sharing! Your testimony will appear on the site once a pastor has read it.' } });
  };

  const consentText = consent.data?.testimonyConsentText.text;
  return (
    <>
      <h1>Share a testimony</h1>
      <p className="lead">What has God done in your life? Your story could be the encouragement someone needs today.</p>
      <form noValidate ref={form} onSubmit={(event) => void submit(event)} className="form-card">
        <ErrorSummary errors={errors} />
        <TextField name="name" label="Title" required error={errors?.fields.name} />
        <TextArea name="body" label="Your testimony" rows={9} hint="Leave an empty line between paragraphs." required error={errors?.fields.body} />
        <TextField name="image" label="A picture (optional)" type="file" accept="image/jpeg,image/png,image/webp,image/avif,image/gif" error={errors?.fields.image} />
        <DisplayNameChoice />
        {consentText && <PublishConsent text={consentText} error={errors?.fields.consentToPublish} />}
        {consent.loading && !consentText && <p role="status">Loading the consent wording…</p>}
        {consent.failed && <p className="form-alert">The consent wording could not be loaded, so your testimony cannot be shared just now. Please reload the page.</p>}
        <SubmitButton pending={sending}>Share testimony</SubmitButton>
      </form>
    </>
  );
}

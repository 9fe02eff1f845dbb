import { Typography } from '@mui/material';
import { useEffect, useState } from 'react';
import { FormDataConsumer, TextInput } from 'react-admin';
import { useLoaded } from '../common/useLoaded';
import { useAdminDataProvider } from '../data/useAdminDataProvider';

/** How long typing must pause before the passages are checked, so a check is not sent for every key. */
const PAUSE_MS = 400;

/** The saved passages are a list; the form edits them as one line, the way people write them. */
export const passagesText = (value: unknown): string => (Array.isArray(value) ? value.join('; ') : typeof value === 'string' ? value : '');

function usePaused(text: string) {
  const [paused, setPaused] = useState(text);
  useEffect(() => {
    const timer = setTimeout(() => setPaused(text), PAUSE_MS);
    return () => clearTimeout(timer);
  }, [text]);
  return paused;
}

/** Under the passages, as the person types: what will be saved, and any part that is not a Bible reference. */
const PassagesFeedback = ({ typed }: { typed: unknown }) => {
  const dataProvider = useAdminDataProvider();
  const text = usePaused(passagesText(typed).trim());
  const { data, error } = useLoaded(text || undefined, () => dataProvider.checkPassages(text));
  if (!text) return null;
  return (
    <Typography role="status" variant="body2" component="div" sx={{ mt: -1, mb: 2 }}>
      {error && <span>The passages could not be checked just now: {error}</span>}
      {data && data.passages.length > 0 && <div>Will be saved as: {data.passages.join(', ')}</div>}
      {data && data.unrecognised.length > 0 && (
        <div style={{ color: '#b3261e' }}>
          Not recognised as a Bible reference: {data.unrecognised.map((part) => `“${part}”`).join(', ')}. Please check the spelling, for example
          “John 3:16-18” or “Ps 23”.
        </div>
      )}
    </Typography>
  );
};

/** The Bible passages of a sermon, typed freely ("Jn 3:16-18; Ps 23") and checked as they are typed. */
export const PassagesInput = () => (
  <>
    <TextInput
      source="passages"
      label="Bible passages"
      format={passagesText}
      helperText="Separate passages with a semicolon, for example: Jn 3:16-18; Ps 23"
      fullWidth
    />
    <FormDataConsumer>{({ formData }) => <PassagesFeedback typed={(formData as { passages?: unknown }).passages} />}</FormDataConsumer>
  </>
);

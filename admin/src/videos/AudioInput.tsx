import { Alert, Box, Button, Typography } from '@mui/material';
import { useId, useState, type ChangeEvent } from 'react';
import { useInput, useRecordContext } from 'react-admin';
import { currentToken } from '../auth/session';
import { formatDuration, formatSize, uploadAudio } from './audioUpload';

type Recording = { bytes?: number | null; durationSeconds?: number | null };
type Upload = { state: 'idle' } | { state: 'uploading'; name: string } | { state: 'done'; recording: Recording } | { state: 'failed'; reason: string };

/**
 * The sermon's recording: the file is uploaded as soon as it is chosen, and the form keeps the address the
 * server answers in `audio`. Length and size are shown so the person can see the right file went up.
 */
export const AudioInput = () => {
  const { field } = useInput({ source: 'audio' });
  const record = useRecordContext<{ audio?: string | null; audioBytes?: number | null; audioDurationSeconds?: number | null }>();
  const [upload, setUpload] = useState<Upload>({ state: 'idle' });
  const inputId = useId();
  const saved: Recording | undefined = record?.audio && field.value === record.audio ? { bytes: record.audioBytes, durationSeconds: record.audioDurationSeconds } : undefined;
  const recording = upload.state === 'done' ? upload.recording : saved;

  const choose = async (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    event.target.value = '';
    if (!file) return;
    setUpload({ state: 'uploading', name: file.name });
    try {
      const answer = await uploadAudio(file, currentToken());
      field.onChange(answer.url);
      setUpload({ state: 'done', recording: { bytes: answer.bytes, durationSeconds: answer.durationSeconds } });
    } catch (error) {
      setUpload({ state: 'failed', reason: error instanceof Error ? error.message : String(error) });
    }
  };

  const remove = () => {
    field.onChange('');
    setUpload({ state: 'idle' });
  };

  return (
    <Box sx={{ mb: 2 }}>
      <Typography variant="subtitle1" component="h3">
        Audio recording
      </Typography>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
        An MP3 or M4A file of the sermon. It is needed for the podcast.
      </Typography>
      <div role="status">
        {upload.state === 'uploading' && <Typography>Uploading {upload.name}… This can take a few minutes for a long recording.</Typography>}
        {upload.state === 'failed' && <Alert severity="error">{upload.reason}</Alert>}
        {field.value && upload.state !== 'uploading' && (
          <Typography>
            {upload.state === 'done' ? 'Uploaded' : 'Recording attached'}: {formatDuration(recording?.durationSeconds)}, {formatSize(recording?.bytes)}.
            {upload.state === 'done' && ' Save the sermon to keep it.'}
          </Typography>
        )}
      </div>
      {field.value && upload.state !== 'uploading' && <audio controls preload="none" src={field.value as string} style={{ display: 'block', margin: '8px 0' }} />}
      <Box sx={{ display: 'flex', gap: 1, alignItems: 'center' }}>
        <Button component="label" htmlFor={inputId} variant="outlined" disabled={upload.state === 'uploading'}>
          {field.value ? 'Replace the recording' : 'Choose a recording'}
        </Button>
        <input id={inputId} type="file" accept="audio/mpeg,audio/mp4,audio/x-m4a,.mp3,.m4a" aria-label="Audio recording file" onChange={(event) => void choose(event)} hidden />
        {field.value && upload.state !== 'uploading' && (
          <Button onClick={remove} color="warning">
            Remove the recording
          </Button>
        )}
      </Box>
    </Box>
  );
};

import { Alert, Box, Button, Typography } from '@mui/material';
import { useId, useState, type ChangeEvent } from 'react';
import { useInput } from 'react-admin';
import { currentToken } from '../auth/session';
import { createUploader } from '../data/uploads';

/**
 * The podcast's cover: uploaded as soon as it is chosen, so the server's reason for refusing it (podcast apps
 * want a square picture of 1400 to 3000 pixels a side) is shown at once; the form keeps the answered address.
 */
export const PodcastArtworkInput = () => {
  const { field } = useInput({ source: 'podcastArtwork' });
  const [state, setState] = useState<{ uploading?: boolean; refused?: string }>({});
  const inputId = useId();

  const choose = async (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    event.target.value = '';
    if (!file) return;
    setState({ uploading: true });
    try {
      const { url } = await createUploader(currentToken)(file, 'podcast');
      field.onChange(url);
      setState({});
    } catch (error) {
      setState({ refused: error instanceof Error ? error.message : String(error) });
    }
  };

  return (
    <Box sx={{ mb: 2 }}>
      <Typography variant="subtitle1" component="h3">
        Podcast cover picture
      </Typography>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
        A square picture, between 1400 and 3000 pixels wide, as podcast apps require.
      </Typography>
      {field.value && <img src={field.value as string} alt="The podcast’s cover picture" style={{ width: 160, height: 160, objectFit: 'cover', display: 'block', marginBottom: 8 }} />}
      <div role="status">
        {state.uploading && <Typography>Uploading…</Typography>}
        {state.refused && <Alert severity="error">The picture was not accepted: {state.refused}</Alert>}
      </div>
      <Box sx={{ display: 'flex', gap: 1 }}>
        <Button component="label" htmlFor={inputId} variant="outlined" disabled={state.uploading}>
          {field.value ? 'Replace the picture' : 'Choose a picture'}
        </Button>
        <input id={inputId} type="file" accept="image/jpeg,image/png,image/webp" aria-label="Podcast cover picture file" onChange={(event) => void choose(event)} hidden />
        {field.value && (
          <Button color="warning" onClick={() => field.onChange(null)}>
            Remove the picture
          </Button>
        )}
      </Box>
    </Box>
  );
};

import { Alert, Box, Button, Card, CardContent, CircularProgress, Typography } from '@mui/material';
import { useState } from 'react';
import { Confirm, Title, useCreatePath, useNotify } from 'react-admin';
import { useNavigate } from 'react-router';
import { useLoaded } from '../common/useLoaded';
import { useAdminDataProvider } from '../data/useAdminDataProvider';
import type { LiveStream, LiveStatus } from './liveApi';
import { LiveStreamForm } from './LiveStreamForm';
import { londonWords } from './londonTime';

const STATUS_WORDS: Record<LiveStatus, string> = {
  Upcoming: 'Coming up',
  Live: 'Live now',
  Ended: 'Finished',
};

/** The stream as the live page shows it now, with what can be done with it. */
const CurrentStream = ({ stream, onCleared }: { stream: LiveStream; onCleared: () => void }) => {
  const dataProvider = useAdminDataProvider();
  const notify = useNotify();
  const navigate = useNavigate();
  const createPath = useCreatePath();
  const [confirming, setConfirming] = useState(false);
  const [busy, setBusy] = useState(false);

  const act = async (action: () => Promise<void>) => {
    setBusy(true);
    try {
      await action();
    } catch (error) {
      notify(error instanceof Error ? error.message : String(error), { type: 'error' });
    } finally {
      setBusy(false);
    }
  };

  const takeDown = () =>
    act(async () => {
      setConfirming(false);
      await dataProvider.clearLiveStream();
      notify('The stream was taken down from the live page', { type: 'success' });
      onCleared();
    });

  const makeSermon = () =>
    act(async () => {
      const id = await dataProvider.liveStreamToSermon();
      notify('The sermon was made: add its Bible passages and audio, then save', { type: 'success' });
      void navigate(createPath({ resource: 'videos', type: 'edit', id }));
    });

  const sermonPath = stream.sermonId ? createPath({ resource: 'videos', type: 'edit', id: stream.sermonId }) : undefined;

  return (
    <Box sx={{ mb: 3 }}>
      <Typography variant="h6" component="h3">
        {stream.title} ({STATUS_WORDS[stream.status]})
      </Typography>
      <Typography>
        From {londonWords(stream.startsAt)} to {londonWords(stream.endsAt)} (London time)
      </Typography>
      <Typography color="text.secondary">
        {stream.video ? `YouTube: ${stream.video}` : stream.hlsUrl ? `Streaming address: ${stream.hlsUrl}` : 'No video given yet: the page shows the times only.'}
      </Typography>
      {stream.serviceSheetUrl && <Typography color="text.secondary">Service sheet: {stream.serviceSheetUrl}</Typography>}
      <Box sx={{ display: 'flex', gap: 1, mt: 2, flexWrap: 'wrap' }}>
        {stream.status === 'Ended' && !sermonPath && (
          <Button variant="contained" onClick={() => void makeSermon()} disabled={busy}>
            Make a sermon of this stream
          </Button>
        )}
        {sermonPath && (
          <Button variant="outlined" onClick={() => void navigate(sermonPath)}>
            Open the sermon made of it
          </Button>
        )}
        <Button color="warning" variant="outlined" onClick={() => setConfirming(true)} disabled={busy}>
          Take the stream down
        </Button>
      </Box>
      <Confirm
        isOpen={confirming}
        title="Take the stream down?"
        content="The live page will show the next service time instead. A sermon already made of it stays."
        confirm="Take it down"
        onConfirm={() => void takeDown()}
        onClose={() => setConfirming(false)}
      />
    </Box>
  );
};

/**
 * The live page's stream: what visitors see now (or next), a form to set it, and afterwards a sermon made of it,
 * so the recording joins the other sermons with its passages and audio.
 */
export const LiveStreamPage = () => {
  const dataProvider = useAdminDataProvider();
  const notify = useNotify();
  const { data, error, reload } = useLoaded('stream', async () => ({ stream: await dataProvider.readLiveStream() }));

  const saved = () => {
    notify('The live page shows this stream now', { type: 'success' });
    reload();
  };

  return (
    <Card sx={{ mt: 2 }}>
      <Title title="Live stream" />
      <CardContent>
        <Typography variant="h5" component="h2" gutterBottom>
          Live stream
        </Typography>
        <Typography variant="body2" sx={{ maxWidth: '60em', mb: 2 }}>
          The website’s live page shows one stream: the one under way, or else the next one. Set it before the service; afterwards, make a
          sermon of it so the recording can be found with the other sermons.
        </Typography>
        {error && <Alert severity="warning">{error}</Alert>}
        {!data && !error && <CircularProgress aria-label="Loading the live stream" />}
        {data && (
          <>
            {data.stream ? <CurrentStream stream={data.stream} onCleared={reload} /> : <Alert severity="info" sx={{ mb: 2 }}>No stream is set: the live page shows the next service time.</Alert>}
            <Typography variant="h6" component="h3">
              {data.stream ? 'Change the stream' : 'Set the stream'}
            </Typography>
            <LiveStreamForm stream={data.stream} onSaved={saved} />
          </>
        )}
      </CardContent>
    </Card>
  );
};

import { Typography } from '@mui/material';
import { useRecordContext } from 'react-admin';

const YOUTUBE_ID = /^[\w-]{11}$/;

/** The hosted video itself (privacy-enhanced YouTube player), so an admin can check the id is right. */
export const VideoPreview = (_props: { label?: string }) => {
  const record = useRecordContext<{ video?: string; title?: string }>();
  const id = record?.video;
  if (!id || !YOUTUBE_ID.test(id)) return <Typography color="text.secondary">No preview: the video id does not look like a YouTube id.</Typography>;
  return (
    <iframe
      title={`Preview of ${record.title ?? 'the video'}`}
      src={`https://www.youtube-nocookie.com/embed/${id}`}
      width="480"
      height="270"
      style={{ border: 0, maxWidth: '100%' }}
      allow="encrypted-media; picture-in-picture"
      allowFullScreen
    />
  );
};

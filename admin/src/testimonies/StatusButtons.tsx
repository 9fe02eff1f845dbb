import CheckCircleIcon from '@mui/icons-material/CheckCircle';
import VisibilityOffIcon from '@mui/icons-material/VisibilityOff';
import { Button, useNotify, useRecordContext, useUpdate } from 'react-admin';

type Testimony = { id: string; status?: string; name?: string };

/**
 * Authorise (shown on the public testimonies page) or De-list (hidden) a testimony in one click, as a post
 * update of its status.
 */
export const TestimonyStatusButton = () => {
  const record = useRecordContext<Testimony>();
  const notify = useNotify();
  const [update, { isPending }] = useUpdate();
  if (!record) return null;
  const authorised = record.status === 'Authorised';
  const status = authorised ? 'UnAuthorised' : 'Authorised';
  return (
    <Button
      label={authorised ? 'De-list' : 'Authorise'}
      color={authorised ? 'warning' : 'success'}
      disabled={isPending}
      onClick={(event) => {
        event.stopPropagation();
        void update(
          'testimonies',
          { id: record.id, data: { status }, previousData: record },
          {
            mutationMode: 'pessimistic',
            onSuccess: () => notify(authorised ? 'The testimony is no longer shown on the website' : 'The testimony is now shown on the website', { type: 'success' }),
            onError: (error) => notify(error.message, { type: 'error' }),
          },
        );
      }}
    >
      {authorised ? <VisibilityOffIcon /> : <CheckCircleIcon />}
    </Button>
  );
};

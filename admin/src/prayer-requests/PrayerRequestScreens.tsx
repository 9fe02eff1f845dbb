import CheckCircleIcon from '@mui/icons-material/CheckCircle';
import RemoveCircleIcon from '@mui/icons-material/RemoveCircle';
import type { ReactElement } from 'react';
import { Button, NumberField, SelectField, TextField, usePermissions, useRecordContext } from 'react-admin';
import { DataTable } from '../common/DataTable';
import { PERMISSION, PRAYER_PRIVACIES, PRAYER_PRIVACY, PRAYER_PRIVACY_WORDS } from '@ministry/shared';
import { can, type Permissions } from '../auth/permissions';
import { PersonField, PreviewField, WhenField } from '../common/fields';
import { RequestEdit, RequestList, RequestShow } from '../common/requests';
import { ActionResult } from '../common/ActionResult';
import { useAction } from '../common/useAction';
import { useAdminDataProvider } from '../data/useAdminDataProvider';

type PrayerRequestUser = { title?: string; firstname?: string; lastname?: string; country?: string; state?: string; city?: string };
type PrayerRequest = { id: string; privacy?: string; wallStatus?: string; user?: PrayerRequestUser };

const PRIVACY = PRAYER_PRIVACIES.map((privacy) => ({ id: privacy, name: PRAYER_PRIVACY_WORDS[privacy].staffLabel }));

const WALL_STATUSES = [
  { id: 'NotRequested', name: 'Not asked for' },
  { id: 'Pending', name: 'Waiting for approval' },
  { id: 'Approved', name: 'On the wall' },
  { id: 'Removed', name: 'Taken off the wall' },
];

const Member = (_props: { label?: string }) => {
  const user = useRecordContext<PrayerRequest>()?.user;
  return <span>{user ? [user.title, user.firstname, user.lastname].filter(Boolean).join(' ') : ''}</span>;
};

const Location = (_props: { label?: string }) => {
  const user = useRecordContext<PrayerRequest>()?.user;
  return <span>{user ? [user.city, user.state, user.country].filter(Boolean).join(', ') : ''}</span>;
};

export const PrayerRequestList = () => (
  <RequestList
    title="Prayer requests"
    searchPlaceholder="Search title or request"
    columns={[
      <DataTable.Col key="privacy" source="privacy" label="Shared with">
        <SelectField source="privacy" choices={PRIVACY} />
      </DataTable.Col>,
      <DataTable.Col key="wallStatus" source="wallStatus" label="Prayer wall">
        <SelectField source="wallStatus" choices={WALL_STATUSES} />
      </DataTable.Col>,
      <DataTable.Col key="prayedCount" source="prayedCount" label="Prayed" disableSort />,
      <DataTable.Col key="expiresAt" source="expiresAt" label="Shared until" field={WhenField} disableSort />,
    ]}
  >
    <DataTable.Col source="title" label="Title" />
    <DataTable.Col source="body" label="Request" disableSort>
      <PreviewField source="body" max={100} />
    </DataTable.Col>
    <DataTable.Col label="Member" disableSort>
      <PersonField source="user" />
    </DataTable.Col>
    <DataTable.Col label="Location" disableSort field={Location} />
  </RequestList>
);

const Details = [
  <Member key="member" label="Member" />,
  <Location key="location" label="Location" />,
  <TextField key="title" source="title" label="Title" />,
  <TextField key="body" source="body" label="Request" sx={{ whiteSpace: 'pre-wrap' }} />,
  <SelectField key="privacy" source="privacy" label="Shared with" choices={PRIVACY} />,
  <SelectField key="wallStatus" source="wallStatus" label="Prayer wall" choices={WALL_STATUSES} />,
  <NumberField key="prayedCount" source="prayedCount" label="People who prayed (from the wall)" />,
  <WhenField key="expiresAt" source="expiresAt" label="Shared with the team and the wall until" />,
];

type WallStep = 'approvePrayerForWall' | 'removePrayerFromWall';

type WallAction = ReturnType<typeof useAction>;

/** One moderation step on the public prayer wall, offered only where it makes sense for the request. */
const WallButton = ({ label, icon, step, allowedWhen, done, action: { busy, run } }: { label: string; icon: ReactElement; step: WallStep; allowedWhen: (record: PrayerRequest) => boolean; done: string; action: WallAction }) => {
  const record = useRecordContext<PrayerRequest>();
  const dataProvider = useAdminDataProvider();
  if (!record || !allowedWhen(record)) return null;
  return (
    <Button label={label} onClick={() => void run(() => dataProvider[step](record.id), done)} disabled={busy}>
      {icon}
    </Button>
  );
};

/**
 * For those who moderate the wall: a request asked for the wall can be approved, and taken off it again. The
 * button pressed gives way to the other, so focus goes to how it went.
 */
const WallModeration = () => {
  const action = useAction({ inline: true });
  return can(usePermissions<Permissions>().permissions, PERMISSION.prayerModerate) ? (
    <>
      <WallButton
        action={action}
        label="Approve for the wall"
        icon={<CheckCircleIcon />}
        step="approvePrayerForWall"
        allowedWhen={(record) => record.privacy === PRAYER_PRIVACY.PrayerWall && record.wallStatus !== 'Approved'}
        done="Approved: it now shows on the prayer wall"
      />
      <WallButton
        action={action}
        label="Remove from the wall"
        icon={<RemoveCircleIcon />}
        step="removePrayerFromWall"
        allowedWhen={(record) => record.wallStatus === 'Approved'}
        done="It no longer shows on the prayer wall"
      />
      <ActionResult outcome={action.outcome} takeFocus />
    </>
  ) : null;
};

export const PrayerRequestShow = () => (
  <RequestShow title="Prayer request" actions={<WallModeration />}>
    {Details}
  </RequestShow>
);
export const PrayerRequestEdit = () => <RequestEdit title="Update prayer request">{Details}</RequestEdit>;

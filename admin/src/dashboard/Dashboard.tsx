import { Box, Card, CardContent, CardHeader, List as MuiList, ListItem, ListItemButton, ListItemText, Typography } from '@mui/material';
import { Link, Title, useGetList, usePermissions, type RaRecord } from 'react-admin';
import { PERMISSION } from '@ministry/shared';
import { can, type Permission, type Permissions } from '../auth/permissions';
import { age, CARE_KINDS, kindOf } from '../common/care';
import { formatMoney } from '../common/format';
import { listUrl } from '../common/links';
import { adminResource } from '../resources';

const REQUEST_TYPES = CARE_KINDS.map((kind) => ({ resource: kind.resource, label: kind.list, permission: adminResource(kind.resource).permission }));

const RECENT = { pagination: { page: 1, perPage: 5 }, sort: { field: 'createdAt', order: 'DESC' as const } };
const COUNT_ONLY = { pagination: { page: 1, perPage: 1 } };

/** How many records of a resource match a filter (the list's total). */
const useCount = (resource: string, filter: Record<string, string>) => {
  const { total, isPending, error } = useGetList(resource, { ...COUNT_ONLY, filter });
  return isPending ? '…' : error ? '?' : String(total ?? 0);
};

const NewRequestsRow = ({ resource, label }: { resource: string; label: string }) => {
  const count = useCount(resource, { status: 'New' });
  return (
    <ListItem disablePadding>
      <ListItemButton component={Link} to={listUrl(resource, { status: 'New' })} aria-label={`${label}: ${count} new`}>
        <ListItemText primary={label} />
        <Typography variant="h6" component="span" color={count === '0' ? 'text.secondary' : 'warning.main'}>
          {count}
        </Typography>
      </ListItemButton>
    </ListItem>
  );
};

const Message = ({ text }: { text: string }) => (
  <ListItem>
    <ListItemText primary={text} />
  </ListItem>
);

const SeeAll = ({ to, children }: { to: string; children: string }) => (
  <Box sx={{ px: 2, pb: 2 }}>
    <Link to={to}>{children}</Link>
  </Box>
);

const person = (record: RaRecord) => {
  const user = record.user as { firstname?: string; lastname?: string } | undefined;
  return user ? `${user.firstname ?? ''} ${user.lastname ?? ''}`.trim() : '';
};

const when = (value: unknown) => (typeof value === 'string' ? new Date(value).toLocaleDateString('en-GB') : '');

/** The latest records of a payment list, each opening its details. */
const RecentPayments = ({ resource, title, amountOf }: { resource: string; title: string; amountOf: (record: RaRecord) => string }) => {
  const { data = [], isPending, error } = useGetList(resource, RECENT);
  return (
    <Card sx={{ flex: '1 1 22rem' }}>
      <CardHeader title={title} />
      <MuiList dense>
        {isPending && <Message text="Loading…" />}
        {error && <Message text="Could not be loaded" />}
        {!isPending && !error && data.length === 0 && <Message text="Nothing yet" />}
        {data.map((record) => (
          <ListItem key={record.id} disablePadding>
            <ListItemButton component={Link} to={`/${resource}/${record.id}/show`}>
              <ListItemText primary={`${amountOf(record)} · ${person(record) || 'Unknown'}`} secondary={`${when(record.createdAt)} · ${String(record.status ?? '')}`} />
            </ListItemButton>
          </ListItem>
        ))}
      </MuiList>
      <SeeAll to={listUrl(resource)}>{`See all ${title.toLowerCase().replace('recent ', '')}`}</SeeAll>
    </Card>
  );
};

const AwaitingTestimonies = () => {
  const filter = { status: 'UnAuthorised' };
  const { data = [], total, isPending } = useGetList('testimonies', { ...RECENT, filter });
  return (
    <Card sx={{ flex: '1 1 22rem' }}>
      <CardHeader title="Testimonies awaiting authorisation" subheader={isPending ? 'Loading…' : `${total ?? 0} waiting`} />
      <MuiList dense>
        {data.map((record) => (
          <ListItem key={record.id} disablePadding>
            <ListItemButton component={Link} to={`/testimonies/${record.id}`}>
              <ListItemText primary={String(record.name ?? '')} secondary={when(record.createdAt)} />
            </ListItemButton>
          </ListItem>
        ))}
      </MuiList>
      <SeeAll to={listUrl('testimonies', filter)}>Review testimonies</SeeAll>
    </Card>
  );
};

const OVERDUE = { overdue: true };

/** Care requests nobody has replied to 2 days after they came, oldest first, each opening in the care inbox. */
const OverdueRequests = () => {
  const { data = [], total, isPending, error } = useGetList('care', {
    pagination: { page: 1, perPage: 10 },
    sort: { field: 'createdAt', order: 'ASC' },
    filter: OVERDUE,
    meta: { sparseFields: ['id', 'kind', 'subject', 'requesterName', 'createdAt'] },
  });
  return (
    <Card sx={{ flex: '1 1 22rem' }} component="section" aria-label="No reply after 2 days">
      <CardHeader title="No reply after 2 days" subheader={isPending ? 'Loading…' : error ? 'Could not be loaded' : `${total ?? 0} waiting for a reply`} />
      <MuiList dense>
        {!isPending && !error && data.length === 0 && <Message text="Every request has had a reply. Thank you!" />}
        {data.map((record) => (
          <ListItem key={record.id} disablePadding>
            <ListItemButton component={Link} to={`/care/${encodeURIComponent(String(record.id))}/show`}>
              <ListItemText primary={String(record.subject ?? '')} secondary={`${kindOf(record.kind)?.name ?? ''} · ${String(record.requesterName ?? '')} · ${age(record.createdAt)}`} />
            </ListItemButton>
          </ListItem>
        ))}
      </MuiList>
      <SeeAll to={listUrl('care', OVERDUE)}>See them all in the care inbox</SeeAll>
    </Card>
  );
};

/** The dashboard shows only widgets the signed-in person may read, so none of them asks for what is refused. */
export const Dashboard = () => {
  const { permissions, isPending } = usePermissions<Permissions>();
  const may = (permission: Permission) => !isPending && can(permissions, permission);
  const requestTypes = REQUEST_TYPES.filter((type) => may(type.permission));
  return (
    <Box sx={{ p: { xs: 1, md: 2 } }}>
      <Title title="Dashboard" />
      <Typography variant="h5" component="h2" gutterBottom>
        Welcome to the admin console
      </Typography>
      <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 2 }}>
        {may(PERMISSION.careRead) && <OverdueRequests />}
        {requestTypes.length > 0 && (
          <Card sx={{ flex: '1 1 22rem' }}>
            <CardHeader title="New requests" subheader="Not looked at yet. Click a line to review them." />
            <CardContent sx={{ p: 0 }}>
              <MuiList dense>
                {requestTypes.map((type) => (
                  <NewRequestsRow key={type.resource} {...type} />
                ))}
              </MuiList>
            </CardContent>
          </Card>
        )}
        {may(PERMISSION.contentWrite) && <AwaitingTestimonies />}
        {may(PERMISSION.financeRead) && (
          <>
            <RecentPayments resource="donations" title="Recent donations" amountOf={(record) => formatMoney(record.amount, String(record.currency ?? 'GBP'))} />
            <RecentPayments resource="book-orders" title="Recent bookshop orders" amountOf={(record) => formatMoney(record.total, String(record.currency ?? 'GBP'))} />
          </>
        )}
      </Box>
    </Box>
  );
};

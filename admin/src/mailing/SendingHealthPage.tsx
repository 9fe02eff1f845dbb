import CancelIcon from '@mui/icons-material/Cancel';
import CheckCircleIcon from '@mui/icons-material/CheckCircle';
import HelpIcon from '@mui/icons-material/Help';
import { Alert, Card, CardContent, List, ListItem, ListItemIcon, ListItemText, Typography } from '@mui/material';
import { Title } from 'react-admin';
import { useLoaded } from '../common/useLoaded';
import { useAdminDataProvider } from '../data/useAdminDataProvider';
import type { HealthCheck } from './mailingApi';

/** A tick, a cross or a question mark, each with its words for those who cannot see it. */
const Mark = ({ ok }: { ok: boolean | null }) =>
  ok === true ? (
    <CheckCircleIcon color="success" titleAccess="Passed" />
  ) : ok === false ? (
    <CancelIcon color="error" titleAccess="Failed" />
  ) : (
    <HelpIcon color="disabled" titleAccess="Not checked" />
  );

const Check = ({ check }: { check: HealthCheck }) => (
  <ListItem alignItems="flex-start">
    <ListItemIcon>
      <Mark ok={check.ok} />
    </ListItemIcon>
    <ListItemText primary={check.name} secondary={check.found ? `${check.advice} Found: ${check.found}` : check.advice} />
  </ListItem>
);

/**
 * Whether mail from the sending domain will be believed (SPF, DKIM and DMARC in its DNS), each with advice in plain
 * words for whoever looks after the domain.
 */
export const SendingHealthPage = () => {
  const dataProvider = useAdminDataProvider();
  const { data, error } = useLoaded('health', () => dataProvider.sendingHealth());
  return (
    <Card sx={{ mt: 2, maxWidth: 840 }}>
      <Title title="Sending health" />
      <CardContent>
        <Typography variant="h5" component="h2" gutterBottom>
          Sending health
        </Typography>
        {error && <Alert severity="warning">{error}</Alert>}
        {!data && !error && <Typography variant="body2">Checking…</Typography>}
        {data && (
          <>
            <Typography variant="body2" sx={{ mb: 1 }}>
              {`Whether mail from ${data.domain} will be trusted by the mail services of those we write to.`}
            </Typography>
            {!data.checked && (
              <Alert severity="info" sx={{ mb: 1 }}>
                Could not check (no connection to DNS)
              </Alert>
            )}
            <List aria-label="Checks">
              {data.checks.map((check) => (
                <Check key={check.name} check={check} />
              ))}
            </List>
          </>
        )}
      </CardContent>
    </Card>
  );
};

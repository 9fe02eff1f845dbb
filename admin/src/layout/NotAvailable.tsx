import { Alert, Box } from '@mui/material';
import { Link, Title } from 'react-admin';

/**
 * Any address the console does not offer the signed-in person: a mistyped one, or a screen their role does not
 * include (those are not registered at all, so both look the same here and the server refuses them anyway).
 */
export const NotAvailable = () => (
  <Box sx={{ p: 2 }}>
    <Title title="Not available" />
    <Alert severity="info">
      This page does not exist, or your role does not include it. If you need it, ask an administrator. <Link to="/">Back to the dashboard</Link>
    </Alert>
  </Box>
);

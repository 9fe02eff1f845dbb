import { CardContent, Typography } from '@mui/material';
import { Login, LoginForm } from 'react-admin';

/** The console's sign-in. Staff get in and see what their role allows; members are told they are not authorised. */
export const LoginPage = () => (
  <Login>
    <CardContent sx={{ pb: 0, textAlign: 'center' }}>
      <Typography variant="h6" component="h1">
        Ministry admin console
      </Typography>
      <Typography variant="body2" color="text.secondary">
        Log in with your staff e-mail address and password.
      </Typography>
    </CardContent>
    <LoginForm />
  </Login>
);

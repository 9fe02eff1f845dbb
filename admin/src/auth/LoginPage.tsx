import { CardContent, Typography } from '@mui/material';
import { Login, LoginForm } from 'react-admin';

/** The admin sign-in. Only administrators get in; members are told they are not authorised. */
export const LoginPage = () => (
  <Login>
    <CardContent sx={{ pb: 0, textAlign: 'center' }}>
      <Typography variant="h6" component="h1">
        Ministry admin console
      </Typography>
      <Typography variant="body2" color="text.secondary">
        Log in with your administrator e-mail address and password.
      </Typography>
    </CardContent>
    <LoginForm />
  </Login>
);

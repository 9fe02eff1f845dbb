import { defaultTheme, type RaThemeOptions } from 'react-admin';

/**
 * react-admin's default look with colours dark enough for text on them to be read easily (WCAG AA contrast):
 * the app bar, the warning-coloured "Not authorised" chips and De-list buttons, Delete buttons, empty lists.
 */
export const theme: RaThemeOptions = {
  ...defaultTheme,
  palette: {
    ...defaultTheme.palette,
    primary: { main: '#1d4f91' },
    secondary: { main: '#1d4f91' },
    warning: { main: '#a04b00' },
    success: { main: '#1b6e2a' },
    error: { main: '#b3261e' },
  },
  components: {
    ...defaultTheme.components,
    // "No ... yet" on an empty list is in the disabled grey by default, too faint to read.
    RaEmpty: { styleOverrides: { root: { '& .RaEmpty-message': { color: 'rgba(0, 0, 0, 0.6)' } } } },
  },
};

import type { CheckboxProps } from '@mui/material';
import { grey } from '@mui/material/colors';
import { defaultTheme, type RaThemeOptions } from 'react-admin';
import { FormContent } from '../common/FormContent';

const PRIMARY = '#1d4f91';

/**
 * One focus ring for everything that takes keyboard focus: a 3px ring in the primary colour (white on the
 * primary-coloured app bar), so focus changes at least 3:1 wherever it is. It is drawn inside the element where a
 * parent clips what overflows (the menu, table cells). `.Mui-focusVisible` is the visible part of a tick box or
 * radio, whose focused input is transparent.
 */
const FOCUS_RING = {
  // What focus scrolls to stays clear of the app bar above and of the buttons that float at the bottom on a phone.
  html: { scrollPaddingTop: 72, scrollPaddingBottom: 88 },
  // `html` outweighs the `outline: 0` of MUI's buttons and text boxes.
  'html :focus-visible, html .Mui-focusVisible, html .MuiInputBase-input:focus-visible': { outline: `3px solid ${PRIMARY}`, outlineOffset: 2 },
  '.RaMenuItemLink-root:focus-visible, .MuiTableCell-root :focus-visible, .MuiTableCell-root .Mui-focusVisible': { outlineOffset: -3 },
  '.MuiAppBar-root :focus-visible': { outlineColor: '#fff' },
  // A switch clips its thumb's ring (overflow: hidden): the whole switch shows the focus instead.
  '.MuiSwitch-root:has(.Mui-focusVisible)': { outline: `3px solid ${PRIMARY}`, outlineOffset: 2, borderRadius: 19 },
};

/**
 * react-admin's default look with colours dark enough for text on them to be read easily (WCAG AA contrast):
 * the app bar, the warning-coloured "Not authorised" chips and De-list buttons, "In progress" chips, Delete buttons, empty lists.
 */
export const theme: RaThemeOptions = {
  ...defaultTheme,
  palette: {
    ...defaultTheme.palette,
    primary: { main: PRIMARY },
    secondary: { main: PRIMARY },
    warning: { main: '#a04b00' },
    success: { main: '#1b6e2a' },
    info: { main: '#01579b' },
    error: { main: '#b3261e' },
  },
  components: {
    ...defaultTheme.components,
    MuiCssBaseline: { styleOverrides: FOCUS_RING },
    // A tick box named on its root (react-admin's "Select this row") names its input too, which is what is read.
    MuiCheckbox: { defaultProps: { slotProps: { input: (ownerState: CheckboxProps) => ({ 'aria-label': ownerState['aria-label'] }) } } },
    // A field's label moves out of the way at once when the field takes focus, instead of sliding over it.
    MuiInputLabel: { defaultProps: { disableAnimation: true } },
    // Spinners (loading a list, the app bar's refresh) say what they are.
    MuiCircularProgress: { defaultProps: { 'aria-label': 'Loading' } },
    MuiLinearProgress: { defaultProps: { 'aria-label': 'Loading' } },
    // A long label over a list of fields (site settings) wraps on a phone instead of widening the page.
    RaArrayInput: { styleOverrides: { root: { '& .RaArrayInput-label': { whiteSpace: 'normal', maxWidth: '100%' } } } },
    // Skipping to the content: at once where it shows (no slide), in a colour that can be read on its background.
    RaSkipNavigationButton: { styleOverrides: { root: { color: PRIMARY, transition: 'none', '&:focus': { transition: 'none' } } } },
    // "No ... yet" on an empty list is in the disabled grey by default, too faint to read.
    RaEmpty: { styleOverrides: { root: { '& .RaEmpty-message': { color: 'rgba(0, 0, 0, 0.6)' } } } },
    // A form names the fields of the server's errors by its own labels.
    RaSimpleForm: { defaultProps: { component: FormContent } },
    // On a phone the Save bar stays at the end of the form instead of floating over the field being edited.
    RaToolbar: { styleOverrides: { root: { backgroundColor: grey[300], '&.RaToolbar-mobileToolbar': { position: 'static' } } } },
  },
};

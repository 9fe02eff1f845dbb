import { Checkbox, createTheme, FormControlLabel, ThemeProvider } from '@mui/material';
import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, expect, it } from 'vitest';
import { theme } from './theme';

afterEach(cleanup);

const withTheme = (element: React.ReactElement) => render(<ThemeProvider theme={createTheme(theme)}>{element}</ThemeProvider>);

it("names a tick box's input by the name given to the tick box, as react-admin's row tick boxes are", () => {
  withTheme(<Checkbox aria-label="Select this row" />);
  expect(screen.getByRole('checkbox', { name: 'Select this row' })).toBeTruthy();
});

it('leaves a tick box with a visible label named by that label', () => {
  withTheme(<FormControlLabel control={<Checkbox />} label="Aggregate small donations" />);
  expect(screen.getByRole('checkbox', { name: 'Aggregate small donations' })).toBeTruthy();
});

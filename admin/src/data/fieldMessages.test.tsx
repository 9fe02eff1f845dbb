import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { openAsEditor } from '../test/sermonConsole';

const fillSermon = async () => {
  fireEvent.change(await screen.findByRole('textbox', { name: /^Title/ }, { timeout: 15_000 }), { target: { value: 'Living water' } });
  fireEvent.change(screen.getByRole('textbox', { name: /^YouTube video/ }), { target: { value: 'dQw4w9WgXcQ' } });
  fireEvent.click(screen.getByRole('button', { name: 'Save' }));
};

const besideField = (name: RegExp) => {
  const [input] = screen.getAllByLabelText(name);
  return input.closest<HTMLElement>('.MuiFormControl-root')!;
};

/** The server's refusal of several fields, each with class-validator's message naming it as the program does. */
const refusalOf = (problems: Array<[field: string, message: string]>) => ({
  message: problems[0][1],
  extensions: { code: 'BAD_USER_INPUT', field: problems[0][0], errors: problems.map(([field, message]) => ({ field, message })) },
});

describe('a form the server refuses', { timeout: 40_000 }, () => {
  beforeEach(() => localStorage.clear());
  afterEach(cleanup);

  it('shows each field’s problem beside it in a person’s words, never the field’s name in the program', async () => {
    openAsEditor('/videos/create', {
      refuseSave: refusalOf([
        ['title', 'title must be shorter than or equal to 200 characters'],
        ['video', 'video should not be empty'],
        ['seriesId', 'seriesId is required'],
      ]),
    });
    await fillSermon();
    await waitFor(() => expect(within(besideField(/^Title/)).getByText('The title must be 200 characters or fewer')).toBeTruthy(), { timeout: 5000 });
    expect(within(besideField(/^YouTube video/)).getByText('Enter the YouTube video')).toBeTruthy();
    expect(within(besideField(/^Series/)).getByText('Choose the series')).toBeTruthy();
    expect(screen.queryByText(/seriesId|shorter than or equal|should not be empty/)).toBeNull();
  });

  it('never shows a GraphQL validation error: says which field to check instead', async () => {
    openAsEditor('/videos/create', {
      refuseSave: {
        message: 'Variable "$title" got invalid value 7; String cannot represent a non string value: 7',
        extensions: { code: 'BAD_USER_INPUT' },
      },
    });
    await fillSermon();
    await waitFor(() => expect(within(besideField(/^Title/)).getByText('Check the title and save again')).toBeTruthy(), { timeout: 5000 });
    expect(screen.queryByText(/Variable "\$/)).toBeNull();
  });
});

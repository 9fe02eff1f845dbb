import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { Admin, Resource, type DataProvider, type UpdateParams } from 'react-admin';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import { toApiError } from '../data/errors';
import { bookingInput, withBookingInput } from './BookingSection';
import { PostEdit } from './PostEdit';

/** A bookable program as ra-data-graphql-simple hands it over: embedded objects keep their `__typename`. */
const QUIZ_NIGHT = {
  id: '1',
  name: 'Quiz night',
  body: '<p>Teams of six</p>',
  categoryId: '1',
  status: 'Authorised',
  startsAt: '2026-12-03T19:30:00.000Z',
  booking: {
    __typename: 'BookingSettings',
    opensAt: null,
    closesAt: null,
    capacity: 40,
    perBookingLimit: 6,
    waitlist: true,
    price: 5,
    currency: 'GBP',
    cancellationHours: 48,
    questions: [{ __typename: 'BookingQuestion', id: 'dietary', label: 'Dietary needs', kind: 'ShortText', choices: [], required: false }],
  },
};

/** The program's edit screen over a data provider that keeps what is saved and answers `refusal` when given one. */
function editQuizNight(refusal?: Error) {
  const saved: UpdateParams[] = [];
  const categories = [{ id: '1', name: 'Programs' }, { id: '3', name: 'Blog' }];
  const dataProvider = {
    getOne: async () => ({ data: QUIZ_NIGHT }),
    getList: async () => ({ data: categories, total: categories.length }),
    getMany: async () => ({ data: categories }),
    update: async (_resource: string, params: UpdateParams) => {
      saved.push(params);
      if (refusal) throw refusal;
      return { data: { ...QUIZ_NIGHT, ...params.data } };
    },
  } as unknown as DataProvider;
  render(
    <MemoryRouter initialEntries={['/posts/1']}>
      <Admin dataProvider={dataProvider} disableTelemetry>
        <Resource name="posts" edit={PostEdit} list={() => null} />
        <Resource name="post-categories" />
      </Admin>
    </MemoryRouter>,
  );
  return saved;
}

const bookable = () => screen.findByRole<HTMLInputElement>('switch', { name: 'People can book this event' }, { timeout: 15_000 });

// The first render of a form with the rich-text editor takes a while under jsdom.
describe("a program's booking section", { timeout: 60_000 }, () => {
  afterEach(cleanup);

  it('sends booking: null when people can no longer book the program', async () => {
    const saved = editQuizNight();
    const toggle = await bookable();
    expect(toggle.checked).toBe(true);
    fireEvent.click(toggle);
    await waitFor(() => expect(screen.queryByRole('spinbutton', { name: /Places for each date/ })).toBeNull());
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(saved).toHaveLength(1));
    expect(saved[0].data.booking).toBeNull();
    expect(saved[0].data).not.toHaveProperty('bookable');
  });

  it('sends the settings as the API names them, with a ready-made question added in one click and a choice question', async () => {
    const saved = editQuizNight();
    await bookable();
    fireEvent.change(screen.getByRole('spinbutton', { name: /Places for each date/ }), { target: { value: '30' } });
    expect(screen.queryByRole('button', { name: 'Add “Dietary needs”' })).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Add “Access needs”' }));
    await waitFor(() => expect(screen.getAllByRole('textbox', { name: /^Question/ })).toHaveLength(2));
    fireEvent.click(screen.getByRole('button', { name: 'Add a question' }));
    await waitFor(() => expect(screen.getAllByRole('textbox', { name: /^Question/ })).toHaveLength(3));
    fireEvent.change(screen.getAllByRole('textbox', { name: /^Question/ })[2], { target: { value: 'Meal' } });
    fireEvent.mouseDown(screen.getAllByRole('combobox', { name: /^Answer/ })[2]);
    fireEvent.click(await screen.findByRole('option', { name: 'One of a list' }));
    fireEvent.change(await screen.findByRole('textbox', { name: /^Choices, one a line/ }), { target: { value: 'Fish\nVegetarian\n' } });
    fireEvent.click(screen.getAllByRole('switch', { name: 'Must be answered' })[2]);
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(saved).toHaveLength(1));
    expect(saved[0].data.booking).toEqual({
      opensAt: null,
      closesAt: null,
      capacity: 30,
      perBookingLimit: 6,
      waitlist: true,
      price: 5,
      currency: 'GBP',
      cancellationHours: 48,
      questions: [
        { id: 'dietary', label: 'Dietary needs', kind: 'ShortText', choices: [], required: false },
        { id: 'access', label: 'Access needs', kind: 'ShortText', choices: [], required: false },
        { label: 'Meal', kind: 'Choice', choices: ['Fish', 'Vegetarian'], required: true },
      ],
    });
  });

  it("shows the server's refusal of booking.capacity beside that field", async () => {
    const message = 'booking.capacity must be a whole number from 1 to 100000';
    editQuizNight(toApiError({ errors: [{ message, extensions: { code: 'BAD_USER_INPUT', field: 'booking.capacity' } }] }));
    await bookable();
    const capacity = screen.getByRole('spinbutton', { name: /Places for each date/ });
    fireEvent.change(capacity, { target: { value: '50' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(capacity.getAttribute('aria-invalid')).toBe('true'));
    expect(document.getElementById(capacity.getAttribute('aria-describedby')!)?.textContent).toContain(message);
  });

  it('sends choices one a line, only for a choice question, and no booking for a post that never took any', () => {
    const question = (kind: string, choices: unknown) => bookingInput({ capacity: '20', questions: [{ label: ' Meal ', kind: kind as 'Choice', choices: choices as string }] }).questions[0];
    expect(question('Choice', 'Fish\n\n Vegetarian \n')).toEqual({ label: 'Meal', kind: 'Choice', choices: ['Fish', 'Vegetarian'], required: false });
    expect(question('YesNo', ['Fish'])).toMatchObject({ kind: 'YesNo', choices: [] });
    expect(withBookingInput({ id: '5', categoryId: '3', bookable: false })).toEqual({ id: '5', categoryId: '3', booking: undefined });
    expect(withBookingInput({ id: '1', categoryId: '3' }, { previousData: QUIZ_NIGHT })).toEqual({ id: '1', categoryId: '3', booking: null });
  });
});

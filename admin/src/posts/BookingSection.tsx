import AddIcon from '@mui/icons-material/Add';
import { Box, Button, Stack, Typography } from '@mui/material';
import {
  ArrayInput,
  BooleanInput,
  DateTimeInput,
  FormDataConsumer,
  NumberInput,
  SelectInput,
  SimpleFormIterator,
  TextInput,
  useArrayInput,
  useRecordContext,
  useSimpleFormIterator,
  type RaRecord,
} from 'react-admin';
import { maxValue, minValue, required } from '../common/validation';
import { BOOKING_CURRENCIES, MAX_BOOKING_QUESTIONS, READY_BOOKING_QUESTIONS, type BookingQuestionKind, type BookingQuestionWords } from '@ministry/shared';
import { CATEGORY } from './categories';
import { toIsoOrNull } from './dates';

const KIND_CHOICES: { id: BookingQuestionKind; name: string }[] = [
  { id: 'ShortText', name: 'A short answer' },
  { id: 'YesNo', name: 'Yes or no' },
  { id: 'Choice', name: 'One of a list' },
];

const CURRENCY_CHOICES = BOOKING_CURRENCIES.map((id) => ({ id, name: id === 'GBP' ? 'Pounds (GBP)' : 'US dollars (USD)' }));

/** What a new booking section starts with: free, GBP, cancellable up to two days before, no questions. */
const NEW_BOOKING = { perBookingLimit: 10, price: 0, currency: 'GBP', waitlist: false, cancellationHours: 48, questions: [] };

/** The form's question: `choices` are typed one a line, so they are text until saved. */
type FormQuestion = Partial<Omit<BookingQuestionWords, 'choices'>> & { choices?: string[] | string };
type FormBooking = Record<string, unknown> & { questions?: FormQuestion[] };

/** The choices as a textarea shows them, one a line. */
const choicesText = (choices: unknown) => (Array.isArray(choices) ? choices.join('\n') : typeof choices === 'string' ? choices : '');

const choicesOf = (choices: FormQuestion['choices']) =>
  choicesText(choices)
    .split('\n')
    .map((choice) => choice.trim())
    .filter(Boolean);

const number = (value: unknown, fallback: number) => (value === '' || value === null || value === undefined ? fallback : Number(value));

/** The booking settings of the form as `BookingSettingsInput` names them, and nothing else (no `__typename`). */
export function bookingInput(booking: FormBooking) {
  return {
    opensAt: (booking.opensAt as string | null | undefined) || null,
    closesAt: (booking.closesAt as string | null | undefined) || null,
    capacity: number(booking.capacity, 0),
    perBookingLimit: number(booking.perBookingLimit, NEW_BOOKING.perBookingLimit),
    waitlist: Boolean(booking.waitlist),
    price: number(booking.price, 0),
    currency: (booking.currency as string | undefined) ?? NEW_BOOKING.currency,
    cancellationHours: number(booking.cancellationHours, NEW_BOOKING.cancellationHours),
    questions: (booking.questions ?? []).map((question) => ({
      ...(question.id ? { id: question.id } : {}),
      label: (question.label ?? '').trim(),
      kind: question.kind ?? 'ShortText',
      choices: question.kind === 'Choice' ? choicesOf(question.choices) : [],
      required: Boolean(question.required),
    })),
  };
}

/**
 * A post as `createPost`/`updatePost` take it: a program sends its booking settings, or `booking: null` when people
 * cannot book it; another post sends none, unless it was a bookable program before (then it stops being bookable).
 */
export function withBookingInput({ bookable, booking, ...post }: RaRecord, options?: { previousData?: RaRecord }): RaRecord {
  if (String(post.categoryId) === CATEGORY.programs) return { ...post, booking: bookable ? bookingInput((booking ?? {}) as FormBooking) : null };
  return { ...post, booking: options?.previousData?.booking ? null : undefined };
}

/** "Add Dietary needs", "Add Access needs": the ready-made questions not asked yet, one click each. */
const ReadyQuestions = ({ questions }: { questions: FormQuestion[] }) => {
  const { append } = useArrayInput();
  const missing = READY_BOOKING_QUESTIONS.filter((ready) => !questions.some((question) => question.id === ready.id));
  if (missing.length === 0 || questions.length >= MAX_BOOKING_QUESTIONS) return null;
  return (
    <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap', mb: 1 }}>
      {missing.map((ready) => (
        <Button key={ready.id} size="small" variant="outlined" startIcon={<AddIcon />} onClick={() => append({ ...ready, choices: [...ready.choices] })}>
          Add “{ready.label}”
        </Button>
      ))}
    </Stack>
  );
};

/** In words, where react-admin's own is a small "+" icon. */
const AddQuestionButton = () => {
  const { add } = useSimpleFormIterator();
  return (
    <Button size="small" startIcon={<AddIcon />} onClick={() => add()}>
      Add a question
    </Button>
  );
};

const validateCapacity = [required('How many places does each date have?'), minValue(1, 'At least 1 place'), maxValue(100_000, 'At most 100000 places')];
const validatePerBooking = [required('How many places may one booking take?'), minValue(1, 'At least 1'), maxValue(50, 'At most 50')];
const validatePrice = [required('0 for a free event'), minValue(0, '0 for a free event, or the price of one place')];
const validateHours = [required('0 lets people cancel until the start'), minValue(0, 'At least 0'), maxValue(24 * 60, 'At most 1440 hours (60 days)')];

/** The settings of a bookable program, shown when "People can book this event" is on. */
const BookingSettingsInputs = ({ questions }: { questions: FormQuestion[] }) => (
  <Box sx={{ display: 'flex', flexDirection: 'column', width: '100%' }}>
    <Stack direction={{ xs: 'column', sm: 'row' }} spacing={{ sm: 2 }}>
      <NumberInput source="booking.capacity" label="Places for each date" min={1} step={1} validate={validateCapacity} helperText="How many people fit" />
      <NumberInput source="booking.perBookingLimit" label="Places one booking may take" min={1} max={50} step={1} validate={validatePerBooking} defaultValue={NEW_BOOKING.perBookingLimit} helperText="e.g. a family of 4" />
    </Stack>
    <Stack direction={{ xs: 'column', sm: 'row' }} spacing={{ sm: 2 }}>
      <NumberInput source="booking.price" label="Price per place" min={0} step={0.01} validate={validatePrice} defaultValue={NEW_BOOKING.price} helperText="0 for a free event" />
      <SelectInput source="booking.currency" label="Currency" choices={CURRENCY_CHOICES} defaultValue={NEW_BOOKING.currency} validate={required()} />
    </Stack>
    <Stack direction={{ xs: 'column', sm: 'row' }} spacing={{ sm: 2 }}>
      <DateTimeInput source="booking.opensAt" label="Booking opens" helperText="London time; leave empty to open now" parse={toIsoOrNull} />
      <DateTimeInput source="booking.closesAt" label="Booking closes" helperText="Leave empty to close when each date starts" parse={toIsoOrNull} />
    </Stack>
    <BooleanInput source="booking.waitlist" label="Keep a waiting list when full" defaultValue={NEW_BOOKING.waitlist} helperText="When a place is freed, the first person waiting is offered it by e-mail" />
    <NumberInput
      source="booking.cancellationHours"
      label="Cancel with a full refund until (hours before the start)"
      min={0}
      step={1}
      validate={validateHours}
      defaultValue={NEW_BOOKING.cancellationHours}
      helperText="48 is two days; 0 lets people cancel until the start"
    />
    <ArrayInput source="booking.questions" label={`Questions for the booker (at most ${MAX_BOOKING_QUESTIONS})`} helperText="Answers are kept private: only the events team sees them, and they are deleted 30 days after the event.">
      <ReadyQuestions questions={questions} />
      <SimpleFormIterator addButton={<AddQuestionButton />} disableAdd={questions.length >= MAX_BOOKING_QUESTIONS} disableClear disableReordering fullWidth>
        <TextInput source="label" label="Question" validate={required('Write the question')} helperText="e.g. Any allergies we should know about?" fullWidth />
        <SelectInput source="kind" label="Answer" choices={KIND_CHOICES} defaultValue="ShortText" validate={required()} />
        <FormDataConsumer<{ kind?: string }>>
          {({ scopedFormData }) =>
            scopedFormData?.kind === 'Choice' && (
              <TextInput source="choices" label="Choices, one a line" multiline minRows={2} format={choicesText} helperText="2 to 10 different choices" fullWidth />
            )
          }
        </FormDataConsumer>
        <BooleanInput source="required" label="Must be answered" defaultValue={false} />
      </SimpleFormIterator>
    </ArrayInput>
  </Box>
);

/**
 * The program form's "Booking" section: a switch, then how people book each date. Switched off, the program is
 * saved with `booking: null` (see `withBookingInput`); a refusal naming `booking.capacity` shows beside that field.
 */
export const BookingSection = () => {
  const record = useRecordContext();
  return (
    <Box component="section" aria-labelledby="booking-section-title" sx={{ width: '100%', mt: 2 }}>
      <Typography id="booking-section-title" variant="h6" component="h2">
        Booking
      </Typography>
      <BooleanInput source="bookable" label="People can book this event" defaultValue={Boolean(record?.booking)} helperText="Needs a start date and time above" />
      <FormDataConsumer<{ bookable?: boolean; booking?: FormBooking }>>
        {({ formData }) => formData.bookable && <BookingSettingsInputs questions={formData.booking?.questions ?? []} />}
      </FormDataConsumer>
    </Box>
  );
};

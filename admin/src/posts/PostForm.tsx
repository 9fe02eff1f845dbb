import { DateTimeInput, FormDataConsumer, ReferenceInput, SelectInput, SimpleForm, TextInput } from 'react-admin';
import { required } from '../common/validation';
import { CATEGORY } from './categories';
import { ImageUploadInput, POST_STATUSES } from '../common/inputs';
import { AnnounceListInput } from '../common/AnnounceListInput';
import { RichTextBody } from '../common/RichTextBody';
import { BookingSection } from './BookingSection';
import { toIsoOrNull } from './dates';

/** The fields of a post; programs also say when and where they happen, and whether and how people book them. */
export const PostForm = () => (
  <SimpleForm defaultValues={{ status: 'Authorised' }}>
    <TextInput source="name" label="Title" validate={required('Please give the post a title')} fullWidth />
    <ReferenceInput source="categoryId" reference="post-categories">
      <SelectInput
        optionText="name"
        label="Category"
        validate={required('Please choose a category')}
        helperText="Blog posts appear on the blog page, program posts under Programs, testimonies under Testimonies."
      />
    </ReferenceInput>
    <SelectInput source="status" label="Status" choices={POST_STATUSES} validate={required()} helperText="Only authorised posts are shown on the website." />
    <FormDataConsumer>
      {({ formData }) =>
        String(formData.categoryId) === String(CATEGORY.programs) && (
          <>
            <DateTimeInput source="startsAt" label="Starts" helperText="London time; leave empty for a program without a date" parse={toIsoOrNull} />
            <DateTimeInput source="endsAt" label="Ends" helperText="After the start" parse={toIsoOrNull} />
            <TextInput source="location" label="Where" helperText="e.g. Main hall, Grace Harbour Centre" fullWidth />
            <TextInput source="onlineUrl" label="Online link" helperText="An http or https address to join online" type="url" fullWidth />
            <TextInput
              source="recurrence"
              label="Repeats (RRULE)"
              helperText="Leave empty for a one-off event. Every Wednesday: FREQ=WEEKLY;BYDAY=WE. First Friday of each month: FREQ=MONTHLY;BYDAY=1FR"
              fullWidth
            />
            <BookingSection />
          </>
        )
      }
    </FormDataConsumer>
    <ImageUploadInput helperText="A wide picture works best (for example 1200px by 800px)." />
    <RichTextBody source="body" label="Text" validate={required('Please write the text of the post')} />
    <AnnounceListInput />
  </SimpleForm>
);

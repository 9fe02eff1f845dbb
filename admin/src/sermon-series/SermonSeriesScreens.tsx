import { DateField, DateInput, TextInput } from 'react-admin';
import { DataTable } from '../common/DataTable';
import { ImageUploadInput } from '../common/inputs';
import { SermonGroupList, sermonGroupScreens, type SermonGroup } from '../common/sermonGroups';
import { required } from '../common/validation';

const SERIES: SermonGroup = {
  what: 'series',
  whatMany: 'series',
  of: 'a series',
  listTitle: 'Sermon series',
  addTitle: 'Add sermon series',
  editTitle: 'Edit sermon series',
  search: 'Search titles',
  sort: { field: 'startedAt', order: 'DESC' },
  picture: 'Picture',
  nameSource: 'title',
  nameLabel: 'Title',
};

export const SermonSeriesList = () => (
  <SermonGroupList group={SERIES}>
    <DataTable.Col source="startedAt" label="Started on">
      <DateField source="startedAt" locales="en-GB" emptyText="–" />
    </DataTable.Col>
  </SermonGroupList>
);

export const { GroupCreate: SermonSeriesCreate, GroupEdit: SermonSeriesEdit } = sermonGroupScreens(
  SERIES,
  <>
    <TextInput source="title" label="Title" validate={required('Please give the series a title')} helperText="Its web address is made from the first title and stays the same." fullWidth />
    <TextInput source="description" label="Description" multiline minRows={3} helperText="A few sentences about the series, shown on its page." fullWidth />
    <ImageUploadInput label="Series picture" />
    <DateInput source="startedAt" label="Started on" helperText="The date of the first sermon in the series." />
  </>,
);

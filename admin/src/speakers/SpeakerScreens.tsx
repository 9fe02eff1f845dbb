import { TextInput } from 'react-admin';
import { ImageUploadInput } from '../common/inputs';
import { SermonGroupList, sermonGroupScreens, type SermonGroup } from '../common/sermonGroups';
import { required } from '../common/validation';

const SPEAKERS: SermonGroup = {
  what: 'speaker',
  whatMany: 'speakers',
  of: 'a speaker',
  listTitle: 'Speakers',
  addTitle: 'Add speaker',
  editTitle: 'Edit speaker',
  search: 'Search names',
  sort: { field: 'name', order: 'ASC' },
  picture: 'Photo',
  nameSource: 'name',
  nameLabel: 'Name',
};

export const SpeakerList = () => <SermonGroupList group={SPEAKERS} />;

export const { GroupCreate: SpeakerCreate, GroupEdit: SpeakerEdit } = sermonGroupScreens(
  SPEAKERS,
  <>
    <TextInput source="name" label="Name" validate={required('Please give the speaker’s name')} helperText="As it should appear on the website, for example Pastor Ruth Mensah." fullWidth />
    <TextInput source="bio" label="About them" multiline minRows={4} helperText="A short biography. A blank line starts a new paragraph." fullWidth />
    <ImageUploadInput label="Photo" />
  </>,
);

import { Typography } from '@mui/material';
import {
  BooleanInput,
  Create,
  FunctionField,
  Labeled,
  List,
  RadioButtonGroupInput,
  SaveButton,
  SearchInput,
  SimpleForm,
  TextInput,
  Toolbar,
  useRecordContext,
} from 'react-admin';
import { required } from '../common/validation';
import { DataTable } from '../common/DataTable';
import type { ConsentBasis } from '@ministry/shared';
import { EditScreen, ListLoadError } from '../common/screens';
import { BASIS_WORDS, LIST_BASIS_CHOICES } from './mailingWords';

type MailingListRecord = { id: string; name: string; description: string; public: boolean; basis: ConsentBasis; subscriberCount: number | null };

const basisInWords = (list: MailingListRecord) => BASIS_WORDS[list.basis]?.label ?? list.basis;

/** Every list, with why its people may be written to and how many are on it now. */
export const MailingListList = () => (
  <List title="Mailing lists" filters={[<SearchInput key="q" source="q" alwaysOn placeholder="Search lists" />]} sort={{ field: 'name', order: 'ASC' }} exporter={false} error={<ListLoadError />}>
    <DataTable rowClick="edit" bulkActionButtons={false}>
      <DataTable.Col source="name" label="Name" />
      <DataTable.Col source="public" label="On the website" render={(list: MailingListRecord) => (list.public ? 'Yes' : 'No')} />
      <DataTable.Col source="basis" label="Who is on it" render={basisInWords} />
      <DataTable.Col source="subscriberCount" label="Subscribers" disableSort />
    </DataTable>
  </List>
);

/** A basis choice with the line that explains it under its name. */
const BasisChoice = () => {
  const choice = useRecordContext<(typeof LIST_BASIS_CHOICES)[number]>();
  if (!choice) return null;
  return (
    <span>
      {choice.name}
      <Typography component="span" variant="body2" color="text.secondary" sx={{ display: 'block' }}>
        {choice.explains}
      </Typography>
    </span>
  );
};

const ListFields = () => (
  <>
    <TextInput source="name" label="Name" validate={required('Please name the list')} helperText="As people see it beside the box they tick, e.g. Monthly newsletter" fullWidth />
    <TextInput source="description" label="Description" helperText="One line on what they will get and how often" fullWidth />
    <BooleanInput source="public" label="Offer it on the website’s forms and sign-up page" />
  </>
);

export const MailingListCreate = () => (
  <Create title="New mailing list" redirect="list">
    <SimpleForm defaultValues={{ public: true, basis: 'Consent', description: '' }}>
      <ListFields />
      <RadioButtonGroupInput
        source="basis"
        label="Who may be on it"
        choices={LIST_BASIS_CHOICES}
        optionText={<BasisChoice />}
        row={false}
        validate={required('Please choose who may be on the list')}
        helperText="This cannot be changed later: what people agreed to stays what it was."
      />
    </SimpleForm>
  </Create>
);

const BasisReadOnly = () => {
  const list = useRecordContext<MailingListRecord>();
  if (!list) return null;
  return (
    <Labeled label="Who may be on it">
      <FunctionField<MailingListRecord> render={(record) => `${basisInWords(record)}. ${BASIS_WORDS[record.basis]?.explains ?? ''}`} />
    </Labeled>
  );
};

/** Save alone: a list is never deleted, since its consent record must stay. */
const SaveToolbar = () => (
  <Toolbar>
    <SaveButton />
  </Toolbar>
);

export const MailingListEdit = () => (
  <EditScreen title="Mailing list">
    <SimpleForm toolbar={<SaveToolbar />}>
      <ListFields />
      <BasisReadOnly />
    </SimpleForm>
  </EditScreen>
);

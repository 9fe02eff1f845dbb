import type { ReactNode } from 'react';
import { Create, List, NumberField, SearchInput, SimpleForm, type SortPayload } from 'react-admin';
import { DataTable } from './DataTable';
import { spreadsheetExporter } from './export';
import { Thumbnail } from './fields';
import { EditScreen } from './screens';
import { KeepSermonsBulkActions, KeepSermonsRowActions, KeepSermonsToolbar } from './KeepSermonsDelete';

/**
 * The screens of what groups sermons (a series, a speaker): a list with its picture, name and number of sermons,
 * and one form to add or edit one. Deleting one keeps its sermons, and says so.
 */
export type SermonGroup = {
  /** One of them, and several: "series" and "series", "speaker" and "speakers". */
  what: string;
  whatMany: string;
  /** Its sermons "no longer show …": "a series". */
  of: string;
  /** The screens' titles. */
  listTitle: string;
  addTitle: string;
  editTitle: string;
  /** The list's search box says what it searches: "Search titles". */
  search: string;
  sort: SortPayload;
  /** The list's picture column's heading: "Picture", "Photo". */
  picture: string;
  /** The field it is known by and its heading: `title` "Title", `name` "Name". */
  nameSource: string;
  nameLabel: string;
};

/** The list of a group's records, with the group's own columns (`children`) between its name and its number of sermons. */
export const SermonGroupList = ({ group, children }: { group: SermonGroup; children?: ReactNode }) => (
  <List exporter={spreadsheetExporter} filters={[<SearchInput key="q" source="q" alwaysOn placeholder={group.search} />]} sort={group.sort} title={group.listTitle}>
    <DataTable rowClick="edit" bulkActionButtons={<KeepSermonsBulkActions what={group.whatMany} of={group.of} />}>
      <DataTable.Col source="image" label={group.picture} disableSort field={Thumbnail} />
      <DataTable.Col source={group.nameSource} label={group.nameLabel} />
      {children}
      <DataTable.Col source="sermonCount" label="Sermons" disableSort>
        <NumberField source="sermonCount" />
      </DataTable.Col>
      <DataTable.Col label="Actions" disableSort>
        <KeepSermonsRowActions what={group.what} of={group.of} />
      </DataTable.Col>
    </DataTable>
  </List>
);

/** The group's add and edit screens over one form of `inputs`; editing offers the delete that keeps the sermons. */
export function sermonGroupScreens(group: SermonGroup, inputs: ReactNode) {
  const GroupForm = ({ toolbar }: { toolbar?: boolean }) => (
    <SimpleForm toolbar={toolbar ? <KeepSermonsToolbar what={group.what} of={group.of} /> : undefined}>{inputs}</SimpleForm>
  );
  const GroupCreate = () => (
    <Create title={group.addTitle} redirect="list">
      <GroupForm />
    </Create>
  );
  const GroupEdit = () => (
    <EditScreen title={group.editTitle}>
      <GroupForm toolbar />
    </EditScreen>
  );
  return { GroupCreate, GroupEdit };
}

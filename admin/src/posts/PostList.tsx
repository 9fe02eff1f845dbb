import {
  CreateButton,
  ExportButton,
  FilterButton,
  List,
  ReferenceField,
  ReferenceInput,
  SearchInput,
  SelectInput,
  TopToolbar,
  useListContext,
} from 'react-admin';
import { DataTable } from '../common/DataTable';
import { IdField, PreviewField, StatusField, Thumbnail, WhenField } from '../common/fields';
import { POST_STATUSES } from '../common/inputs';
import { BulkDeleteActions, RowActions } from '../common/screens';
import { POST_SCREEN_TITLES } from './categories';
import { spreadsheetExporter } from '../common/export';

const filters = [
  <SearchInput key="q" source="q" alwaysOn placeholder="Search titles and text" />,
  <ReferenceInput key="categoryId" source="categoryId" reference="post-categories" alwaysOn>
    <SelectInput optionText="name" label="Category" emptyText="All categories" />
  </ReferenceInput>,
  <SelectInput key="status" source="status" label="Status" choices={POST_STATUSES} />,
];

const PostListTitle = () => {
  const { filterValues } = useListContext();
  return <span>{POST_SCREEN_TITLES[String(filterValues.categoryId)] ?? 'All posts'}</span>;
};

/** "Add post" starts with the category being looked at, so a blog post is added from the blog list. */
const PostListActions = () => {
  const { filterValues } = useListContext();
  const categoryId = filterValues.categoryId as string | undefined;
  return (
    <TopToolbar>
      <FilterButton />
      <CreateButton label="Add post" state={categoryId ? { record: { categoryId } } : undefined} />
      <ExportButton />
    </TopToolbar>
  );
};

export const PostList = () => (
  <List exporter={spreadsheetExporter} filters={filters} sort={{ field: 'createdAt', order: 'DESC' }} actions={<PostListActions />} title={<PostListTitle />}>
    <DataTable rowClick="edit" bulkActionButtons={<BulkDeleteActions />}>
      <DataTable.Col source="id" label="ID" field={IdField} />
      <DataTable.Col source="image" label="Image" disableSort field={Thumbnail} />
      <DataTable.Col source="name" label="Title" />
      <DataTable.Col source="excerpt" label="Text" disableSort>
        <PreviewField source="excerpt" max={80} />
      </DataTable.Col>
      <DataTable.Col source="categoryId" label="Category">
        <ReferenceField source="categoryId" reference="post-categories" link={false} />
      </DataTable.Col>
      <DataTable.Col source="status" label="Status" field={StatusField} />
      <DataTable.Col source="createdAt" label="Created" field={WhenField} />
      <DataTable.Col label="Actions" disableSort>
        <RowActions />
      </DataTable.Col>
    </DataTable>
  </List>
);

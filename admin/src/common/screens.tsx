import { Alert, useMediaQuery, type Theme } from '@mui/material';
import { lazy, type ComponentType, type ReactNode } from 'react';
import {
  BulkDeleteButton,
  BulkExportButton,
  CreateButton,
  DeleteButton,
  Edit,
  EditButton,
  ExportButton,
  ShowButton,
  TopToolbar,
  useListContext,
  useShowContext,
  type EditProps,
} from 'react-admin';
import { DataTable } from './DataTable';

/** Bulk actions of a list whose records may be deleted: export the selection, or delete it after a confirmation. */
export const BulkDeleteActions = () => (
  <>
    <BulkExportButton />
    <BulkDeleteButton mutationMode="pessimistic" />
  </>
);

/** Bulk actions of a list whose records are never deleted (payments, members). */
export const BulkExportActions = () => <BulkExportButton />;

/** Edit screens save only when the server agrees and confirm before deleting. */
export const EditScreen = ({ children, ...props }: EditProps & { children: ReactNode }) => (
  <Edit mutationMode="pessimistic" redirect="list" {...props}>
    {children}
  </Edit>
);

/** Top bar of a details screen: the screen's own buttons, edit, and delete after a confirmation when deleting is allowed. */
export const ShowActions = ({ canDelete = true, editLabel, children }: { canDelete?: boolean; editLabel?: string; children?: ReactNode }) => (
  <TopToolbar>
    {children}
    <EditButton label={editLabel} />
    {canDelete && <DeleteButton mutationMode="pessimistic" />}
  </TopToolbar>
);

/** Top bar of a list whose records are added here: add one, or export the list. */
export const CreateExportActions = ({ createLabel }: { createLabel: string }) => (
  <TopToolbar>
    <CreateButton label={createLabel} />
    <ExportButton />
  </TopToolbar>
);

/** A phone's screen: lists show there as a SimpleList (each row a link), since their tables are wider than it. */
export const usePhone = () => useMediaQuery<Theme>((theme) => theme.breakpoints.down('sm'));

/** The last column of a list whose rows open on click: the same, by keyboard. */
export const OPEN_COLUMN = (
  <DataTable.Col label="Open" disableSort>
    <ShowButton />
  </DataTable.Col>
);

/** Row buttons for lists that do not open the record on click. */
export const RowActions = ({ show = false }: { show?: boolean }) => (
  <span onClick={(event) => event.stopPropagation()} style={{ display: 'inline-flex', gap: 4 }}>
    {show ? <ShowButton /> : <EditButton />}
    <DeleteButton mutationMode="pessimistic" />
  </span>
);

/** A short note at the top of a screen (image sizes and the like). */
export const Note = ({ children }: { children: ReactNode }) => (
  <Alert severity="info" sx={{ mt: 1, mb: 1 }}>
    {children}
  </Alert>
);

/** A screen loaded on demand, so the first load carries only what the dashboard needs. */
export const lazyScreen = <K extends string>(load: () => Promise<Record<K, ComponentType>>, name: K) =>
  lazy(async () => ({ default: (await load())[name] }));

/** In place of a screen's content when the server refused it (403) or failed: the server's own words. */
const LoadError = ({ error }: { error: unknown }) => (
  <Alert severity="warning" sx={{ m: 2 }}>
    {error instanceof Error && error.message ? error.message : 'This could not be loaded. Please try again.'}
  </Alert>
);

/** For `<List error>`: the reason the list could not be shown. */
export const ListLoadError = () => <LoadError error={useListContext().error} />;

/** For `<Show error>`: the reason the record could not be shown, instead of leaving for the list. */
export const ShowLoadError = () => <LoadError error={useShowContext().error} />;

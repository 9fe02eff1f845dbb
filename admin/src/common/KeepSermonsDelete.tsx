import { BulkDeleteButton, BulkExportButton, DeleteButton, EditButton, SaveButton, Toolbar } from 'react-admin';

/** What deleting a series or a speaker does to their sermons, said before it is done. */
const confirmContent = (of: string) => `Its sermons stay on the website and in the podcast; they just no longer show ${of}.`;

type Words = {
  /** "series" or "speaker", in the confirmation's title. */
  what: string;
  /** "a series" or "a speaker", in the explanation. */
  of: string;
};

const Delete = ({ what, of }: Words) => (
  <DeleteButton mutationMode="pessimistic" confirmTitle={`Delete this ${what}?`} confirmContent={confirmContent(of)} />
);

/** Row buttons: edit, or delete after the confirmation. */
export const KeepSermonsRowActions = (words: Words) => (
  <span onClick={(event) => event.stopPropagation()} style={{ display: 'inline-flex', gap: 4 }}>
    <EditButton />
    <Delete {...words} />
  </span>
);

export const KeepSermonsBulkActions = ({ what, of }: Words) => (
  <>
    <BulkExportButton />
    <BulkDeleteButton mutationMode="pessimistic" confirmTitle={`Delete the chosen ${what}?`} confirmContent={confirmContent(of)} />
  </>
);

/** The edit form's buttons: save, or delete after the confirmation. */
export const KeepSermonsToolbar = (words: Words) => (
  <Toolbar sx={{ display: 'flex', justifyContent: 'space-between' }}>
    <SaveButton />
    <Delete {...words} />
  </Toolbar>
);

import { ImageField, ImageInput, SelectInput, type ImageInputProps, type SelectInputProps } from 'react-admin';
import { STATUS_LABELS } from './fields';

const IMAGE_TYPES = { 'image/jpeg': [], 'image/png': [], 'image/webp': [], 'image/avif': [], 'image/gif': [] };

/** The stored URL shown as the current image; a newly chosen file keeps react-admin's `{ rawFile, src }`. */
const showStoredImage = (value: unknown) => (typeof value === 'string' && value ? { src: value, title: 'Current image' } : value);

/**
 * An image picker that previews the current image on edit screens. The chosen file is uploaded when the
 * record is saved (see data/uploads.ts), and the record stores the returned URL.
 */
export const ImageUploadInput = ({ source = 'image', label = 'Image', helperText, ...rest }: Partial<ImageInputProps>) => (
  <ImageInput
    source={source}
    label={label}
    accept={IMAGE_TYPES}
    format={showStoredImage}
    placeholder={<p>Drop a picture here, or click to choose one (JPEG, PNG, WebP, AVIF or GIF).</p>}
    helperText={helperText ?? 'To replace the image, remove it with the cross and choose another.'}
    inputProps={{ 'aria-label': typeof label === 'string' ? label : 'Image' }}
    {...rest}
  >
    <ImageField source="src" title="title" sx={{ '& img': { maxHeight: '12rem !important', maxWidth: '100%' } }} />
  </ImageInput>
);

const choices = (values: string[]) => values.map((id) => ({ id, name: STATUS_LABELS[id] ?? id }));

export const REQUEST_STATUSES = choices(['New', 'InProgress', 'Waiting', 'Closed']);
export const POST_STATUSES = [
  { id: 'Authorised', name: 'Authorised (shown on the website)' },
  { id: 'UnAuthorised', name: 'Not authorised (hidden from the website)' },
];

/** What each status of a request means, in one line for the status input. */
export const REQUEST_STATUS_HELP = 'New: not looked at yet. In progress: someone is dealing with it. Waiting: we wait for an answer from the person who asked. Closed: done.';

/** Status of an enquiry or request: New, In progress, Waiting for an answer, Closed. */
export const RequestStatusInput = (props: Partial<SelectInputProps>) => (
  <SelectInput source="status" label="Status" choices={REQUEST_STATUSES} optionText="name" {...props} />
);

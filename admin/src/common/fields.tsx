import { Chip, Typography } from '@mui/material';
import { DateField, useRecordContext, type DateFieldProps } from 'react-admin';
import { formatId, formatMoney, plainText } from './format';

type SourceProps = { source?: string; label?: string };

const valueAt = (record: Record<string, unknown> | undefined, path: string): unknown =>
  path.split('.').reduce<unknown>((value, key) => (value && typeof value === 'object' ? (value as Record<string, unknown>)[key] : undefined), record);

/** The record's id as the spec shows it ('000' + id). */
export const IdField = ({ source = 'id' }: SourceProps) => {
  const record = useRecordContext();
  return <Typography variant="body2" component="span">{formatId(valueAt(record, source))}</Typography>;
};

/**
 * An amount in 0,0.00 with its currency sign. The currency is the `currency` prop, else the record's
 * `currencySource` field, else GBP (books are sold in pounds).
 */
export const MoneyField = ({ source = 'amount', currencySource = 'currency', currency: fixedCurrency }: SourceProps & { currencySource?: string; currency?: string }) => {
  const record = useRecordContext();
  const currency = fixedCurrency ?? valueAt(record, currencySource);
  return (
    <Typography variant="body2" component="span" sx={{ whiteSpace: 'nowrap' }}>
      {formatMoney(valueAt(record, source), typeof currency === 'string' ? currency : 'GBP')}
    </Typography>
  );
};

/** Short plain-text preview of an HTML or long text field. */
export const PreviewField = ({ source, max = 100 }: SourceProps & { source: string; max?: number }) => {
  const record = useRecordContext();
  return <Typography variant="body2" component="span">{plainText(valueAt(record, source), max)}</Typography>;
};

/** First and last name of a nested person (`user`, `author`). */
export const PersonField = ({ source = 'user' }: SourceProps) => {
  const record = useRecordContext();
  const person = valueAt(record, source) as { firstname?: string; lastname?: string; title?: string } | undefined;
  return <Typography variant="body2" component="span">{person ? [person.firstname, person.lastname].filter(Boolean).join(' ') : ''}</Typography>;
};

const STATUS_COLOURS: Record<string, 'default' | 'primary' | 'success' | 'warning' | 'error' | 'info'> = {
  New: 'warning',
  InProgress: 'info',
  Waiting: 'primary',
  Closed: 'default',
  Authorised: 'success',
  UnAuthorised: 'warning',
  Created: 'default',
  Paid: 'success',
  Shipped: 'info',
  Refunded: 'default',
  Failed: 'error',
  Active: 'success',
  ApprovalPending: 'warning',
  Suspended: 'warning',
  Cancelled: 'default',
  Expired: 'default',
};

export const STATUS_LABELS: Record<string, string> = {
  New: 'New',
  InProgress: 'In progress',
  Waiting: 'Waiting for an answer',
  Closed: 'Closed',
  Authorised: 'Authorised',
  UnAuthorised: 'Not authorised',
  ApprovalPending: 'Waiting for approval',
};

export const StatusField = ({ source = 'status' }: SourceProps) => {
  const record = useRecordContext();
  const status = valueAt(record, source);
  if (typeof status !== 'string') return null;
  return <Chip size="small" label={STATUS_LABELS[status] ?? status} color={STATUS_COLOURS[status] ?? 'default'} />;
};

/** Dates in British format with the time, e.g. 21/11/2025, 14:05. */
export const WhenField = ({ source = 'createdAt', ...props }: Omit<DateFieldProps, 'source'> & { source?: string }) => (
  <DateField source={source} showTime locales="en-GB" options={{ dateStyle: 'short', timeStyle: 'short' }} {...props} />
);

/** A small image preview; `link` makes it open the record for editing. */
export const Thumbnail = ({ source = 'image', height = 60 }: SourceProps & { height?: number }) => {
  const record = useRecordContext();
  const src = valueAt(record, source);
  if (typeof src !== 'string' || !src) return <Typography variant="body2" color="text.secondary">No image</Typography>;
  const alt = String(record?.title ?? record?.name ?? 'Image');
  return <img src={src} alt={alt} loading="lazy" style={{ height, maxWidth: height * 4, objectFit: 'cover', borderRadius: 4, display: 'block' }} />;
};

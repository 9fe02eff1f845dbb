import CurrencyExchangeIcon from '@mui/icons-material/CurrencyExchange';
import { Button as MuiButton, Dialog, DialogActions, DialogContent, DialogContentText, DialogTitle, TextField as MuiTextField } from '@mui/material';
import { useId, useState } from 'react';
import { Button, useRecordContext } from 'react-admin';
import { formatMoney, londonToday } from '../common/format';
import { useAction } from '../common/useAction';
import { useAdminDataProvider } from '../data/useAdminDataProvider';

type DollarGift = { id: string; currency?: string; amount?: number; status?: string; giftAidClaimId?: string | null };

export interface SterlingForm {
  pounds: string;
  rate: string;
  source: string;
  date: string;
}

/** What is wrong with the form, field by field, in the words the server would use; empty when it can be sent. */
export function sterlingProblems(form: SterlingForm, dollars: number): Partial<Record<keyof SterlingForm, string>> {
  const problems: Partial<Record<keyof SterlingForm, string>> = {};
  const pounds = form.pounds.trim();
  const rate = form.rate.trim();
  if (!/^\d+(\.\d{1,2})?$/.test(pounds) || Number(pounds) <= 0) problems.pounds = 'Enter the pounds, e.g. 15.70';
  if (rate && !/^\d{1,4}(\.\d{1,8})?$/.test(rate)) problems.rate = 'Pounds to the dollar, e.g. 0.7850';
  else if (rate && !problems.pounds && Math.abs(Math.round(dollars * 100 * Number(rate)) - Math.round(Number(pounds) * 100)) > 1) {
    problems.pounds = `At ${rate}, ${formatMoney(dollars, 'USD')} is ${formatMoney(Math.round(dollars * 100 * Number(rate)) / 100, 'GBP')}`;
  }
  if (rate && !form.source.trim()) problems.source = 'Say where the rate came from, e.g. PayPal statement';
  if (form.source.trim().length > 60) problems.source = 'At most 60 characters';
  if (rate && !form.date) problems.date = 'The day the rate applies to';
  if (form.date && form.date > londonToday()) problems.date = 'Today or earlier';
  return problems;
}

/**
 * Finance enters what a dollar gift was worth in pounds when PayPal did not say, so Gift Aid can be claimed on it:
 * the pounds, and the rate with where it came from and its day, kept with the gift for HMRC's auditors.
 */
export const SterlingAmount = () => {
  const record = useRecordContext<DollarGift>();
  const dataProvider = useAdminDataProvider();
  const { busy, run } = useAction();
  const [open, setOpen] = useState(false);
  const [form, setForm] = useState<SterlingForm>({ pounds: '', rate: '', source: '', date: '' });
  const id = useId();
  if (!record || record.currency !== 'USD') return null;

  const dollars = record.amount ?? 0;
  const problems = sterlingProblems(form, dollars);
  const ready = Object.keys(problems).length === 0;
  const field = (name: keyof SterlingForm) => ({
    value: form[name],
    onChange: (event: { target: { value: string } }) => setForm({ ...form, [name]: event.target.value }),
    error: Boolean(problems[name]) && form[name] !== '',
    margin: 'normal' as const,
    fullWidth: true,
  });
  const save = async () => {
    if (!ready) return;
    const sterling = {
      amount: Number(form.pounds),
      rate: form.rate.trim() || undefined,
      rateSource: form.source.trim() || undefined,
      rateDate: form.date || undefined,
    };
    if (await run(() => dataProvider.setDonationSterlingAmount(record.id, sterling), `The gift is recorded as ${formatMoney(sterling.amount, 'GBP')}`)) setOpen(false);
  };

  return (
    <>
      <Button label="Amount in pounds" onClick={() => setOpen(true)} disabled={busy || record.status !== 'Paid' || Boolean(record.giftAidClaimId)}>
        <CurrencyExchangeIcon />
      </Button>
      <Dialog open={open} onClose={() => setOpen(false)} aria-labelledby={`${id}-title`}>
        <DialogTitle id={`${id}-title`}>What was this gift worth in pounds?</DialogTitle>
        <DialogContent>
          <DialogContentText>
            Gift Aid is claimed on the pounds a gift of {formatMoney(dollars, 'USD')} was worth. Give the rate and where it came from (your PayPal statement, the Bank of
            England) so HMRC can follow it.
          </DialogContentText>
          <MuiTextField label="In pounds (GBP)" inputMode="decimal" {...field('pounds')} helperText={problems.pounds ?? ' '} required />
          <MuiTextField label="Rate: pounds to the dollar" inputMode="decimal" {...field('rate')} helperText={problems.rate ?? 'e.g. 0.7850; optional'} />
          <MuiTextField label="Where the rate came from" {...field('source')} helperText={problems.source ?? 'e.g. PayPal statement, Bank of England'} />
          <MuiTextField
            label="Day of the rate"
            type="date"
            {...field('date')}
            slotProps={{ inputLabel: { shrink: true }, htmlInput: { max: londonToday() } }}
            helperText={problems.date ?? ' '}
          />
        </DialogContent>
        <DialogActions>
          <MuiButton onClick={() => setOpen(false)} autoFocus>
            Cancel
          </MuiButton>
          <MuiButton onClick={() => void save()} variant="contained" disabled={busy || !ready}>
            Save
          </MuiButton>
        </DialogActions>
      </Dialog>
    </>
  );
};

import { useState, type ReactElement } from 'react';
import { Button, Confirm, useDataProvider, useNotify, useRecordContext, useRefresh } from 'react-admin';
import type { AdminDataProvider, OrderActions } from '../data/dataProvider';

type Props = {
  action: keyof OrderActions;
  label: string;
  icon: ReactElement;
  /** Statuses in which the action makes sense; the button is disabled otherwise. */
  allowedWhen: string[];
  confirmTitle: string;
  confirmContent: string;
  done: string;
};

/** A payment or shipping action on one order, run only after the admin confirms it. */
export const OrderActionButton = ({ action, label, icon, allowedWhen, confirmTitle, confirmContent, done }: Props) => {
  const record = useRecordContext<{ id: string; status?: string }>();
  const dataProvider = useDataProvider<AdminDataProvider>();
  const notify = useNotify();
  const refresh = useRefresh();
  const [open, setOpen] = useState(false);
  const [busy, setBusy] = useState(false);
  if (!record) return null;

  const run = async () => {
    setBusy(true);
    try {
      await dataProvider[action](record.id);
      notify(done, { type: 'success' });
      refresh();
    } catch (error) {
      notify((error as Error).message, { type: 'error' });
    } finally {
      setBusy(false);
      setOpen(false);
    }
  };

  return (
    <>
      <Button label={label} onClick={() => setOpen(true)} disabled={busy || !allowedWhen.includes(record.status ?? '')}>
        {icon}
      </Button>
      <Confirm isOpen={open} loading={busy} title={confirmTitle} content={confirmContent} confirm="Yes" cancel="No, go back" onConfirm={() => void run()} onClose={() => setOpen(false)} />
    </>
  );
};

import { useState, type ReactElement } from 'react';
import { Button, useDataProvider, useRecordContext } from 'react-admin';
import type { AdminDataProvider, OrderActions } from '../data/dataProvider';
import { SafeConfirm } from './SafeConfirm';
import { useAction } from './useAction';

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
  const { busy, run } = useAction();
  const [open, setOpen] = useState(false);
  if (!record) return null;

  const confirm = async () => {
    await run(() => dataProvider[action](record.id), done);
    setOpen(false);
  };

  return (
    <>
      <Button label={label} onClick={() => setOpen(true)} disabled={busy || !allowedWhen.includes(record.status ?? '')}>
        {icon}
      </Button>
      <SafeConfirm isOpen={open} loading={busy} title={confirmTitle} content={confirmContent} confirm="Yes" cancel="No, go back" onConfirm={() => void confirm()} onClose={() => setOpen(false)} />
    </>
  );
};

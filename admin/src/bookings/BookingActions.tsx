import EventBusyIcon from '@mui/icons-material/EventBusy';
import UndoIcon from '@mui/icons-material/Undo';
import { useState } from 'react';
import { Button, useRecordContext } from 'react-admin';
import type { BookingStatus } from '@ministry/shared';
import { formatMoney } from '../common/format';
import { SafeConfirm } from '../common/SafeConfirm';
import { useAction } from '../common/useAction';
import { useAdminDataProvider } from '../data/useAdminDataProvider';
import { CANCELLABLE, isRefundable } from './bookingWords';

type ActionableBooking = { id: string; reference: string; status: BookingStatus; bookerName: string; amount?: number; currency?: string };

/** Cancels one booking at any time; a paid one is refunded in full and the booker is told by e-mail. */
export const CancelBookingButton = () => {
  const record = useRecordContext<ActionableBooking>();
  const dataProvider = useAdminDataProvider();
  const { busy, run } = useAction();
  const [asking, setAsking] = useState(false);
  if (!record) return null;
  const paid = isRefundable(record);
  const cancel = async () => {
    await run(() => dataProvider.cancelBooking(record.id), paid ? `Booking ${record.reference} is cancelled and refunded` : `Booking ${record.reference} is cancelled`);
    setAsking(false);
  };
  return (
    <>
      <Button label="Cancel booking" onClick={() => setAsking(true)} disabled={busy || !CANCELLABLE.includes(record.status)}>
        <EventBusyIcon />
      </Button>
      <SafeConfirm
        isOpen={asking}
        loading={busy}
        title={`Cancel ${record.bookerName}’s booking?`}
        content={`Their places are freed for others${paid ? `, the ${formatMoney(record.amount, record.currency)} they paid is refunded in full through PayPal,` : ''} and they are told by e-mail. This cannot be undone.`}
        confirm="Yes, cancel it"
        cancel="No, keep it"
        onConfirm={() => void cancel()}
        onClose={() => setAsking(false)}
      />
    </>
  );
};

/** Gives back all a booker paid through PayPal; the booking is then Refunded. */
export const RefundBookingButton = () => {
  const record = useRecordContext<ActionableBooking>();
  const dataProvider = useAdminDataProvider();
  const { busy, run } = useAction();
  const [asking, setAsking] = useState(false);
  if (!record) return null;
  const amount = formatMoney(record.amount, record.currency);
  const refund = async () => {
    await run(() => dataProvider.refundBooking(record.id), `${amount} is refunded to ${record.bookerName}`);
    setAsking(false);
  };
  return (
    <>
      <Button label="Refund" onClick={() => setAsking(true)} disabled={busy || !isRefundable(record)}>
        <UndoIcon />
      </Button>
      <SafeConfirm
        isOpen={asking}
        loading={busy}
        title={`Refund ${amount} to ${record.bookerName}?`}
        content="The money goes back through PayPal, the booking ends and its places are freed for others. This cannot be undone."
        confirm={`Refund ${amount}`}
        cancel="No, go back"
        onConfirm={() => void refund()}
        onClose={() => setAsking(false)}
      />
    </>
  );
};

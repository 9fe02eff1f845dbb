import { useEffect, useState } from 'react';
import { formatDate, formatMoney } from '../../lib/format';
import { GIFT_AID_STATUS_LABELS, useGivingStatements, type GivingStatement } from './gift-aid';
import './giving-statements.css';

/** Prints one statement: the print stylesheet shows only the statement marked while the dialog is open. */
function printStatement(taxYear: number, mark: (year: number | undefined) => void) {
  mark(taxYear);
  document.documentElement.dataset.print = 'statement';
  const done = () => {
    delete document.documentElement.dataset.print;
    mark(undefined);
    window.removeEventListener('afterprint', done);
  };
  window.addEventListener('afterprint', done);
  // Let React mark the statement before the print dialog takes its snapshot.
  requestAnimationFrame(() => window.print());
}

function Statement({ statement, printing, onPrint }: { statement: GivingStatement; printing: boolean; onPrint: () => void }) {
  const heading = `Giving statement ${statement.label}`;
  return (
    <section className={`statement${printing ? ' statement-printing' : ''}`} aria-labelledby={`statement-${statement.taxYear}`}>
      <div className="record-head">
        <h3 id={`statement-${statement.taxYear}`}>{heading}</h3>
        <button type="button" className="button ghost small" onClick={onPrint} aria-label={`Print your ${heading}`}>
          Print
        </button>
      </div>
      <p className="record-meta">
        UK tax year {formatDate(statement.from)} to {formatDate(statement.to)} · Total given: {statement.totals.map((total) => formatMoney(total.amount, total.currency)).join(' and ') || 'nothing'}
      </p>
      <table className="statement-table">
        <thead>
          <tr>
            <th scope="col">Date</th>
            <th scope="col">Amount</th>
            <th scope="col">Gift Aid</th>
          </tr>
        </thead>
        <tbody>
          {statement.donations.map((gift) => (
            <tr key={gift.id}>
              <td>{formatDate(gift.paidAt)}</td>
              <td>
                {formatMoney(gift.amount, gift.currency)}
                {gift.status === 'Refunded' && ' (refunded)'}
              </td>
              <td>{GIFT_AID_STATUS_LABELS[gift.giftAidStatus]}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </section>
  );
}

/** The member's donations by UK tax year (6 April to 5 April), each year printable on its own. */
export function GivingStatements() {
  const { data, loading, failed } = useGivingStatements();
  const [printing, setPrinting] = useState<number>();
  useEffect(() => () => void delete document.documentElement.dataset.print, []);
  const statements = data?.myGivingStatements ?? [];
  return (
    <>
      {loading && !data && <p role="status">Loading your giving statements…</p>}
      {failed && <p className="form-alert">Your giving statements could not be loaded. Please try again.</p>}
      {data && !statements.length && <p>No gifts yet: your statements appear here after your first donation.</p>}
      {statements.map((statement) => (
        <Statement key={statement.taxYear} statement={statement} printing={printing === statement.taxYear} onPrint={() => printStatement(statement.taxYear, setPrinting)} />
      ))}
    </>
  );
}

import type { EntityManager } from 'typeorm';
import type { PeriodSettings } from '../site/index.js';
import { periodOf } from './gift-aid/accounting-period.js';
import { londonDay, shiftYears } from './gift-aid/tax-year.js';

/** HMRC and the Charities Act: the records behind the accounts and a Gift Aid claim are kept six years after the period's end. */
export const ACCOUNTS_YEARS = 6;

/**
 * The first day whose records are still kept on `now`: everything of an earlier day belongs to a period that ended
 * more than six years ago. The day six years back falls in the oldest period still kept, so that period's first day.
 */
export const keptFrom = (now: Date, settings: PeriodSettings): string => periodOf(shiftYears(londonDay(now), -ACCOUNTS_YEARS), settings).from;

/** The London day a gift or an order counts on, in SQL: the day it was paid, or made if it never was. */
const DAY_OF = (alias: string) => `(coalesce(${alias}.paid_at, ${alias}.created_at) AT TIME ZONE 'Europe/London')::date`;

/**
 * Gifts, monthly gifts, orders, declarations and claim rows whose six years are over stay as figures for the accounts but no
 * longer lead to a person; answers one phrase per kind of record changed.
 */
export async function unlinkPastAccounts(now: Date, settings: PeriodSettings, manager: EntityManager): Promise<string[]> {
  const from = keptFrom(now, settings);
  const done: string[] = [];
  const count = async (phrase: string, sql: string, parameters: unknown[] = [from]) => {
    const [, changed] = await manager.query<[unknown, number]>(sql, parameters);
    if (changed) done.push(`${changed} ${phrase}`);
  };
  await count('donations no longer linked to their donor', `UPDATE donations d SET user_id = NULL WHERE d.user_id IS NOT NULL AND ${DAY_OF('d')} < $1::date`);
  // A monthly gift that ended counts from its last payment (or its end, if it never paid); one still running is current.
  await count(
    'monthly gifts no longer linked to their donor',
    `UPDATE regular_donations r SET user_id = NULL
      WHERE r.user_id IS NOT NULL AND r.status IN ('Cancelled', 'Expired')
        AND greatest((coalesce(r.cancelled_at, r.updated_at) AT TIME ZONE 'Europe/London')::date,
                     (SELECT max(${DAY_OF('d')}) FROM donations d WHERE d.regular_donation_id = r.id)) < $1::date`,
  );
  await count(
    'book orders no longer linked to their buyer',
    `UPDATE book_orders o SET user_id = NULL, delivery_address = '' WHERE (o.user_id IS NOT NULL OR o.delivery_address <> '') AND ${DAY_OF('o')} < $1::date`,
  );
  // A declaration lasts as long as the last gift it covers (or, covering none, the day it was made).
  await count(
    'Gift Aid declarations anonymised',
    `UPDATE gift_aid_declarations g SET user_id = NULL, recorded_by = NULL, cancelled_by = NULL, title = '', first_name = '', last_name = '',
            house_name_or_number = '', postcode = '', cancellation_note = ''
      WHERE (g.user_id IS NOT NULL OR g.first_name <> '' OR g.house_name_or_number <> '' OR g.recorded_by IS NOT NULL OR g.cancelled_by IS NOT NULL)
        AND greatest(g.declared_on, (SELECT max(${DAY_OF('d')}) FROM donations d WHERE d.gift_aid_declaration_id = g.id)) < $1::date`,
  );
  await count(
    'Gift Aid claim rows without names and addresses',
    `UPDATE gift_aid_claim_rows r SET title = '', first_name = '', last_name = '', house_name_or_number = '', postcode = ''
       FROM gift_aid_claims c
      WHERE c.id = r.claim_id AND c.keep_until < $1::date
        AND (r.title <> '' OR r.first_name <> '' OR r.last_name <> '' OR r.house_name_or_number <> '' OR r.postcode <> '')`,
    // A claim stored its own date, six years after the period of the last gift it claimed.
    [londonDay(now)],
  );
  return done;
}

/**
 * PayPal's notices carry the payer's name, address and e-mail; once `days` have passed (PayPal's retries and our
 * own long over) only the id is kept, so a replay is still recognised and ignored.
 */
export async function emptyOldNotices(now: Date, days: number, manager: EntityManager): Promise<string[]> {
  const [, emptied] = await manager.query<[unknown, number]>(
    `UPDATE paypal_webhook_events SET body = '{}'::jsonb WHERE body <> '{}'::jsonb AND received_at < $1::timestamptz - make_interval(days => $2)`,
    [now, days],
  );
  return emptied ? [`${emptied} PayPal notices emptied`] : [];
}

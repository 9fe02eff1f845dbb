import { Inject, Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import type { AuthUser } from '../access/auth-user.js';
import { PersonalDataSource } from '../common/personal-data-source.js';
import { APP_CONFIG, type AppConfig } from '../config/app-config.js';
import type { DataSubject, PersonalDataContribution, RetentionDone } from '../privacy/index.js';
import { SiteSettingsService } from '../site/index.js';
import { emptyOldNotices, unlinkPastAccounts } from './commerce-retention.js';
import { RegularDonationService } from './regular-donations/regular-donation.service.js';

/**
 * Gifts, book orders and Gift Aid: records the charity must keep for its accounts and for HMRC (six years), so
 * erasure keeps them, pointing at an account that no longer names anyone, and removes only where a book was to go.
 */
@PersonalDataSource()
@Injectable()
export class CommercePersonalData implements PersonalDataContribution {
  readonly tables = [
    'donations',
    'donation_refunds',
    'regular_donations',
    'book_orders',
    'gift_aid_declarations',
    'gift_aid_claims',
    'gift_aid_claim_rows',
    'paypal_webhook_events',
  ];

  constructor(
    private readonly regularGifts: RegularDonationService,
    private readonly siteSettings: SiteSettingsService,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  /** Monthly gifts are stopped at PayPal first: one PayPal could not stop refuses the erasure. */
  async beforeErasure(member: AuthUser) {
    await this.regularGifts.cancelAllBeforeErasure(member);
  }

  uses() {
    return [
      {
        record: 'Gifts, monthly gifts, book orders and Gift Aid',
        purposes: ['to take your gifts and claim Gift Aid on them', 'to send you the books you ordered', 'to keep the accounts a charity must keep'],
        recipients: ['PayPal, which takes your payments and monthly gifts', 'HMRC, to which our Gift Aid claims name you', 'Our e-mail provider, which delivers your receipts'],
      },
    ];
  }

  async export({ userId }: DataSubject, manager: EntityManager) {
    if (userId === null) return { donations: [], bookOrders: [], giftAidDeclarations: [], regularDonations: [], giftAidClaims: [] };
    const byUser = (sql: string) => manager.query<Record<string, unknown>[]>(sql, [userId]);
    const donations = await byUser(
      `SELECT d.id, (d.amount_minor / 100.0)::float8 AS amount, d.currency, d.description, d.status, d.created_at AS "createdAt", d.paid_at AS "paidAt",
              d.refunded_at AS "refundedAt", (d.refunded_amount_minor / 100.0)::float8 AS "refundedAmount",
              coalesce((SELECT json_agg(json_build_object('kind', r.kind, 'amount', (r.amount_minor / 100.0)::float8, 'refundedAt', r.refunded_at) ORDER BY r.refunded_at, r.id)
                          FROM donation_refunds r WHERE r.donation_id = d.id), '[]') AS refunds
         FROM donations d WHERE d.user_id = $1 ORDER BY d.created_at, d.id`,
    );
    const bookOrders = await byUser(
      `SELECT id, items, (amount_minor / 100.0)::float8 AS amount, currency, status, delivery_address AS "deliveryAddress", created_at AS "createdAt",
              paid_at AS "paidAt", shipped_at AS "shippedAt", refunded_at AS "refundedAt"
         FROM book_orders WHERE user_id = $1 ORDER BY created_at, id`,
    );
    const giftAidDeclarations = await byUser(
      `SELECT id, version, scope, title, first_name AS "firstName", last_name AS "lastName", house_name_or_number AS "houseNameOrNumber", postcode,
              lives_abroad AS "livesAbroad", wording_version AS "wordingVersion", wording, effective_from AS "effectiveFrom", created_at AS "createdAt",
              source, to_char(declared_on, 'YYYY-MM-DD') AS "declaredOn", confirmation_sent_at AS "confirmationSentAt",
              cancelled_at AS "cancelledAt", cancellation_method AS "cancellationMethod" FROM gift_aid_declarations WHERE user_id = $1 ORDER BY created_at, id`,
    );
    const regularDonations = await byUser(
      `SELECT id, (amount_minor / 100.0)::float8 AS amount, currency, status, paypal_subscription_id AS "paypalSubscriptionId", gift_aid AS "giftAid",
              created_at AS "createdAt", next_billing_at AS "nextBillingAt", cancelled_at AS "cancelledAt" FROM regular_donations WHERE user_id = $1 ORDER BY created_at, id`,
    );
    // A donor's own row names them; an aggregated row adds up small gifts and names nobody.
    const giftAidClaims = await byUser(
      `SELECT c.id AS claim, c.hmrc_reference AS "hmrcReference", c.status, c.submitted_at AS "submittedAt", to_char(r.donation_date, 'YYYY-MM-DD') AS "donationDate",
              (r.amount_minor / 100.0)::float8 AS amount, r.title, r.first_name AS "firstName", r.last_name AS "lastName",
              r.house_name_or_number AS "houseNameOrNumber", r.postcode
         FROM gift_aid_claim_rows r JOIN gift_aid_claims c ON c.id = r.claim_id
        WHERE r.donation_id IN (SELECT id FROM donations WHERE user_id = $1) OR r.declaration_id IN (SELECT id FROM gift_aid_declarations WHERE user_id = $1)
        ORDER BY c.created_at, r.claim_id, r.position`,
    );
    return { donations, bookOrders, giftAidDeclarations, regularDonations, giftAidClaims };
  }

  /**
   * Donations, refunds and monthly gifts (already stopped at PayPal) are kept for the accounts; Gift Aid
   * declarations and claim rows, with the donor's name and address, as HMRC requires. A book order's delivery
   * address is no longer needed once the order is done with: it goes.
   */
  async erase({ userId }: DataSubject, manager: EntityManager) {
    if (userId === null) return;
    await manager.query(`UPDATE book_orders SET delivery_address = '' WHERE user_id = $1`, [userId]);
  }

  retention() {
    return {
      rank: 40,
      rules: [
        {
          record: 'Donations and book orders',
          period: 'Six years after the end of the accounting period they fall in',
          action: 'Kept for the accounts; without your name once you delete your account, and no longer linked to you (nor the delivery address kept) after the six years',
        },
        {
          record: 'Monthly gifts',
          period: 'While they run; once ended, six years after the end of the accounting period of their last payment',
          action: 'Kept for the accounts; then no longer linked to you',
        },
        {
          record: 'Gift Aid declarations and claims',
          period: "Six years after the end of the charity's accounting year (a trust's: the tax year) of the last donation they cover",
          action: 'Kept as HMRC requires, even after you delete your account; then names and addresses removed',
        },
        {
          record: 'PayPal’s payment notices (webhooks), which carry the payer’s name and address',
          period: `${this.config.retention.paypalNoticesDays} days`,
          action: 'Emptied; only the notice’s id is kept, so a repeated notice is still ignored',
        },
      ],
    };
  }

  async applyRetention(now: Date, manager: EntityManager): Promise<RetentionDone> {
    const done = await unlinkPastAccounts(now, this.siteSettings.periodSettings(), manager);
    done.push(...(await emptyOldNotices(now, this.config.retention.paypalNoticesDays, manager)));
    return { done };
  }
}

import type { EntityManager } from 'typeorm';
import type { User } from '../auth/index.js';
import {
  BookOrder,
  BookOrderStatus,
  DeclarationScope,
  DeclarationSource,
  Donation,
  DonationRefund,
  DonationRefundKind,
  DonationStatus,
  GiftAidClaimService,
  GiftAidDeclarationService,
  londonDay,
  RegularDonation,
  RegularDonationStatus,
} from '../commerce/index.js';
import { daysAgo, type DemoMember } from './demo-people.js';

/** The services that keep giving's rules: a declaration's wording and dates, a claim's rows and totals. */
export interface GivingServices {
  declarations: GiftAidDeclarationService;
  claims: GiftAidClaimService;
}

/** PayPal-shaped ids that say what they are, so no one mistakes them for real payments; unique within a seed. */
function demoIds(): (prefix: string) => string {
  let count = 0;
  return (prefix) => `DEMO-${prefix}-${String((count += 1)).padStart(4, '0')}`;
}

/** A completed gift in pounds, paid on the day given. */
async function give(manager: EntityManager, demoId: (prefix: string) => string, donor: User, days: number, amountMinor: number, fields: Partial<Donation> = {}): Promise<Donation> {
  const paidAt = daysAgo(days, 11);
  return manager.save(
    manager.create(Donation, {
      userId: donor.id,
      amountMinor,
      currency: 'GBP',
      description: 'General fund',
      status: DonationStatus.Paid,
      paypalOrderId: demoId('ORDER'),
      captureId: demoId('CAPTURE'),
      captureStatus: 'COMPLETED',
      paidAt,
      createdAt: paidAt,
      updatedAt: paidAt,
      ...fields,
    }),
  );
}

/** An enduring declaration made online on the day given, through the service that words and dates it. */
const declare = (manager: EntityManager, services: GivingServices, donor: DemoMember, days: number) =>
  services.declarations.declare(
    manager,
    donor.id,
    { scope: DeclarationScope.Enduring, title: 'Mrs', firstName: donor.firstname, lastName: donor.lastname, houseNameOrNumber: donor.house, postcode: donor.postcode },
    { source: DeclarationSource.Online, madeOn: londonDay(daysAgo(days)), recordedBy: null },
  );

/** The day before the first of this month in London: the claim covers whole months, this one left for later. */
function endOfLastMonth(): string {
  const first = new Date(`${londonDay(new Date()).slice(0, 8)}01T12:00:00Z`);
  return new Date(first.getTime() - 24 * 60 * 60 * 1000).toISOString().slice(0, 10);
}

/**
 * Gifts over the last months: one-off gifts with and without Gift Aid, one refunded in part, a monthly gift and its
 * payments, a book order; then a Draft Gift Aid claim made by the console's own service, so its rows and totals are
 * what Finance would get.
 */
export async function seedDemoGiving(manager: EntityManager, services: GivingServices, [hannah, tobias, amara]: DemoMember[], finance: User | null): Promise<Record<string, string[]>> {
  const demoId = demoIds();
  const hannahs = await declare(manager, services, hannah, 170);
  const gifts = [
    await give(manager, demoId, hannah, 165, 5000, { giftAid: true, giftAidDeclarationId: hannahs.id }),
    await give(manager, demoId, hannah, 120, 2500),
    await give(manager, demoId, tobias, 140, 2000, { giftAid: false, description: 'Youth camp' }),
    await give(manager, demoId, tobias, 60, 1500),
    await give(manager, demoId, hannah, 18, 3000, { description: 'Harvest appeal' }),
  ];

  // Refunded in part before any claim: the claim asks only on what was kept.
  const refunded = await give(manager, demoId, hannah, 95, 10000, { description: 'Building fund' });
  const refundedAt = daysAgo(90, 15);
  const refund = await manager.save(manager.create(DonationRefund, { donationId: refunded.id, paypalId: demoId('REFUND'), kind: DonationRefundKind.Refund, amountMinor: 4000, sterlingMinor: 4000, refundedAt, createdAt: refundedAt }));
  await manager.update(Donation, refunded.id, { refundedAmountMinor: 4000, captureStatus: 'PARTIALLY_REFUNDED' });
  gifts.push(refunded);

  const amaras = await declare(manager, services, amara, 131);
  const started = daysAgo(130);
  const monthly = await manager.save(
    manager.create(RegularDonation, {
      userId: amara.id,
      amountMinor: 2000,
      currency: 'GBP',
      status: RegularDonationStatus.Active,
      giftAid: true,
      paypalSubscriptionId: demoId('SUBSCRIPTION'),
      nextBillingAt: daysAgo(-20),
      createdAt: started,
      updatedAt: started,
    }),
  );
  for (const days of [130, 100, 70, 40, 10]) {
    gifts.push(await give(manager, demoId, amara, days, 2000, { regularDonationId: monthly.id, giftAid: true, description: 'Monthly gift' }));
  }

  const books: { id: number; title: string; price_pence: number }[] = await manager.query('SELECT id, title, price_pence FROM books ORDER BY id LIMIT 2');
  const lines = books.map((book, i) => ({ bookId: book.id, title: book.title, unitPricePence: book.price_pence, quantity: i + 1 }));
  const ordered = daysAgo(30, 16);
  const order = await manager.save(
    manager.create(BookOrder, {
      userId: tobias.id,
      lines,
      amountMinor: lines.reduce((sum, line) => sum + line.unitPricePence * line.quantity, 0),
      currency: 'GBP',
      status: BookOrderStatus.Shipped,
      deliveryAddress: `${tobias.house}, ${tobias.city} ${tobias.postcode}`,
      paypalOrderId: demoId('ORDER'),
      captureId: demoId('CAPTURE'),
      captureStatus: 'COMPLETED',
      paidAt: ordered,
      shippedAt: daysAgo(28),
      createdAt: ordered,
      updatedAt: ordered,
    }),
  );

  const from = `${londonDay(daysAgo(170)).slice(0, 8)}01`;
  // Making a claim is staff's act: without demo staff (production) no real account is made to have made one.
  const claims = finance ? await services.claims.create({ caller: finance, address: 'localhost' }, { from, to: endOfLastMonth() }, manager) : [];
  const ids = (records: { id: number }[]) => records.map(({ id }) => String(id));
  return {
    GiftAidDeclaration: ids([hannahs, amaras]),
    Donation: ids(gifts),
    DonationRefund: ids([refund]),
    RegularDonation: ids([monthly]),
    BookOrder: ids([order]),
    GiftAidClaim: ids(claims),
  };
}

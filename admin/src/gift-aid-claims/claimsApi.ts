import { SCHEDULE_COLUMNS } from '@ministry/shared';
import type { Transport } from '../data/transport';

/** A schedule row's cells by field, the fields being HMRC's columns (`SCHEDULE_COLUMNS`). */
export type ScheduleRow = Record<string, string>;

export type ClaimStatus = 'Draft' | 'Submitted' | 'Paid' | 'Rejected';

/** A claim of a batch, as its page lists the batch. */
export type BatchClaim = { id: string; batchNumber: number; status: ClaimStatus; rowCount: number };

export type ClaimPreview = {
  donationCount: number;
  claimCount: number;
  donationsTotal: number;
  taxToReclaim: number;
  adjustment: number;
  adjustmentNote: string;
  rows: ScheduleRow[];
  adjustments: ClaimAdjustment[];
  /** Refunds to declare that do not fit this claim's Box 2, which may not exceed the tax it asks for. */
  waitingAdjustments: ClaimAdjustment[];
};

type ClaimAdjustment = { donationId: string; claimId: string; amount: number; tax: number };

export type ClaimPeriod = { from: string; to: string; aggregate: boolean };

const PREVIEW = `query GiftAidClaimPreview($from: String!, $to: String!, $aggregate: Boolean) {
  giftAidClaimPreview(from: $from, to: $to, aggregate: $aggregate) {
    donationCount claimCount donationsTotal taxToReclaim adjustment adjustmentNote rows { ${SCHEDULE_COLUMNS.map((column) => column.field).join(' ')} }
    adjustments { donationId claimId amount tax } waitingAdjustments { donationId claimId amount tax } } }`;

const BATCH = `query GiftAidClaimBatch($batchId: ID!) {
  allGiftAidClaims(filter: { batchId: $batchId }, sortField: "id", sortOrder: "ASC") { id batchNumber status rowCount } }`;

const SUBMIT = 'mutation SubmitGiftAidClaim($id: ID!, $hmrcReference: String!) { submitGiftAidClaim(id: $id, hmrcReference: $hmrcReference) { id status } }';

const RECORD_PAYMENT =
  'mutation RecordGiftAidPayment($id: ID!, $amount: Float!, $receivedOn: String!) { recordGiftAidPayment(id: $id, amount: $amount, receivedOn: $receivedOn) { id status } }';

const REJECT = 'mutation RejectGiftAidClaim($id: ID!, $reason: String!) { rejectGiftAidClaim(id: $id, reason: $reason) { id status } }';

const DELETE = 'mutation DeleteGiftAidClaim($id: ID!) { deleteGiftAidClaim(id: $id) }';

const CREATE = `mutation CreateGiftAidClaim($from: String!, $to: String!, $aggregate: Boolean) {
  createGiftAidClaim(from: $from, to: $to, aggregate: $aggregate) { id } }`;

/** The data provider's Gift Aid claim methods, beyond the claims' list and page. */
export const giftAidClaimMethods = ({ call, download }: Transport) => ({
  async previewGiftAidClaim(period: ClaimPeriod): Promise<ClaimPreview> {
    return (await call<{ giftAidClaimPreview: ClaimPreview }>(PREVIEW, period)).giftAidClaimPreview;
  },
  /** The claims of a batch, in order, by the batch's id (its first claim's). */
  async giftAidClaimBatch(batchId: string): Promise<BatchClaim[]> {
    return (await call<{ allGiftAidClaims: BatchClaim[] }>(BATCH, { batchId })).allGiftAidClaims;
  },
  async submitGiftAidClaim(id: string, hmrcReference: string): Promise<void> {
    await call(SUBMIT, { id, hmrcReference });
  },
  async recordGiftAidPayment(id: string, amount: number, receivedOn: string): Promise<void> {
    await call(RECORD_PAYMENT, { id, amount, receivedOn });
  },
  async rejectGiftAidClaim(id: string, reason: string): Promise<void> {
    await call(REJECT, { id, reason });
  },
  async deleteGiftAidClaim(id: string): Promise<void> {
    await call(DELETE, { id });
  },
  /** Answers the new claim's id. */
  async createGiftAidClaim(period: ClaimPeriod): Promise<string> {
    return (await call<{ createGiftAidClaim: { id: string } }>(CREATE, period)).createGiftAidClaim.id;
  },
  /** Saves one schedule file, fetched with the staff token (a plain link would carry none). */
  downloadGiftAidSchedule: (path: string, fileName: string): Promise<string> => download(path, fileName),
});

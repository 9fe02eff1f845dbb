import { currentToken } from '../auth/session';
import { ApiError, graphqlCall } from '../data/graphqlCall';

/** A schedule row's cells by field, the fields being those `scheduleColumns` lists. */
export type ScheduleRow = Record<string, string>;

/** One of HMRC's columns, in order, as the server declares them once for the files, the API and this console. */
export type ScheduleColumn = { field: string; heading: string; kind: string };

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

export async function scheduleColumns(): Promise<ScheduleColumn[]> {
  return (await graphqlCall<{ giftAidScheduleColumns: ScheduleColumn[] }>('query GiftAidScheduleColumns { giftAidScheduleColumns { field heading kind } }')).giftAidScheduleColumns;
}

export async function previewClaim(period: ClaimPeriod, columns: ScheduleColumn[]): Promise<ClaimPreview> {
  const query = `query GiftAidClaimPreview($from: String!, $to: String!, $aggregate: Boolean) {
    giftAidClaimPreview(from: $from, to: $to, aggregate: $aggregate) {
      donationCount claimCount donationsTotal taxToReclaim adjustment adjustmentNote rows { ${columns.map((column) => column.field).join(' ')} }
      adjustments { donationId claimId amount tax } waitingAdjustments { donationId claimId amount tax } } }`;
  return (await graphqlCall<{ giftAidClaimPreview: ClaimPreview }>(query, period)).giftAidClaimPreview;
}

/** The claims of a batch, in order, by the batch's id (its first claim's). */
export async function claimBatch(batchId: string): Promise<BatchClaim[]> {
  const query = `query GiftAidClaimBatch($batchId: ID!) {
    allGiftAidClaims(filter: { batchId: $batchId }, sortField: "id", sortOrder: "ASC") { id batchNumber status rowCount } }`;
  return (await graphqlCall<{ allGiftAidClaims: BatchClaim[] }>(query, { batchId })).allGiftAidClaims;
}

export async function submitClaim(id: string, hmrcReference: string): Promise<void> {
  await graphqlCall('mutation SubmitGiftAidClaim($id: ID!, $hmrcReference: String!) { submitGiftAidClaim(id: $id, hmrcReference: $hmrcReference) { id status } }', { id, hmrcReference });
}

export async function recordPayment(id: string, amount: number, receivedOn: string): Promise<void> {
  await graphqlCall(
    'mutation RecordGiftAidPayment($id: ID!, $amount: Float!, $receivedOn: String!) { recordGiftAidPayment(id: $id, amount: $amount, receivedOn: $receivedOn) { id status } }',
    { id, amount, receivedOn },
  );
}

export async function rejectClaim(id: string, reason: string): Promise<void> {
  await graphqlCall('mutation RejectGiftAidClaim($id: ID!, $reason: String!) { rejectGiftAidClaim(id: $id, reason: $reason) { id status } }', { id, reason });
}

export async function deleteClaim(id: string): Promise<void> {
  await graphqlCall('mutation DeleteGiftAidClaim($id: ID!) { deleteGiftAidClaim(id: $id) }', { id });
}

export async function createClaim(period: ClaimPeriod): Promise<string> {
  const query = `mutation CreateGiftAidClaim($from: String!, $to: String!, $aggregate: Boolean) {
    createGiftAidClaim(from: $from, to: $to, aggregate: $aggregate) { id } }`;
  return (await graphqlCall<{ createGiftAidClaim: { id: string } }>(query, period)).createGiftAidClaim.id;
}

/** Saves one schedule file: fetched with the staff token (a plain link would carry none), then handed to the browser. */
export async function downloadSchedule(path: string, fileName: string): Promise<void> {
  const token = currentToken();
  const response = await fetch(path, { headers: token ? { authorization: `Bearer ${token}` } : {} });
  if (!response.ok) throw new ApiError(`The schedule could not be downloaded (${response.status})`);
  const url = URL.createObjectURL(await response.blob());
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  link.click();
  // The browser reads the file after this click returns; freeing it at once could cut the download short.
  setTimeout(() => URL.revokeObjectURL(url), 60_000);
}

import { currentToken } from '../auth/session';
import { ApiError, graphqlCall } from '../data/graphqlCall';

export type ScheduleRow = {
  title: string;
  firstName: string;
  lastName: string;
  houseNameOrNumber: string;
  postcode: string;
  aggregatedDonations: string;
  sponsoredEvent: string;
  donationDate: string;
  amount: string;
};

export type ClaimPreview = {
  donationCount: number;
  donationsTotal: number;
  taxToReclaim: number;
  adjustment: number;
  adjustmentNote: string;
  rows: ScheduleRow[];
  adjustments: { donationId: string; claimId: string; amount: number; tax: number }[];
};

export type ClaimPeriod = { from: string; to: string; aggregate: boolean };

const ROW_FIELDS = 'title firstName lastName houseNameOrNumber postcode aggregatedDonations sponsoredEvent donationDate amount';

export async function previewClaim(period: ClaimPeriod): Promise<ClaimPreview> {
  const query = `query GiftAidClaimPreview($from: String!, $to: String!, $aggregate: Boolean) {
    giftAidClaimPreview(from: $from, to: $to, aggregate: $aggregate) {
      donationCount donationsTotal taxToReclaim adjustment adjustmentNote rows { ${ROW_FIELDS} } adjustments { donationId claimId amount tax } } }`;
  return (await graphqlCall<{ giftAidClaimPreview: ClaimPreview }>(query, period)).giftAidClaimPreview;
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

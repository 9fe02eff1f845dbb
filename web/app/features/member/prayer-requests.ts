import { useCallback } from 'react';
import { failureOf } from '../../lib/graphql';
import { useMemberGraphql, useMemberRead } from '../../lib/member-graphql';

export type PrayerRequest = { id: string; title: string; body: string; status: 'New' | 'InProgress' | 'Closed'; createdAt: string };

const CREATE_PRAYER_REQUEST = `mutation CreatePrayerRequest($title: String!, $body: String!) {
  createPrayerRequest(title: $title, body: $body) { id }
}`;

/** A member sees only their own prayer requests; the server decides that, not this query. */
const MY_PRAYER_REQUESTS = `query MyPrayerRequests {
  allPrayerRequests(sortField: "createdAt", sortOrder: "DESC", perPage: 100) { id title body status createdAt }
}`;

export const PRAYER_STATUS_LABELS: Record<PrayerRequest['status'], string> = { New: 'Received', InProgress: 'Being prayed for', Closed: 'Closed' };

/** Sends a prayer request: null once the server has it, else the errors for the form. */
export function useCreatePrayerRequest() {
  const graphql = useMemberGraphql();
  return useCallback(async (request: { title: string; body: string }) => failureOf(await graphql.request(CREATE_PRAYER_REQUEST, request)), [graphql]);
}

export function useMyPrayerRequests() {
  return useMemberRead<{ allPrayerRequests: PrayerRequest[] }>(MY_PRAYER_REQUESTS);
}

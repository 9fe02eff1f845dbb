import { gql, useMutation, useQuery, type TypedDocumentNode } from '@apollo/client';

export type PrayerRequest = { id: string; title: string; body: string; status: 'New' | 'InProgress' | 'Closed'; createdAt: string };

const CREATE_PRAYER_REQUEST: TypedDocumentNode<{ createPrayerRequest: { id: string } }, { title: string; body: string }> = gql`
  mutation CreatePrayerRequest($title: String!, $body: String!) {
    createPrayerRequest(title: $title, body: $body) {
      id
    }
  }
`;

/** A member sees only their own prayer requests; the server decides that, not this query. */
const MY_PRAYER_REQUESTS: TypedDocumentNode<{ allPrayerRequests: PrayerRequest[] }, Record<string, never>> = gql`
  query MyPrayerRequests {
    allPrayerRequests(sortField: "createdAt", sortOrder: "DESC", perPage: 100) {
      id
      title
      body
      status
      createdAt
    }
  }
`;

export const PRAYER_STATUS_LABELS: Record<PrayerRequest['status'], string> = { New: 'Received', InProgress: 'Being prayed for', Closed: 'Closed' };

export function useCreatePrayerRequest() {
  return useMutation(CREATE_PRAYER_REQUEST, { refetchQueries: [MY_PRAYER_REQUESTS] });
}

export function useMyPrayerRequests() {
  return useQuery(MY_PRAYER_REQUESTS);
}

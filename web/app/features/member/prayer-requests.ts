import {
  isNarrowerOrSame,
  PRAYER_PRIVACIES,
  PRAYER_PRIVACY,
  PRAYER_PRIVACY_WORDS,
  PRAYER_WALL_NAME,
  PRAYER_WALL_NAME_WORDS,
  PRAYER_WALL_NAMES,
  type PrayerPrivacy,
  type PrayerWallName,
  type PrayerWallStatus,
} from '@ministry/shared';
import { useCallback, useState } from 'react';
import { ALREADY_SENT, failureOf, keyRefused, toFormErrors, type FormErrors } from '../../lib/graphql';
import { useMemberGraphql, useMemberRead } from '../../lib/member-graphql';

export type { PrayerPrivacy, PrayerWallName, PrayerWallStatus } from '@ministry/shared';

export type PrayerRequest = {
  id: string;
  title: string;
  body: string;
  status: 'New' | 'InProgress' | 'Waiting' | 'Closed';
  createdAt: string;
  privacy: PrayerPrivacy;
  wallName: PrayerWallName | null;
  wallStatus: PrayerWallStatus;
  prayedCount: number;
  expiresAt: string;
  closedAt: string | null;
  replies: { body: string; createdAt: string }[];
};

const PRAYER_REQUEST_FIELDS = 'id title body status createdAt privacy wallName wallStatus prayedCount expiresAt closedAt replies { body createdAt }';

const CREATE_PRAYER_REQUEST = `mutation CreatePrayerRequest($title: String!, $body: String!, $privacy: PrayerPrivacy, $wallName: PrayerWallName) {
  createPrayerRequest(title: $title, body: $body, privacy: $privacy, wallName: $wallName) { id }
}`;

/** A member sees only their own prayer requests; the server decides that, not this query. */
const MY_PRAYER_REQUESTS = `query MyPrayerRequests {
  allPrayerRequests(sortField: "createdAt", sortOrder: "DESC", perPage: 100) { ${PRAYER_REQUEST_FIELDS} }
}`;

/** The member's own changes to a request; each answers the request as it now is. */
const CHANGES = {
  close: `mutation ClosePrayerRequest($id: ID!) { closePrayerRequest(id: $id) { ${PRAYER_REQUEST_FIELDS} } }`,
  renew: `mutation RenewPrayerRequest($id: ID!) { renewPrayerRequest(id: $id) { ${PRAYER_REQUEST_FIELDS} } }`,
  narrow: `mutation ChangePrayerPrivacy($id: ID!, $privacy: PrayerPrivacy!, $wallName: PrayerWallName) {
    changePrayerPrivacy(id: $id, privacy: $privacy, wallName: $wallName) { ${PRAYER_REQUEST_FIELDS} }
  }`,
};

export type PrayerChange = { kind: 'close' } | { kind: 'renew' } | { kind: 'narrow'; privacy: PrayerPrivacy; wallName?: PrayerWallName };

export const PRAYER_STATUS_LABELS: Record<PrayerRequest['status'], string> = {
  New: 'Received',
  InProgress: 'Being prayed for',
  Waiting: 'Waiting for your answer',
  Closed: 'Closed',
};

type Choice<T> = { value: T; label: string; hint: string };

const choices = <T extends string>(values: readonly T[], words: Record<T, { label: string; hint: string }>): Choice<T>[] =>
  values.map((value) => ({ value, label: words[value].label, hint: words[value].hint }));

/** Who may read a prayer request, widest last, in the member's words. */
export const PRIVACY_CHOICES = choices(PRAYER_PRIVACIES, PRAYER_PRIVACY_WORDS);

export const WALL_NAME_CHOICES = choices(PRAYER_WALL_NAMES, PRAYER_WALL_NAME_WORDS);

/** Who may read a request once it is sent (the pastor's approval is its own line). */
export const PRIVACY_SUMMARY = Object.fromEntries(PRAYER_PRIVACIES.map((privacy) => [privacy, PRAYER_PRIVACY_WORDS[privacy].summary])) as Record<PrayerPrivacy, string>;

export const wallNameLabel = (wallName: PrayerWallName) => WALL_NAME_CHOICES.find((choice) => choice.value === wallName)?.label ?? wallName;

export type NarrowerChoice = { privacy: PrayerPrivacy; wallName?: PrayerWallName; label: string };

/**
 * The privacy a request may still move to: only narrower ones (the server refuses the rest). A wall request
 * shown with a first name may also stay on the wall as Anonymous.
 */
export function narrowerChoices(request: Pick<PrayerRequest, 'privacy' | 'wallName'>): NarrowerChoice[] {
  const choices: NarrowerChoice[] = [];
  if (request.privacy === PRAYER_PRIVACY.PrayerWall && request.wallName === PRAYER_WALL_NAME.FirstName) {
    choices.push({ privacy: PRAYER_PRIVACY.PrayerWall, wallName: PRAYER_WALL_NAME.Anonymous, label: 'Keep it on the prayer wall, but as Anonymous' });
  }
  for (const choice of [...PRIVACY_CHOICES].reverse()) {
    if (choice.value !== request.privacy && isNarrowerOrSame(choice.value, request.privacy)) choices.push({ privacy: choice.value, label: choice.label });
  }
  return choices;
}

/**
 * Sends a prayer request: null once the server has it, else the errors for the form. The form keeps one
 * idempotency key until the server has the request, so sending again after an error cannot store it twice.
 */
export function useCreatePrayerRequest() {
  const graphql = useMemberGraphql();
  const [idempotencyKey, setIdempotencyKey] = useState(() => crypto.randomUUID());
  return useCallback(
    async (request: { title: string; body: string; privacy: PrayerPrivacy; wallName?: PrayerWallName }): Promise<FormErrors | null> => {
      const result = await graphql.request(CREATE_PRAYER_REQUEST, request, { idempotencyKey });
      if (!keyRefused(result.errors)) return failureOf(result);
      setIdempotencyKey(crypto.randomUUID());
      return { fields: {}, message: ALREADY_SENT };
    },
    [graphql, idempotencyKey],
  );
}

export function useMyPrayerRequests() {
  return useMemberRead<{ allPrayerRequests: PrayerRequest[] }>(MY_PRAYER_REQUESTS);
}

/** Closes, renews or narrows one of the member's requests: the request as the server now has it, or the errors. */
export function useChangePrayerRequest() {
  const graphql = useMemberGraphql();
  return useCallback(
    async (id: string, change: PrayerChange): Promise<{ request: PrayerRequest } | { errors: FormErrors }> => {
      const { kind, ...variables } = change;
      const result = await graphql.request<Record<string, PrayerRequest>>(CHANGES[kind], { id, ...variables });
      const request = result.data && Object.values(result.data)[0];
      if (result.errors?.length || !request) return { errors: toFormErrors(result.errors ?? []) };
      return { request };
    },
    [graphql],
  );
}

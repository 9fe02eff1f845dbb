import { DownloadError, downloadFile } from '@ministry/browser';
import { useCallback } from 'react';
import { failureOf, type GraphqlResult } from '../../lib/graphql';
import { useMemberGraphql, useMemberRead } from '../../lib/member-graphql';
import { getSession } from '../../lib/session';
import type { TestimonyDisplayName } from './testimonies';

export type Consent = {
  id: string;
  kind: 'TestimonyPublication';
  postId: string | null;
  postTitle: string | null;
  displayName: TestimonyDisplayName | null;
  textVersion: string;
  text: string;
  givenAt: string;
  withdrawnAt: string | null;
};

export type SignIn = { at: string; address: string };

const CONSENT_FIELDS = 'id kind postId postTitle displayName textVersion text givenAt withdrawnAt';

const MY_PRIVACY = `query MyPrivacy { myConsents { ${CONSENT_FIELDS} } mySignIns { at address } }`;

const WITHDRAW_CONSENT = `mutation WithdrawConsent($id: ID!) { withdrawConsent(id: $id) { ${CONSENT_FIELDS} } }`;

const DELETE_MY_ACCOUNT = 'mutation DeleteMyAccount($password: String!) { deleteMyAccount(password: $password) }';

export const DISPLAY_NAME_SHOWN: Record<TestimonyDisplayName, string> = { FullName: 'your full name', FirstName: 'your first name only', Anonymous: '"Anonymous"' };

export function useMyPrivacy() {
  return useMemberRead<{ myConsents: Consent[]; mySignIns: SignIn[] }>(MY_PRIVACY);
}

/** Withdraws one of the member's consents: the consent as it now stands, or the message to show. */
export function useWithdrawConsent() {
  const graphql = useMemberGraphql();
  return useCallback(
    async (id: string): Promise<{ consent: Consent } | { error: string }> => {
      const result: GraphqlResult<{ withdrawConsent: Consent }> = await graphql.request(WITHDRAW_CONSENT, { id });
      const consent = result.data?.withdrawConsent;
      return consent && !result.errors?.length ? { consent } : { error: result.errors?.[0]?.message ?? 'Your consent could not be withdrawn. Please try again.' };
    },
    [graphql],
  );
}

/** Erases the member's account once the password is confirmed: null when done, else the errors for the form. */
export function useDeleteMyAccount() {
  const graphql = useMemberGraphql();
  return useCallback(async (password: string) => failureOf(await graphql.request(DELETE_MY_ACCOUNT, { password })), [graphql]);
}

export type ExportFormat = 'json' | 'html';

const EXPORTS: Record<ExportFormat, { url: string; file: string }> = {
  json: { url: '/api/me/export', file: 'my-data.json' },
  html: { url: '/api/me/export?format=html', file: 'my-data.html' },
};

/**
 * Saves the member's data as a file. The export needs the member's token, which a plain link cannot send, so the
 * file is fetched and handed to the browser's download. Answers null when saved, else the message to show.
 */
export async function downloadMyData(format: ExportFormat): Promise<string | null> {
  const { url, file } = EXPORTS[format];
  try {
    await downloadFile(url, { fileName: file, headers: { authorization: `Bearer ${getSession().token ?? ''}` } });
    return null;
  } catch (error) {
    return error instanceof DownloadError && error.status === 0
      ? 'Your data could not be downloaded. Check your connection and try again.'
      : 'Your data could not be downloaded. Please try again.';
  }
}

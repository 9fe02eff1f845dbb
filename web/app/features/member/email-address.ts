import { useCallback } from 'react';
import { failureOf, type FormErrors } from '../../lib/graphql';
import { useMemberGraphql, useMemberRead } from '../../lib/member-graphql';

export type MyAddress = { email: string; emailVerified: boolean; pendingEmail: string | null };

const ADDRESS_FIELDS = 'email emailVerified pendingEmail';
const MY_ADDRESS = `query MyAddress { me { ${ADDRESS_FIELDS} } }`;
const SEND_LINK = 'mutation SendVerificationEmail { sendVerificationEmail }';
const CHANGE_EMAIL = `mutation ChangeEmail($email: String!, $password: String!) { changeEmail(email: $email, password: $password) { ${ADDRESS_FIELDS} } }`;

/** The address waiting for its link: a new one during a change, else the account's own until it is confirmed. */
export const addressToConfirm = (me: MyAddress): string | null => me.pendingEmail ?? (me.emailVerified ? null : me.email);

export function useMyAddress() {
  return useMemberRead<{ me: MyAddress }>(MY_ADDRESS);
}

/** Mails a new link to the address waiting for confirmation: null when sent, else the server's words. */
export function useSendConfirmationLink() {
  const graphql = useMemberGraphql();
  return useCallback(async (): Promise<string | null> => (await graphql.request(SEND_LINK)).errors?.[0]?.message ?? null, [graphql]);
}

/** Asks to use another address (kept aside until its link is opened): the address as it now stands, or the errors. */
export function useChangeEmail() {
  const graphql = useMemberGraphql();
  return useCallback(
    async (email: string, password: string): Promise<{ address: MyAddress } | { errors: FormErrors }> => {
      const result = await graphql.request<{ changeEmail: MyAddress }>(CHANGE_EMAIL, { email, password });
      const address = result.data?.changeEmail;
      return address && !result.errors?.length ? { address } : { errors: failureOf(result) ?? { fields: {} } };
    },
    [graphql],
  );
}

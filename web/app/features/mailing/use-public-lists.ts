import { useMemberRead } from '../../lib/member-graphql';
import { PUBLIC_LISTS, type MailingList } from '../../lib/mailing-choices';

/** In the member area, where pages load in the browser: the public lists a form offers (none until they arrive). */
export function usePublicLists(): MailingList[] {
  return useMemberRead<{ allMailingLists: MailingList[] }>(PUBLIC_LISTS).data?.allMailingLists ?? [];
}

import type { ConsentBasis } from '@ministry/shared';
import { formText } from './form-data';
import { loadPublic, type GraphqlCaller } from './graphql';

/*
 * The public mailing lists as every form that offers them (registration, a gift, a booking, the newsletters
 * sign-up) reads and sends them: here, not in a feature, because those forms belong to features of their own.
 */

/** A public list as forms offer it: what `mailingChoiceWording` needs to word its box. */
export type MailingList = { id: string; name: string; description: string; basis: ConsentBasis };

export const MAILING_LIST_FIELDS = 'id name description basis';

// As many as a form may send choices for (the server's MAILING_CHOICES_MAX).
export const PUBLIC_LISTS = `query PublicMailingLists { allMailingLists(perPage: 20, sortField: "name", sortOrder: "ASC", filter: { public: true }) { ${MAILING_LIST_FIELDS} } }`;

/** The public lists a form offers; none when the read failed, so the form still works without them. */
export async function loadPublicLists(graphql: GraphqlCaller): Promise<MailingList[]> {
  const { allMailingLists } = await loadPublic<{ allMailingLists: MailingList[] }>(graphql, PUBLIC_LISTS);
  return allMailingLists ?? [];
}

/** A list's tick box on a posted form, and the hidden field that names every list the form showed. */
export const choiceField = (listId: string) => `mailing.${listId}`;
export const SHOWN_FIELD = 'mailingShown';

export type MailingChoice = { listId: string; ticked: boolean };

/** One choice for every list the form showed, ticked or not: an unticked soft opt-in box is a choice too. */
export function readMailingChoices(form: FormData): MailingChoice[] {
  return form
    .getAll(SHOWN_FIELD)
    .filter((listId): listId is string => typeof listId === 'string' && listId !== '')
    .map((listId) => ({ listId, ticked: formText(form, choiceField(listId)) === 'yes' }));
}

/** The `mailingChoices` variable of a form's mutation, left out when the form showed no list (no public lists). */
export function mailingChoicesOf(form: FormData): { mailingChoices?: MailingChoice[] } {
  const mailingChoices = readMailingChoices(form);
  return mailingChoices.length ? { mailingChoices } : {};
}

/** The ticked boxes of a posted form, to tick them again when it comes back with errors. */
export function tickedValues(form: FormData): Record<string, string> {
  const values: Record<string, string> = {};
  for (const { listId, ticked } of readMailingChoices(form)) if (ticked) values[choiceField(listId)] = 'yes';
  return values;
}


import { useCallback } from 'react';
import { failureOf } from '../../lib/graphql';
import { useMemberGraphql, useMemberRead } from '../../lib/member-graphql';
import { getSession } from '../../lib/session';

export type MyTestimony = { id: string; name: string; excerpt: string | null; status: 'Authorised' | 'UnAuthorised'; createdAt: string; image: string | null };

const TESTIMONIES = '2';

/** How the author is named where the testimony is published, as the member chose when sharing it. */
export type TestimonyDisplayName = 'FullName' | 'FirstName' | 'Anonymous';

export const DISPLAY_NAME_CHOICES: { value: TestimonyDisplayName; label: string }[] = [
  { value: 'FullName', label: 'My full name' },
  { value: 'FirstName', label: 'My first name only' },
  { value: 'Anonymous', label: 'Anonymous' },
];

/**
 * A testimony is a post in category 2; the server saves a member's UnAuthorised, with the member as author, and
 * records the consent to publish it under the chosen name.
 */
const SHARE_TESTIMONY = `mutation ShareTestimony($name: String!, $body: String!, $image: String, $consentToPublish: Boolean, $displayName: TestimonyDisplayName) {
  createPost(name: $name, body: $body, image: $image, categoryId: ${TESTIMONIES}, consentToPublish: $consentToPublish, displayName: $displayName) { id }
}`;

/** The exact wording the member agrees to; the server stores its version with the consent. */
const TESTIMONY_CONSENT_TEXT = 'query TestimonyConsentText { testimonyConsentText { version text } }';

const MY_TESTIMONIES = `query MyTestimonies($authorId: ID!) {
  allPosts(filter: { categoryId: ${TESTIMONIES}, authorId: $authorId }, sortField: "createdAt", sortOrder: "DESC", perPage: 100) {
    id name excerpt status createdAt image
  }
}`;

export const TESTIMONY_STATUS_LABELS: Record<MyTestimony['status'], string> = { Authorised: 'Published', UnAuthorised: 'Awaiting review' };

/** Shares a testimony: null once the server has it, else the errors for the form. */
export function useShareTestimony() {
  const graphql = useMemberGraphql();
  return useCallback(
    async (testimony: { name: string; body: string; image: string | null; consentToPublish: boolean; displayName: TestimonyDisplayName }) =>
      failureOf(await graphql.request(SHARE_TESTIMONY, testimony)),
    [graphql],
  );
}

export function useTestimonyConsentText() {
  return useMemberRead<{ testimonyConsentText: { version: string; text: string } }>(TESTIMONY_CONSENT_TEXT);
}

export function useMyTestimonies() {
  return useMemberRead<{ allPosts: MyTestimony[] }>(MY_TESTIMONIES, { authorId: getSession().user?.id ?? '' });
}

/** Plain text as the HTML a post body holds: escaped, one paragraph per blank-line-separated block. */
export function textToHtml(text: string): string {
  const escape = (value: string) => value.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
  return text
    .split(/\n\s*\n/)
    .map((block) => block.trim())
    .filter(Boolean)
    .map((block) => `<p>${escape(block).replace(/\n/g, '<br>')}</p>`)
    .join('');
}

type Uploaded = { url: string };

/** An optional testimony picture goes through the server's upload endpoint first; its URL joins the post. */
export async function uploadTestimonyImage(file: File): Promise<{ url: string } | { error: string }> {
  const body = new FormData();
  body.append('image', file);
  body.append('purpose', 'testimony');
  try {
    const response = await fetch('/api/uploads', { method: 'POST', body, headers: { authorization: `Bearer ${getSession().token ?? ''}` } });
    const answer = (await response.json()) as Uploaded & { errors?: { msg: string }[] };
    if (!response.ok) return { error: answer.errors?.[0]?.msg ?? 'The picture could not be uploaded.' };
    return { url: answer.url };
  } catch {
    return { error: 'The picture could not be uploaded. Check your connection and try again.' };
  }
}

import { currentToken } from '../auth/session';

const SUBJECT_ACCESS_EXPORT = 'query SubjectAccessExport($email: String!) { subjectAccessExport(email: $email) }';
const ERASE_VISITOR_RECORDS = 'mutation EraseVisitorRecords($email: String!) { eraseVisitorRecords(email: $email) }';

/** Both requests are GraphQL calls made with the admin's token; the server audits each one. */
async function privacyRequest<T>(query: string, email: string): Promise<T> {
  const token = currentToken();
  const response = await fetch('/graphql', {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: JSON.stringify({ query, variables: { email } }),
  });
  const answer = (await response.json().catch(() => ({ errors: [{ message: `The server answered ${response.status}. Please try again.` }] }))) as {
    data?: T;
    errors?: { message: string }[];
  };
  if (answer.errors?.length || !answer.data) throw new Error(answer.errors?.[0]?.message ?? 'The request failed. Please try again.');
  return answer.data;
}

/** Everything held about the address, as one JSON document. */
export async function subjectAccessExport(email: string): Promise<string> {
  return (await privacyRequest<{ subjectAccessExport: string }>(SUBJECT_ACCESS_EXPORT, email)).subjectAccessExport;
}

/** Deletes the form records sent with the address; answers how many there were. */
export async function eraseVisitorRecords(email: string): Promise<number> {
  return (await privacyRequest<{ eraseVisitorRecords: number }>(ERASE_VISITOR_RECORDS, email)).eraseVisitorRecords;
}

/** The file name a subject access export is saved under: the address, made safe for a file system. */
export const exportFileName = (email: string) => `subject-access-${email.toLowerCase().replace(/[^a-z0-9.@-]+/g, '-')}.json`;

/** Hands the text to the browser's download as a JSON file. */
export function saveJsonFile(text: string, fileName: string) {
  const href = URL.createObjectURL(new Blob([text], { type: 'application/json' }));
  const link = document.createElement('a');
  link.href = href;
  link.download = fileName;
  document.body.append(link);
  link.click();
  link.remove();
  // The browser reads the object URL after the click returns; released a moment later.
  setTimeout(() => URL.revokeObjectURL(href), 1000);
}

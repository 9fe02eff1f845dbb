import type { Transport } from '../data/transport';

const SUBJECT_ACCESS_EXPORT = 'query SubjectAccessExport($email: String!) { subjectAccessExport(email: $email) }';

const ERASE_VISITOR_RECORDS = 'mutation EraseVisitorRecords($email: String!) { eraseVisitorRecords(email: $email) }';

/** The data provider's answers to a visitor's privacy request; the server audits each one. */
export const privacyMethods = ({ call }: Transport) => ({
  /** Everything held about the address, as one JSON document. */
  async subjectAccessExport(email: string): Promise<string> {
    return (await call<{ subjectAccessExport: string }>(SUBJECT_ACCESS_EXPORT, { email })).subjectAccessExport;
  },
  /** Deletes the form records sent with the address; answers how many there were. */
  async eraseVisitorRecords(email: string): Promise<number> {
    return (await call<{ eraseVisitorRecords: number }>(ERASE_VISITOR_RECORDS, { email })).eraseVisitorRecords;
  },
});

/** The file name a subject access export is saved under: the address, made safe for a file system. */
export const exportFileName = (email: string) => `subject-access-${email.toLowerCase().replace(/[^a-z0-9.@-]+/g, '-')}.json`;

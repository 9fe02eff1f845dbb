import type { EntityManager } from 'typeorm';
import type { AuthUser } from '../access/auth-user.js';
import type { PersonalData } from './personal-data.js';

/**
 * Whose data an export or an erasure is about: an account, an address proved theirs (verified by the member, or
 * checked by staff for a subject access request), or both. Records keyed by an address nobody proved are never
 * answered or erased: anyone can type any address into a form.
 */
export interface DataSubject {
  userId: number | null;
  provenEmail: string | null;
}

/** One line of the retention schedule, as the privacy notice prints it. */
export interface RetentionRule {
  record: string;
  period: string;
  action: string;
}

/**
 * Why a kind of record is held and who outside the charity receives it (UK GDPR Art. 15(1)(a) and (c)), in plain
 * English, printed with every copy: "to take your gifts and claim Gift Aid"; "HMRC, which receives Gift Aid claims".
 */
export interface RecordUse {
  record: string;
  purposes: string[];
  /** Empty when nobody outside the charity receives it. */
  recipients: string[];
}

/** Work that touches no table (files, the job queue's own connection), done once the transaction has committed. */
export type AfterCommit = () => Promise<void>;

export interface Erased {
  /** How many records went: what a visitor's erasure answers. */
  removed?: number;
  afterCommit?: AfterCommit;
}

export interface RetentionDone {
  /** One phrase per kind of record that was due, for the audit trail ("3 sign-ins deleted"). */
  done: string[];
  afterCommit?: AfterCommit;
}

/**
 * What a feature tells the privacy centre about the personal data in its own tables. Each feature implements it
 * beside its entities and marks the class `@PersonalDataSource()`; privacy/ runs every marked provider and names
 * no table itself. A table with a personal column that no source lists fails `personal-data-catalogue.test.ts`.
 */
export interface PersonalDataContribution {
  /** The tables this source answers for, including those it deliberately keeps (and says why in `erase`). */
  readonly tables: readonly string[];
  /** Why it holds its records and who else receives them: its lines of every copy's purposes and recipients. */
  uses(): RecordUse[];
  /** Its sections of the export; privacy/ puts every section in `PersonalData`'s own order. */
  export(subject: DataSubject, manager: EntityManager): Promise<Partial<PersonalData>>;
  /**
   * Work outside any transaction that must be done before a member's account is erased (stopping their monthly
   * gifts at PayPal); throwing refuses the erasure with nothing of the account changed.
   */
  beforeErasure?(member: AuthUser): Promise<void>;
  /** Removes, blanks or keeps (saying why) its records of the subject, inside the one erasure transaction. */
  erase(subject: DataSubject, manager: EntityManager): Promise<Erased | void>;
  /** Its lines of the retention schedule, with `rank` placing them in the printed table. */
  retention?(): { rank: number; rules: RetentionRule[] };
  /** Applies its lines of the schedule as of `now`, inside the daily run's one transaction. */
  applyRetention?(now: Date, manager: EntityManager): Promise<RetentionDone>;
}

export { PersonalDataSource } from '../common/personal-data-source.js';

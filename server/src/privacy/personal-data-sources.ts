import { Injectable, type OnModuleInit } from '@nestjs/common';
import { DiscoveryService } from '@nestjs/core';
import type { EntityManager } from 'typeorm';
import type { AuthUser } from '../access/auth-user.js';
import { PersonalDataSource, type AfterCommit, type DataSubject, type PersonalDataContribution, type RetentionRule } from './personal-data-source.js';
import type { PersonalData } from './personal-data.js';

/** Every provider marked `@PersonalDataSource()`, found once the application's modules are built. */
@Injectable()
export class PersonalDataSources implements OnModuleInit {
  private sources: PersonalDataContribution[] = [];

  constructor(private readonly discovery: DiscoveryService) {}

  onModuleInit() {
    const instances = this.discovery.getProviders({ metadataKey: PersonalDataSource.KEY }).map((wrapper) => wrapper.instance as PersonalDataContribution);
    // A module imported in several places is still one instance.
    this.sources = [...new Set(instances.filter(Boolean))];
  }

  /** The sources, each named by its class, with the tables it covers. */
  catalogue(): { source: string; tables: readonly string[] }[] {
    return this.sources.map((source) => ({ source: source.constructor.name, tables: source.tables }));
  }

  /** Every source's sections, merged, with what every copy must also say: why, to whom and for how long. */
  async export(subject: DataSubject, manager: EntityManager): Promise<Partial<PersonalData>> {
    const sections: Partial<PersonalData> = {};
    for (const source of this.sources) Object.assign(sections, await source.export(subject, manager));
    const uses = this.ranked().flatMap((source) => source.uses());
    return {
      ...sections,
      purposes: uses.flatMap(({ record, purposes }) => purposes.map((purpose) => ({ record, purpose }))),
      recipients: uses.flatMap(({ record, recipients }) => recipients.map((recipient) => ({ record, recipient }))),
      retention: this.schedule(),
    };
  }

  /** Every source's work before an account's erasure, in turn: the first refusal stops the rest. */
  async beforeErasure(member: AuthUser): Promise<void> {
    for (const source of this.sources) await source.beforeErasure?.(member);
  }

  /** Runs every source's erasure on `manager` (the caller's one transaction); answers how many records went and what waits for the commit. */
  async erase(subject: DataSubject, manager: EntityManager): Promise<{ removed: number; afterCommit: AfterCommit[] }> {
    let removed = 0;
    const afterCommit: AfterCommit[] = [];
    for (const source of this.sources) {
      const erased = await source.erase(subject, manager);
      removed += erased?.removed ?? 0;
      if (erased?.afterCommit) afterCommit.push(erased.afterCommit);
    }
    return { removed, afterCommit };
  }

  /** The printed schedule: each source's lines, in the order of their ranks. */
  schedule(): RetentionRule[] {
    return this.ranked().flatMap((source) => source.retention?.().rules ?? []);
  }

  /** Applies every source's schedule on `manager`, in the same order as it is printed. */
  async applyRetention(now: Date, manager: EntityManager): Promise<{ done: string[]; afterCommit: AfterCommit[] }> {
    const done: string[] = [];
    const afterCommit: AfterCommit[] = [];
    for (const source of this.ranked()) {
      const applied = await source.applyRetention?.(now, manager);
      done.push(...(applied?.done ?? []));
      if (applied?.afterCommit) afterCommit.push(applied.afterCommit);
    }
    return { done, afterCommit };
  }

  private ranked(): PersonalDataContribution[] {
    const rank = (source: PersonalDataContribution) => source.retention?.().rank ?? Number.MAX_SAFE_INTEGER;
    return [...this.sources].sort((a, b) => rank(a) - rank(b));
  }
}

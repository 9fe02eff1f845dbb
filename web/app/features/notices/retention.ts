import { loadPublic, type GraphqlCaller } from '../../lib/graphql';

/** One line of the retention schedule: the same configuration the daily retention job applies. */
export type RetentionRule = { record: string; period: string; action: string };

const RETENTION_SCHEDULE = 'query RetentionSchedule { retentionSchedule { record period action } }';

export async function loadRetentionSchedule(graphql: GraphqlCaller): Promise<RetentionRule[]> {
  const { retentionSchedule } = await loadPublic<{ retentionSchedule: RetentionRule[] }>(graphql, RETENTION_SCHEDULE);
  return retentionSchedule ?? [];
}

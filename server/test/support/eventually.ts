/**
 * Asks until `check` passes: for what settles by itself a moment later (a notification between instances, a
 * background job). The deadline catches a hang, never a slow machine.
 */
export async function untilPasses(check: () => Promise<void>, deadlineMs = 15_000): Promise<void> {
  const deadline = Date.now() + deadlineMs;
  for (;;) {
    try {
      return await check();
    } catch (error) {
      if (Date.now() > deadline) throw error;
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  }
}

/**
 * Resolves once none of the app's jobs in `queues` is due or running: what a request set going in the background
 * (a receipt, a webhook's settling) has then happened, so a test can go on to check that nothing more did.
 */
export async function untilJobsSettle(db: { query(sql: string, parameters: unknown[]): Promise<{ due: number }[]> }, queues: string[]): Promise<void> {
  await untilPasses(async () => {
    const [{ due }] = await db.query(
      `SELECT count(*)::int AS due FROM pgboss.job WHERE name = ANY($1) AND (state = 'active' OR (state IN ('created', 'retry') AND start_after <= now()))`,
      [queues],
    );
    if (due) throw new Error(`${due} jobs of ${queues.join(', ')} are still due or running`);
  });
}

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

// Waiting for something to happen without a clock: a wait counted in polls of 100 ms is a
// wall-clock bound in disguise, and a busy machine runs past it. These wait until the thing happens;
// the test's timeout (test/timeouts.ts) is the safety net that ends a wait for something that never
// comes.

/** Polls `probe` every `everyMs` until it returns something other than undefined or false; returns it. */
export async function until<T>(
  probe: () => T | undefined | false | Promise<T | undefined | false>,
  everyMs = 100,
): Promise<T> {
  for (;;) {
    const seen = await probe();
    if (seen !== undefined && seen !== false) return seen;
    await new Promise((r) => setTimeout(r, everyMs));
  }
}

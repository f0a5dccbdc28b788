/**
 * Reads `read` every 100 ms until `done` holds, and gives that value; throws,
 * naming `what` and the last value read, after `timeoutMs`. For what a server
 * does in its own time (a worker's send, a retry after a restart).
 */
export async function until<T>(
  read: () => Promise<T> | T,
  done: (value: T) => boolean,
  what: string,
  timeoutMs = 15_000,
): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await read();
    if (done(value)) return value;
    if (Date.now() > deadline)
      throw new Error(`waited ${timeoutMs / 1000} s for ${what}; last: ${JSON.stringify(value)}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

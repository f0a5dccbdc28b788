/**
 * Limits counted per UTC minute in fixed windows (the Open Food Facts budget,
 * the budget of wrong passwords) start again at each minute's end: calls on
 * either side of it fall in two windows. Waits, if needed, for the next
 * minute, so that a test's calls (a few seconds at most) land in one window.
 */
export async function startOfRoomyMinute(roomMs = 15_000): Promise<void> {
  const left = 60_000 - (Date.now() % 60_000);
  if (left < roomMs) await new Promise((resolve) => setTimeout(resolve, left + 50));
}

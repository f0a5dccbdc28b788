/** The outcome a form post sends back in `?notice=` ("Claimed #12."). */
export function QueueNotice({ notice }: { notice: unknown }) {
  if (typeof notice !== "string" || !notice) return null;
  return (
    <p
      role="status"
      className="mb-4 rounded-lg bg-green-50 px-3 py-2 text-sm text-green-800 ui-d:bg-black ui-d:text-green-300"
    >
      {notice.slice(0, 200)}
    </p>
  );
}

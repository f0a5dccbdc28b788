// PUT /labs/api/notify/quiet-hours – when a person's pushes and ntfy messages wait
import { route } from "@/lib/http/route";
import { setQuietHours } from "@/lib/notify/manage-channels";
import { quietHoursBody, quietHoursResponse } from "@/lib/notify/schemas";

export const PUT = route(
  {
    auth: "public",
    summary: "Set a person's quiet hours (HH:MM-HH:MM, Europe/Lisbon); empty for none, null for the default",
    body: quietHoursBody,
    response: quietHoursResponse,
  },
  async ({ body }) => {
    const person = await setQuietHours(body.person, body.quiet_hours);
    return { person: person.name, quiet_hours: person.quietHours };
  },
);

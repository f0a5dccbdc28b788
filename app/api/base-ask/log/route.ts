// POST /api/base-ask/log – public alias of /api/core-ask/log (seed part 4)
import { logTodoRoute } from "@/lib/ask/log-route";

export const POST = logTodoRoute;

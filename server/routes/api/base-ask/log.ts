// POST /api/base-ask/log – public alias of /api/core-ask/log (docs/contract.md, "Ask")
import { logTodoRoute } from "@/lib/ask/log-route";

export const POST = logTodoRoute;

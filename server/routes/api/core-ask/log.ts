// POST /api/core-ask/log – capture a request, bug or idea (public)
import { logTodoRoute } from "@/lib/ask/log-route";

export const POST = logTodoRoute;

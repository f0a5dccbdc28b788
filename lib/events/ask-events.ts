import { excerpt } from "@/lib/text/excerpt";
import type { NewEvent } from "@/lib/events/record-event";

// The Ask events (docs/contract.md, "Events"): a todo captured, a todo that
// needs the operator's decision, a todo answered. Each names the todo's
// page in the queue and carries what a notification shows.

/** How much of a todo's text an event carries. */
const TEXT_MAX = 280;

type TodoFacts = { id: number; text: string; priority: number; source: string | null; parentId: number | null };

const todoSubject = (id: number) => ({ kind: "todo", id, url: `/base-ask/queue/${id}` });

export function todoCreated(todo: TodoFacts, origin: string, attachments = 0): NewEvent {
  return {
    type: "todo.created",
    subject: todoSubject(todo.id),
    data: {
      todo_id: todo.id,
      text: excerpt(todo.text, TEXT_MAX),
      priority: todo.priority,
      source: todo.source,
      parent_id: todo.parentId,
      attachments,
    },
    origin,
  };
}

/** A todo moved to needs_decision: the agent has prepared options and waits for the operator. */
export function decisionReady(todo: TodoFacts & { draftResponse: string | null }, origin: string): NewEvent {
  return {
    type: "decision.ready",
    subject: todoSubject(todo.id),
    data: {
      todo_id: todo.id,
      text: excerpt(todo.text, TEXT_MAX),
      priority: todo.priority,
      options: todo.draftResponse === null ? null : excerpt(todo.draftResponse, TEXT_MAX),
    },
    origin,
  };
}

/** A todo moved to answered: its response is what the person who asked reads. */
export function todoAnswered(todo: TodoFacts & { response: string | null }, origin: string): NewEvent {
  return {
    type: "todo.answered",
    subject: todoSubject(todo.id),
    data: {
      todo_id: todo.id,
      text: excerpt(todo.text, TEXT_MAX),
      response: todo.response === null ? null : excerpt(todo.response, TEXT_MAX),
      source: todo.source,
    },
    origin,
  };
}

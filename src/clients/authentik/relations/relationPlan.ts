/**
 * A relation between two authentik objects changed as an action (a member added to a group, a
 * policy bound to an application, a stage put into a flow at a position, permissions assigned to
 * a role) rather than by editing a list in a document. The plan says what changes on the server,
 * line by line, and holds exactly the requests that make the change, in the order they are sent;
 * nothing is sent before the user confirms it. Pure: built and unit tested on Node.
 */
export interface RelationRequest {
  operation: string;
  method: 'POST' | 'PATCH' | 'DELETE';
  path: string;
  body?: Record<string, unknown>;
  /** What this request does, in words, for the message when a later one fails. */
  says: string;
}

export interface RelationPlan {
  /** The question: `Add “jane” to group “Platform”?` */
  title: string;
  /** The button that confirms: `Add to Group`. */
  action: string;
  /** What changes on the server, one line each. */
  changes: string[];
  requests: RelationRequest[];
  /** It takes something away: asked with Cancel selected (ui/confirmDestructive). */
  destructive: boolean;
  /** Said once every request was answered. */
  done: string;
}

/** Nothing to do (already a member, not bound…): said instead of a question. */
export interface NothingToDo {
  nothing: string;
}

/** The confirmation's lines: where, what changes, and the requests that will be sent. */
export function relationPlanDetail(plan: RelationPlan, where: string): string[] {
  const count = plan.requests.length === 1 ? 'One request is sent' : `${plan.requests.length} requests are sent, in this order`;
  return [
    where,
    '',
    ...plan.changes,
    '',
    `${count}: ${plan.requests.map((r) => `${r.method} ${r.path}${r.body ? ` ${JSON.stringify(r.body)}` : ''}`).join('; ')}.`,
    'A request without an answer is not repeated.',
  ];
}

/** “jane” (Jane Doe): how a person is named in a plan. */
export function userText(user: { username: string; name?: string }): string {
  return user.name && user.name !== user.username ? `“${user.username}” (${user.name})` : `“${user.username}”`;
}

import { EnvironmentNode } from './environmentNode';
import type { EnvironmentInfo } from './objects';

/**
 * What the Honeycomb commands use of the Honeycomb view: the explorer (the session, the team's
 * environments), the object a tree item shows and what can be said about it (ID, slug, JSON,
 * links, infrastructure-as-code lookups), and the editable kinds.
 */
export type { HoneycombExplorer } from './explorer';
export { environmentKeyName, slugOfAuth } from './explorer';
export type { EnvironmentInfo } from './objects';
export { KIND_LABELS, objectId, objectJson, objectName, objectSlug } from './objects';
export type { ObjectNode } from './scope';
export { isObjectNode } from './scope';
export { uiOrigin, uiUnavailableReason, uiUrl } from './links';
export { pulumiSnippet, terraformSnippet } from './snippets';
export { registerHoneycombKinds } from './kinds/register';
export { registerApiKeyKind } from './kinds/apiKeyRegister';

/** The environment an environment node shows; undefined for any other node (or none). */
export function environmentOfNode(node: unknown): EnvironmentInfo | undefined {
  return node instanceof EnvironmentNode ? node.info : undefined;
}

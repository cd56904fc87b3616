import { RegistryLoginNode } from './roots';

/**
 * What the signature and signing commands use of the Image Signatures view: the histories and
 * their entries, the report panels, finding image references in a document, the CodeLens, the
 * policy picker, and the registry login a tree item shows.
 */
export { CODE_LENS_SELECTOR, ImageCodeLensProvider } from './codeLens';
export type { VerificationEntry, VerificationHistory } from './history';
export { findImageReferences, referenceAt } from './imageRefs';
export type { ChosenPolicy } from './policyPicker';
export { choosePolicy } from './policyPicker';
export { createReportPanels } from './reportPanel';
export { toReportModel } from './reportModel';
export type { SigningEntry, SigningHistory } from './signingHistory';
export { createSigningReportPanels, toSigningReportModel } from './signingReport';

/** The registry host of a login item in the view; undefined for any other node (or none). */
export function loginHostOfNode(node: unknown): string | undefined {
  return node instanceof RegistryLoginNode ? node.login.host : undefined;
}

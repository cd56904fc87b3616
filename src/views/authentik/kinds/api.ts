/**
 * What the authentik object actions and secret commands use of the authentik view's kinds:
 * edit kind ids, the order of a flow's bindings, the file dialogs and readers of PEM and
 * credential files. Loaded with them (the "authentik-kinds" chunk), never at activation.
 */
export { editKindId } from './ids';
export type { Binding } from './bindingOrder';
export { bindingName, planMove } from './bindingOrder';
export type { AuthentikDialogs } from './editorKinds';
export { readCredentials, readPem } from './editorKinds';
export type { ObjectRef } from '../objectRef';

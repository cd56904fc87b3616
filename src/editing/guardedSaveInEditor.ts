import type { SaveOutcome, SaveRequest } from './guardedSave';
import { PlanDocuments } from './planDocuments';
import type { OwnerLookup } from './saveUi';

/**
 * The guarded save (guardedSave.ts) with the editor's questions (saveUi.ts): the plan as a diff
 * with a confirmation that names the code managing the object (`ownerOf`, set by the Terraform
 * features) and the services' notices (a blueprint's). The save pipeline, with its JSON parser
 * and schema checker, loads on the first save or change.
 */
export async function guardedSaveInEditor(request: Omit<SaveRequest, 'ui'>, plans: PlanDocuments, ownerOf: OwnerLookup | undefined): Promise<SaveOutcome> {
  const [{ guardedSave }, { editorSaveUi }] = await Promise.all([import(/* webpackChunkName: "editing-save" */ './guardedSave'), import(/* webpackChunkName: "editing-save" */ './saveUi')]);
  return guardedSave({ ...request, ui: editorSaveUi(request.kind, plans, ownerOf) });
}

import { creatableKindsOf } from '../../../clients/authentik/resources/derivedKinds';
import { prompts } from '../../../ui/prompts';
import { editKindId } from './ids';

/**
 * "New…" in a folder of a polymorphic list (Providers, Stages…): which type to make, from the
 * kinds of the generated table the API can create in that family. Answers the edit kind id in the
 * folder's connection, or undefined when cancelled.
 */
export async function chooseKind(family: string, connectionId: string | undefined): Promise<string | undefined> {
  const kinds = creatableKindsOf(family);
  const picked = await prompts.quickPick(
    kinds.map((k) => ({ label: k.spec.label, description: k.spec.collectionPath, name: k.name })),
    { title: `New ${family.replace(/[A-Z]/g, (c) => ` ${c.toLowerCase()}`)}`, placeHolder: 'Which type?' },
  );
  return picked && editKindId(picked.name, connectionId);
}

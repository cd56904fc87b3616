import { ServiceError } from '../core/errors';
import { prompts } from '../ui/prompts';
import { EditDocuments } from './editDocuments';
import { Address, EditableKind, JsonObject } from './kind';
import { capitalize } from '../core/sentence';

/**
 * Delete with a modal confirmation that names the object (read just before, so as it is now), its
 * parent and its connection. When the service says something uses the object, the user types its
 * name to confirm. A 404, before or on the delete, means somebody deleted it already: said so.
 */
export async function deleteObject(fs: EditDocuments, kind: EditableKind, address: Address, name: string): Promise<void> {
  // Read first: the confirmation names the object as it is now, and a vanished one needs no question.
  let object: JsonObject;
  try {
    object = await kind.backend.read(address);
  } catch (error) {
    if (!(error instanceof ServiceError && error.kind === 'notFound')) throw error;
    await fs.markDeleted(kind, address);
    void prompts.info(`${capitalize(kind.label(address, undefined).title)} (${name}) was already gone: somebody deleted it before you.`);
    return;
  }
  const label = kind.label(address, object);
  const blocked = kind.deleteBlocked?.(object);
  if (blocked) {
    const choice = await prompts.warn(`${capitalize(label.title)} cannot be deleted.`, { modal: true, detail: `${label.location}\n\n${blocked.reason}` }, blocked.action);
    if (choice === blocked.action) await fs.applyChange(kind, address, blocked.change);
    return;
  }
  const usedBy = kind.backend.usedBy ? await kind.backend.usedBy(address) : [];
  const uses = usedBy.length
    ? [
        '',
        `It is used by ${usedBy.length === 1 ? 'one object' : `${usedBy.length} objects`}:`,
        ...usedBy.slice(0, 10).map((u) => `• ${u}`),
        ...(usedBy.length > 10 ? [`…and ${usedBy.length - 10} more`] : []),
      ]
    : [];
  if (kind.backend.usedByUnchecked) uses.push('', kind.backend.usedByUnchecked);
  if (!(await prompts.confirmDestructive({ title: `Delete ${label.title}?`, action: 'Delete', detail: [label.location, ...uses, 'This cannot be undone.'] }))) return;
  if (usedBy.length || kind.alwaysTypeNameToDelete) {
    const typed = await prompts.inputBox({
      title: `Delete ${label.title}`,
      prompt: `${usedBy.length ? 'Something uses it' : 'This cannot be undone'}. Type its name, ${name}, to delete it.`,
      validateInput: (value) => (value === name ? undefined : 'Type the name exactly as shown to confirm.'),
    });
    if (typed !== name) return;
  }
  const result = await kind.backend.remove(address);
  await fs.markDeleted(kind, address);
  void prompts.info(result === 'alreadyGone' ? `${capitalize(label.title)} was already gone: somebody deleted it before you.` : `Deleted ${label.title}.`);
}

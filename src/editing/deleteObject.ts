import { prompts } from '../ui/prompts';
import { EditFileSystem } from './editFileSystem';
import { Address, EditableKind } from './kind';

/**
 * Delete with a modal confirmation that names the object, its parent and its connection. When
 * the service says something uses the object, the user types its name to confirm. A 404 means
 * somebody deleted it already, which is said so.
 */
export async function deleteObject(fs: EditFileSystem, kind: EditableKind, address: Address, name: string): Promise<void> {
  const label = kind.label(address, undefined);
  const usedBy = kind.backend.usedBy ? await kind.backend.usedBy(address) : [];
  const uses = usedBy.length ? ['', `It is used by ${usedBy.length === 1 ? 'one object' : `${usedBy.length} objects`}:`, ...usedBy.slice(0, 10).map((u) => `• ${u}`), ...(usedBy.length > 10 ? [`…and ${usedBy.length - 10} more`] : [])] : [];
  const choice = await prompts.warn(`Delete ${label.title}?`, { modal: true, detail: [label.location, ...uses, '', 'This cannot be undone.'].join('\n') }, 'Delete');
  if (choice !== 'Delete') return;
  if (usedBy.length) {
    const typed = await prompts.inputBox({
      title: `Delete ${label.title}`,
      prompt: `Something uses it. Type its name, ${name}, to delete it.`,
      validateInput: (value) => (value === name ? undefined : 'Type the name exactly as shown to confirm.'),
    });
    if (typed !== name) return;
  }
  const result = await kind.backend.remove(address);
  fs.markDeleted(kind, address);
  void prompts.info(result === 'alreadyGone' ? `${capitalize(label.title)} was already gone: somebody deleted it before you.` : `Deleted ${label.title}.`);
}

function capitalize(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
}

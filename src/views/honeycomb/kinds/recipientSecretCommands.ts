import { isEditable } from '../../../editing/editableKinds';
import { Address, EditableKind } from '../../../editing/kind';
import { PlanDocuments } from '../../../editing/planDocuments';
import { editorSaveUi } from '../../../editing/saveUi';
import { prompts } from '../../../ui/prompts';
import { keepCreateSecret } from './recipientCreateSecrets';
import { RECIPIENT_KIND_ID } from './recipientIds';
import { SecretEdit, secretValueProblem, writeRecipientSecret } from './recipientSecrets';

/**
 * The questions of the recipient kind: which type a new recipient is (and a PagerDuty one's key,
 * which Honeycomb requires on create), and the commands that set a secret. A secret is typed into
 * a password input and goes from there to the request: never into a document, a plan, a setting
 * or a message. Loaded with the first use.
 */
const TYPES = [
  { label: 'Email', id: 'email', description: 'an address' },
  { label: 'Slack', id: 'slack', description: 'a channel (the Slack integration must be set up in Honeycomb)' },
  { label: 'PagerDuty', id: 'pagerduty', description: 'a service integration (asks for its key)' },
  { label: 'Webhook', id: 'webhook', description: 'an HTTP endpoint, with optional payload templates and headers' },
  { label: 'Microsoft Teams workflow', id: 'msteams_workflow', description: 'a Teams Workflow URL' },
];

/** "New Recipient…": the type, then for PagerDuty the key (kept in memory under a reference). */
export async function askNewRecipient(parent: Address): Promise<Address | undefined> {
  const type = await prompts.quickPick(TYPES, { title: 'New Honeycomb recipient', placeHolder: 'What kind of recipient? (Recipients are team-wide.)' });
  if (!type) return undefined;
  if (type.id !== 'pagerduty') return { ...parent, type: type.id };
  const key = await askSecret('pagerduty_integration_key', 'The new recipient’s PagerDuty integration key');
  if (key === undefined) return undefined;
  return { ...parent, type: type.id, secretRef: keepCreateSecret({ type: 'pagerduty', field: 'pagerduty_integration_key', value: key }) };
}

/** Set Webhook Secret… / Set Header Value… / Set Integration Key… on a recipient. Answers whether it was written. */
export async function setRecipientSecret(kind: EditableKind, plans: PlanDocuments, node: unknown, field: SecretEdit['field']): Promise<boolean> {
  if (!isEditable(node) || node.editTarget().kindId !== RECIPIENT_KIND_ID) throw new Error('Pick a recipient in the Honeycomb view.');
  const { address, name } = node.editTarget();
  let edit: SecretEdit;
  if (field === 'header_value') {
    const current = await kind.backend.read(address);
    const headers = ((current.details as { webhook_headers?: Array<{ header?: unknown }> } | undefined)?.webhook_headers ?? []).map((h) => h?.header).filter((h): h is string => typeof h === 'string');
    if (headers.length === 0) throw new Error(`“${name}” has no custom headers: add one in its document ({"header": "Authorization"}), save, then set its value.`);
    const header = await prompts.quickPick(
      headers.map((h) => ({ label: h })),
      { title: `Set a header value of “${name}”`, placeHolder: 'Which header?' },
    );
    if (!header) return false;
    const value = await askSecret('header_value', `The value of ${header.label} (it is not shown)`, header.label);
    if (value === undefined) return false;
    edit = { field, header: header.label, value };
  } else {
    const value = await askSecret(field, field === 'webhook_secret' ? `The webhook secret of “${name}” (it is not shown)` : `The PagerDuty integration key of “${name}” (it is not shown)`);
    if (value === undefined) return false;
    edit = { field, value };
  }
  const outcome = await writeRecipientSecret(kind, address, edit, editorSaveUi(kind, plans));
  if (outcome.status !== 'saved') return false;
  void prompts.info(`Set the ${field === 'header_value' ? `value of header ${(edit as { header: string }).header}` : field === 'webhook_secret' ? 'webhook secret' : 'integration key'} of “${name}”.`);
  return true;
}

async function askSecret(field: SecretEdit['field'], prompt: string, header = ''): Promise<string | undefined> {
  return prompts.inputBox({
    title: 'Honeycomb recipient secret',
    prompt,
    password: true,
    ignoreFocusOut: true,
    validateInput: (value) => (value === '' ? 'Type the value (or press Escape).' : secretValueProblem(field === 'header_value' ? { field, header, value } : { field, value })),
  });
}

import * as vscode from 'vscode';
import { Logger } from '../core/logger';
import { reportCommandError, withCancellableProgress } from '../ui/commandRunner';
import { prompts } from '../ui/prompts';
import { PanelHost } from '../views/panels/panelHost';
import { RecordViewModel } from '../views/panels/protocol';
import { RecordSources } from '../views/panels/recordSources';
import { LOOKUP_OPERATIONS, SERVICE_LABELS } from './catalog';
import { callText, pulumiCall, terraformDataBlock } from './codeSnippets';
import { describeValue, parseInput } from './inputValues';
import { lookupKey, lookupRecord, parseLookupKey } from './lookupRecord';
import { InputSpec, LookupClients, LookupInput, LookupOperation, LookupRecord, Service } from './operation';
import { SuggestionItem, suggestionItems } from './suggestionItems';
import { Suggestions } from './suggestions';

/**
 * "Ops Config: Look Up…" (registered in register.ts): pick any read operation of the three
 * seeds, give its inputs (required ones first, then any optional ones from a list that says what
 * each does), run it through the client method the trees use, and read the seed's record in a
 * record panel — with the data source call as Terraform or Pulumi, ready to paste. Recent inputs
 * are kept per operation (never secret ones).
 */
const RECENT_LIMIT = 5;
/** The action of a failed run's message: the inputs again, as they were, to change and run. */
const CHANGE_INPUTS = 'Change Inputs…';

/** The lookup's commands, loaded on first use (the catalog and its code stay out of start-up). */
export function lookupCommands(context: vscode.ExtensionContext, logger: Logger, clients: LookupClients, sources: RecordSources, records: PanelHost<RecordViewModel>) {
  const suggestions = new Suggestions(clients);
  return {
    async loadRecord(key: string, signal?: AbortSignal) {
      const parsed = parseLookupKey(key);
      if (!parsed) throw new Error('This lookup can no longer be read (its key is not one this version knows).');
      return lookupRecord(key, parsed.op, parsed.input, await parsed.op.run(clients, parsed.input, signal));
    },

    async lookUp(arg?: unknown): Promise<void> {
      // From a view's title button: that service's operations; from a record's "Look Up Again…": that call.
      const again = typeof arg === 'string' ? parseLookupKey(arg) : undefined;
      const service = typeof arg === 'string' && !again ? (arg as Service) : undefined;
      const op = again?.op ?? (await pickOperation(service));
      if (!op) return;
      let start = again?.input ?? (await recentInput(context, op));
      while (start) {
        const input = await askInputs(op, start, suggestions);
        if (!input) return;
        // Kept before the run: a failed run leaves them to start from, here and next time.
        await remember(context, op, input);
        let output: LookupRecord;
        try {
          output = await withCancellableProgress(`${callText(op, input)}…`, (signal) => op.run(clients, input, signal));
        } catch (error) {
          start = (await reportCommandError(logger, 'opsConfig.lookUp', error, undefined, [CHANGE_INPUTS])) === CHANGE_INPUTS ? input : undefined;
          continue;
        }
        const key = lookupKey(op, input);
        const loaded = lookupRecord(key, op, input, output);
        sources.remember(key, loaded);
        // Look Up Again shows its answer in the record it was asked from.
        if (again) records.replace(arg as string, key, loaded.model);
        else records.open(key, loaded.model);
        return;
      }
    },

    async copy(key: string, language: 'terraform' | 'pulumi'): Promise<void> {
      const parsed = parseLookupKey(key);
      if (!parsed) return;
      const text = language === 'terraform' ? terraformDataBlock(parsed.op, parsed.input) : pulumiCall(parsed.op, parsed.input);
      await vscode.env.clipboard.writeText(text);
      void prompts.info(`Copied ${callText(parsed.op, parsed.input)} as ${language === 'terraform' ? 'a Terraform data block' : 'a Pulumi data source call'}.`);
    },
  };
}

interface OperationItem extends vscode.QuickPickItem {
  op?: LookupOperation;
}

async function pickOperation(service?: Service): Promise<LookupOperation | undefined> {
  const items: OperationItem[] = [];
  let current: Service | undefined;
  for (const op of LOOKUP_OPERATIONS.filter((o) => !service || o.service === service)) {
    if (op.service !== current) {
      current = op.service;
      items.push({ label: SERVICE_LABELS[op.service], kind: vscode.QuickPickItemKind.Separator });
    }
    items.push({ label: op.name, description: op.deprecated ? `$(warning) deprecated: ${op.deprecated}` : SERVICE_LABELS[op.service], detail: op.purpose, op });
  }
  const picked = await prompts.quickPick(items, { title: 'Look Up', placeHolder: 'A read operation of Honeycomb, authentik or cosign', matchOnDescription: true, matchOnDetail: true });
  return picked?.op;
}

interface StepItem extends vscode.QuickPickItem {
  action: 'run' | 'input' | 'clear';
  spec?: InputSpec;
}

/** Required inputs in turn, then a list to run or add optional ones. Undefined when cancelled. */
async function askInputs(op: LookupOperation, start: LookupInput, suggestions: Suggestions): Promise<LookupInput | undefined> {
  const input: LookupInput = { ...start };
  const title = `Look Up: ${op.name}`;
  for (const spec of op.inputs.filter((s) => s.required && input[s.name] === undefined)) {
    const value = await askOne(op, spec, input, suggestions, title);
    if (value === undefined) return undefined;
    setInput(input, spec, value);
  }
  for (;;) {
    const missing = op.inputs.filter((s) => s.required && input[s.name] === undefined);
    const items: StepItem[] = [
      { label: `$(play) Run ${op.name}`, description: missing.length ? `needs ${missing.map((s) => s.name).join(', ')}` : callText(op, input), action: 'run' },
      ...op.inputs
        .filter((s) => !s.computed)
        .map((spec): StepItem => ({
          label: `${spec.name}${spec.required ? ' (required)' : ''}`,
          description: input[spec.name] !== undefined ? `= ${describeValue(spec, input[spec.name])}` : `${spec.type}${spec.deprecated ? ` · deprecated: ${spec.deprecated}` : ''}`,
          detail: spec.description,
          action: 'input',
          spec,
        })),
      ...(Object.keys(input).length ? [{ label: '$(clear-all) Clear all inputs', action: 'clear' as const }] : []),
    ];
    const picked = await prompts.quickPick(items, { title, placeHolder: 'Run, or set an input (optional ones are listed too)', matchOnDetail: true });
    if (!picked) return undefined;
    if (picked.action === 'run') {
      if (missing.length === 0) return input;
      continue;
    }
    if (picked.action === 'clear') {
      for (const key of Object.keys(input)) delete input[key];
      continue;
    }
    const spec = picked.spec as InputSpec;
    const value = await askOne(op, spec, input, suggestions, title);
    if (value !== undefined) setInput(input, spec, value);
  }
}

const CLEARED = Symbol('cleared');

/** A suggestion several objects share, picked: the inputs that name exactly that one. */
class ExactInputs {
  constructor(readonly inputs: LookupInput) {}
}

function setInput(input: LookupInput, spec: InputSpec, value: unknown): void {
  if (value === CLEARED) {
    delete input[spec.name];
  } else if (value instanceof ExactInputs) {
    delete input[spec.name];
    Object.assign(input, value.inputs);
  } else {
    input[spec.name] = value;
  }
}

/** One input: a pick for fixed choices, booleans and live suggestions, else a box checked while typing. */
async function askOne(op: LookupOperation, spec: InputSpec, input: LookupInput, suggestions: Suggestions, title: string): Promise<unknown> {
  const fixed = spec.type === 'boolean' ? ['true', 'false'] : spec.choices;
  const choices: SuggestionItem[] | undefined = fixed ? fixed.map((value) => ({ label: value, value })) : spec.suggest ? suggestionItems(op, await suggestions.values(spec.suggest, input)) : undefined;
  if (choices && choices.length > 0) {
    type Choice = vscode.QuickPickItem & { choice?: SuggestionItem; typed?: boolean; cleared?: boolean };
    const items: Choice[] = [
      ...choices.map((choice) => ({ label: choice.label, description: choice.description, detail: choice.detail, choice })),
      ...(!fixed ? [{ label: '$(edit) Type another value…', typed: true }] : []),
      ...(!spec.required && input[spec.name] !== undefined ? [{ label: '$(close) Leave unset', cleared: true }] : []),
    ];
    const picked = await prompts.quickPick(items, { title, placeHolder: `${spec.name}: ${spec.description}`, matchOnDescription: true });
    if (!picked) return undefined;
    if (picked.cleared) return CLEARED;
    if (picked.choice?.exactly) return new ExactInputs(picked.choice.exactly);
    if (picked.choice) {
      const parsed = parseInput(spec, picked.choice.value);
      return 'problem' in parsed ? undefined : parsed.value;
    }
  }
  const text = await prompts.inputBox({
    title,
    prompt: `${spec.name}${spec.required ? ' (required)' : ''}${spec.deprecated ? ` — deprecated: ${spec.deprecated}` : ''}: ${spec.description}`,
    value: input[spec.name] === undefined || spec.secret ? '' : describeValue(spec, input[spec.name]),
    password: spec.secret,
    ignoreFocusOut: true,
    placeHolder: placeholderFor(spec),
    validateInput: (value) => {
      const parsed = parseInput(spec, value);
      return 'problem' in parsed ? parsed.problem : undefined;
    },
  });
  if (text === undefined) return undefined;
  const parsed = parseInput(spec, text);
  if ('problem' in parsed) return undefined;
  return parsed.value === undefined ? CLEARED : parsed.value;
}

function placeholderFor(spec: InputSpec): string | undefined {
  switch (spec.type) {
    case 'detailFilter':
      return 'name operator value — e.g. channel equals #alerts, or name =~ ^prod';
    case 'detailFilters':
      return 'one or more filters separated by ; — e.g. name starts-with api; description contains checkout';
    case 'strings':
    case 'numbers':
      return 'values separated by commas';
    case 'json':
      return 'JSON, e.g. [{"op": "COUNT"}]';
    default:
      return undefined;
  }
}

function recentKey(op: LookupOperation): string {
  return `opsConfig.lookUp.recent.${op.service}.${op.name}`;
}

/** The last inputs of this operation, offered first (the user can clear them). */
async function recentInput(context: vscode.ExtensionContext, op: LookupOperation): Promise<LookupInput | undefined> {
  const recent = context.globalState.get<LookupInput[]>(recentKey(op)) ?? [];
  if (recent.length === 0) return {};
  const items = [{ label: '$(add) New inputs', input: {} as LookupInput }, ...recent.map((input) => ({ label: callText(op, input), input }))];
  const picked = await prompts.quickPick(items, { title: `Look Up: ${op.name}`, placeHolder: 'Start from recent inputs, or new ones' });
  return picked?.input;
}

async function remember(context: vscode.ExtensionContext, op: LookupOperation, input: LookupInput): Promise<void> {
  // Secret inputs are never stored, not even in the editor's own state.
  const kept = Object.fromEntries(op.inputs.filter((s) => !s.secret && input[s.name] !== undefined).map((s) => [s.name, input[s.name]]));
  const recent = (context.globalState.get<LookupInput[]>(recentKey(op)) ?? []).filter((r) => JSON.stringify(r) !== JSON.stringify(kept));
  await context.globalState.update(recentKey(op), [kept, ...recent].slice(0, RECENT_LIMIT));
}

import { LookupInput, LookupOperation } from './operation';
import type { SuggestedValue } from './suggestions';

/**
 * The pick list of an input's suggestions. Values several objects share are told apart: when the
 * lookup takes the inputs that name exactly one object (getGroup's pk), each is listed with where
 * it sits and picking it sets those inputs; when it does not (getGroups filters by name, and gets
 * them all), the value is listed once, saying how many share it. Pure, unit tested.
 */
export interface SuggestionItem {
  label: string;
  description?: string;
  detail?: string;
  value: string;
  /** Set for a shared value: the inputs that look up exactly this object. */
  exactly?: LookupInput;
}

export function suggestionItems(op: Pick<LookupOperation, 'inputs'>, suggestions: readonly SuggestedValue[]): SuggestionItem[] {
  const counts = new Map<string, number>();
  for (const s of suggestions) counts.set(s.value, (counts.get(s.value) ?? 0) + 1);
  const takes = (inputs: LookupInput) => Object.keys(inputs).every((name) => op.inputs.some((spec) => spec.name === name && !spec.computed));
  const listedOnce = new Set<string>();
  const items: SuggestionItem[] = [];
  for (const s of suggestions) {
    const shared = (counts.get(s.value) ?? 0) > 1;
    if (!shared) {
      items.push({ label: s.value, description: s.description, value: s.value });
    } else if (s.exactly && takes(s.exactly)) {
      const by = Object.entries(s.exactly).map(([name, value]) => `${name} ${String(value)}`);
      items.push({
        label: s.value,
        description: s.description,
        detail: `${by.join(', ')} — ${counts.get(s.value)} share this name; this one is looked up by ${Object.keys(s.exactly).join(', ')}`,
        value: s.value,
        exactly: s.exactly,
      });
    } else if (!listedOnce.has(s.value)) {
      listedOnce.add(s.value);
      items.push({ label: s.value, description: `${counts.get(s.value)} share this name`, value: s.value });
    }
  }
  return items;
}

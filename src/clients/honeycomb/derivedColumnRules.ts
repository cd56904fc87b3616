import { DERIVED_COLUMN_FUNCTIONS, TIMESERIES_FUNCTIONS, readExpression } from './derivedColumnExpression';

/**
 * The rules of a derived column ("calculated field") that its JSON schema cannot say (the schema,
 * from the API description's `CalculatedField`, holds the bounds: alias 1–255 characters,
 * expression 1–4095, description up to 255). Each is an error only where Honeycomb certainly
 * refuses, and cites its source:
 * - "parser": Honeycomb's derived column parser, honeycombio/honeycomb-derived-column-validator
 *   @460c6e1 (`pkg/parser`), which the Terraform provider runs on every expression
 *   (honeycombio/terraform-provider-honeycombio@bde0d12 `honeycombio/resource_derived_column.go`);
 * - "Go client": `client/derived_column.go` of the same provider commit.
 */

export interface DerivedColumnProblem {
  path: Array<string | number>;
  message: string;
  severity: 'error' | 'warning';
  /** The part of the expression the problem is about. */
  within?: { start: number; end: number };
}

export interface DerivedColumnContext {
  /**
   * The names a `$reference` may use where the derived column lives (its dataset's columns and
   * derived columns; every dataset's for an environment-wide one). Undefined when they could not be
   * listed: then references are not checked.
   */
  knownColumns?: ReadonlySet<string>;
}

type Json = Record<string, unknown>;

/** `baseline` is the derived column as it was opened (undefined for a new one). */
export function derivedColumnProblems(column: Json, baseline?: Json, context: DerivedColumnContext = {}): DerivedColumnProblem[] {
  const out: DerivedColumnProblem[] = [];
  if (typeof column.alias === 'string' && column.alias.length > 0 && column.alias.trim() === '')
    out.push({ path: ['alias'], severity: 'error', message: 'an alias needs a character that is not a space' });
  // Go client: "Alias … is required and can not be updated"; the provider replaces the column (ForceNew) rather than rename it.
  if (baseline && typeof baseline.alias === 'string' && typeof column.alias === 'string' && column.alias !== baseline.alias) {
    out.push({
      path: ['alias'],
      severity: 'warning',
      message:
        `renames ${baseline.alias}: SLOs, triggers and boards that use it by that name will not find it (the save lists them). ` +
        "Honeycomb's Go client says an alias cannot be updated and its Terraform provider replaces the column instead.",
    });
  }
  if (typeof column.expression === 'string') out.push(...expressionProblems(column.expression, context));
  return out;
}

function expressionProblems(expression: string, context: DerivedColumnContext): DerivedColumnProblem[] {
  const out: DerivedColumnProblem[] = [];
  const reading = readExpression(expression);
  // parser: any syntax error fails ANTLRParse; the provider refuses the expression with it.
  if (reading.syntaxError) {
    out.push({ path: ['expression'], severity: 'error', message: `not an expression Honeycomb can read: ${reading.syntaxError.message}`, within: reading.syntaxError.at });
  }
  for (const call of reading.calls) {
    if (DERIVED_COLUMN_FUNCTIONS.includes(call.name)) continue;
    if (TIMESERIES_FUNCTIONS.includes(call.name)) {
      // parser: "timeseries operations cannot be nested" — one metric function per expression; a syntax-level refusal.
      if (call.timeseriesAgain)
        out.push({ path: ['expression'], severity: 'error', message: `${call.name} is a second metric function: Honeycomb's parser takes one per expression`, within: call.at });
      continue;
    }
    // parser: "invalid function" — yet the service may know functions newer than the published parser, so a warning.
    const upper = call.name.toUpperCase();
    const hint = DERIVED_COLUMN_FUNCTIONS.includes(upper) || TIMESERIES_FUNCTIONS.includes(upper) ? ` Function names are upper case: ${upper}.` : '';
    out.push({
      path: ['expression'],
      severity: 'warning',
      message: `${call.name} is not a function Honeycomb's derived column parser knows (its Terraform provider refuses it).${hint}`,
      within: call.at,
    });
  }
  if (context.knownColumns) {
    for (const reference of reading.columns) {
      if (context.knownColumns.has(reference.name)) continue;
      out.push({
        path: ['expression'],
        severity: 'warning',
        // The provider's acceptance test (LOG10($invalid_column)) sees Honeycomb refuse an unknown column; the list here may be
        // older than the dataset (a column appears with its first event), so the editor warns and the service has the last word.
        message: `there is no column ${reference.name} in this dataset (Honeycomb refuses a column it has not seen yet)`,
        within: reference.at,
      });
    }
  }
  return out;
}

/** A trigger or board query uses the derived column when any of its parts names the alias. */
export function queryUsesColumn(query: unknown, alias: string): boolean {
  if (!query || typeof query !== 'object') return false;
  const q = query as Json;
  const named = (items: unknown, key?: string) => Array.isArray(items) && items.some((item) => (key ? (item as Json | null)?.[key] === alias : item === alias));
  const calculations = Array.isArray(q.calculations) ? (q.calculations as Json[]) : [];
  return (
    named(q.breakdowns) ||
    named(q.calculations, 'column') ||
    named(q.filters, 'column') ||
    named(q.orders, 'column') ||
    named(q.havings, 'column') ||
    calculations.some((c) => named(c.filters, 'column'))
  );
}

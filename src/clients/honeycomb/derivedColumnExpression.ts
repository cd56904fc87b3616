/**
 * A derived column's expression read the way Honeycomb reads it: the grammar and function names
 * of Honeycomb's own parser, published as honeycombio/honeycomb-derived-column-validator@460c6e1
 * (`pkg/parser/HCDC.g4`, `parser.go` lookupOp / lookupTimeseriesOp), which Honeycomb's Terraform
 * provider runs on every expression before it sends one (`resource_derived_column.go`).
 *
 * The reader finds what a user would want to see before a save: where the text stops being an
 * expression (a syntax error: the parser refuses it, so the service does), which names are called
 * as functions, and which `$columns` it refers to, each with its offsets in the text so a problem
 * underlines only that part of the string.
 */

/** Functions and operator names of `lookupOp`, case as written there (the lookup is exact). */
export const DERIVED_COLUMN_FUNCTIONS: readonly string[] = [
  'IF',
  'SWITCH',
  'COALESCE',
  'NOT',
  'LT',
  'LTE',
  'GT',
  'GTE',
  'EQUALS',
  'IN',
  'AND',
  'OR',
  'EXISTS',
  'MIN',
  'MAX',
  'SUM',
  'SUB',
  'MUL',
  'DIV',
  'MOD',
  'INT',
  'FLOAT',
  'BOOL',
  'STRING',
  'LOG10',
  'BUCKET',
  'CONCAT',
  'STARTS_WITH',
  'ENDS_WITH',
  'CONTAINS',
  'TO_LOWER',
  'LENGTH',
  'REG_MATCH',
  'REG_VALUE',
  'REG_COUNT',
  'UNIX_TIMESTAMP',
  'EVENT_TIMESTAMP',
  'INGEST_TIMESTAMP',
  'FORMAT_TIME',
];

/** Metric (timeseries) functions of `lookupTimeseriesOp`; the parser takes one per expression ("timeseries operations cannot be nested"). */
export const TIMESERIES_FUNCTIONS: readonly string[] = ['RAW_METRIC', 'LAST', 'RATE', 'INCREASE', 'SUMMARIZE'];

export interface Span {
  start: number;
  end: number;
}

export interface ExpressionReading {
  /** The first place the text is not an expression; undefined when it parses. */
  syntaxError?: { message: string; at: Span };
  /** Each name called as a function, where. */
  /** `timeseriesAgain`: a metric function after (or inside) another one, which the parser refuses. */
  calls: Array<{ name: string; at: Span; timeseriesAgain: boolean }>;
  /** Each `$column` reference: the column name, where (the whole `$…`). */
  columns: Array<{ name: string; at: Span }>;
}

type TokenType = 'lparen' | 'rparen' | 'comma' | 'not' | 'binary' | 'minus' | 'name' | 'column' | 'number' | 'string' | 'literal' | 'end';
interface Token {
  type: TokenType;
  text: string;
  start: number;
  end: number;
  /** A column's name without `$` and quotes. */
  value?: string;
}

class SyntaxError extends Error {
  constructor(
    message: string,
    readonly at: Span,
  ) {
    super(message);
  }
}

// COLRUNE of the grammar: letters, digits and _ . / : = + ? -
const COLUMN_RUNE = /[\p{L}\p{Nd}_./:=+?-]/u;
const SPACE = /\p{White_Space}/u;

function tokenize(text: string): Token[] {
  const out: Token[] = [];
  let i = 0;
  const push = (type: TokenType, start: number, end: number, value?: string) => out.push({ type, text: text.slice(start, end), start, end, value });
  while (i < text.length) {
    const c = text[i];
    if (SPACE.test(c)) {
      i++;
      continue;
    }
    const start = i;
    if (c === '(' || c === ')' || c === ',') {
      push(c === '(' ? 'lparen' : c === ')' ? 'rparen' : 'comma', i, ++i);
    } else if (c === '$') {
      const next = text[i + 1];
      if (next === '"' || next === '`') {
        const end = quotedEnd(text, i + 1);
        push('column', start, end, unquote(text.slice(i + 1, end)));
        i = end;
      } else {
        i++;
        while (i < text.length && COLUMN_RUNE.test(text[i])) i++;
        if (i === start + 1) throw new SyntaxError('a $ must be followed by a column name', { start, end: start + 1 });
        push('column', start, i, text.slice(start + 1, i));
      }
    } else if (c === '"' || c === '`') {
      const end = quotedEnd(text, i);
      push('string', start, end);
      i = end;
    } else if (/[0-9.]/.test(c)) {
      const match = /^(?:[0-9]+(?:\.[0-9]+)?|\.[0-9]+)(?:[eE][+-]?[0-9]+)?/.exec(text.slice(i));
      if (!match) throw new SyntaxError(`unexpected "${c}"`, { start, end: start + 1 });
      i += match[0].length;
      push('number', start, i);
    } else if (/[a-zA-Z]/.test(c)) {
      while (i < text.length && /[a-zA-Z0-9_]/.test(text[i])) i++;
      const word = text.slice(start, i);
      if (['true', 'false', 'null'].includes(word)) push('literal', start, i);
      else if (word === 'AND' || word === 'OR') push(text.slice(i).trimStart().startsWith('(') ? 'name' : 'binary', start, i);
      else push('name', start, i);
    } else if (c === '!' && text[i + 1] === '=') {
      push('binary', start, (i += 2));
    } else if (c === '!') {
      push('not', start, ++i);
    } else if ((c === '<' || c === '>') && text[i + 1] === '=') {
      push('binary', start, (i += 2));
    } else if ('*/%+<>='.includes(c)) {
      push('binary', start, ++i);
    } else if (c === '-') {
      push('minus', start, ++i);
    } else {
      throw new SyntaxError(`unexpected "${c}"`, { start, end: start + 1 });
    }
  }
  out.push({ type: 'end', text: '', start: text.length, end: text.length });
  return out;
}

/** The end (exclusive) of a string opened by the quote at `open`. */
function quotedEnd(text: string, open: number): number {
  const quote = text[open];
  for (let i = open + 1; i < text.length; i++) {
    if (quote === '"' && text[i] === '\\') i++;
    else if (text[i] === quote) return i + 1;
  }
  throw new SyntaxError(`a string opened with ${quote} is never closed`, { start: open, end: text.length });
}

function unquote(quoted: string): string {
  if (quoted.startsWith('`')) return quoted.slice(1, -1);
  try {
    return JSON.parse(quoted) as string;
  } catch {
    return quoted.slice(1, -1);
  }
}

/** Reads an expression; never throws. */
export function readExpression(text: string): ExpressionReading {
  const reading: ExpressionReading = { calls: [], columns: [] };
  if (text.trim() === '') {
    reading.syntaxError = { message: 'the expression is empty', at: { start: 0, end: text.length } };
    return reading;
  }
  try {
    const tokens = tokenize(text);
    let at = 0;
    const peek = () => tokens[at];
    const take = () => tokens[at++];
    const expect = (type: TokenType, what: string) => {
      const token = take();
      if (token.type !== type) throw unexpected(token, what);
      return token;
    };
    let timeseriesSeen = false;
    const operand = (): void => {
      const token = take();
      switch (token.type) {
        case 'not':
          return operand();
        case 'lparen':
          expression();
          expect('rparen', '")"');
          return;
        case 'minus': {
          // Only a number may carry a minus sign (the grammar's literal: OP_MATH_MINUS? INT).
          const next = take();
          if (next.type !== 'number') throw unexpected(next, 'a number after "-"');
          return;
        }
        case 'number':
        case 'string':
        case 'literal':
          return;
        case 'column':
          reading.columns.push({ name: token.value ?? '', at: { start: token.start, end: token.end } });
          return;
        case 'name': {
          if (token.text.length < 2) throw new SyntaxError(`"${token.text}" is not a function name (names have two characters or more)`, token);
          if (peek().type !== 'lparen')
            throw new SyntaxError(`"${token.text}" is not a value: write $${token.text} for a column, "${token.text}" for a string, or ${token.text}(…) for a function`, token);
          const timeseries = TIMESERIES_FUNCTIONS.includes(token.text);
          reading.calls.push({ name: token.text, at: { start: token.start, end: token.end }, timeseriesAgain: timeseries && timeseriesSeen });
          timeseriesSeen ||= timeseries;
          take();
          if (peek().type !== 'rparen') {
            expression();
            while (peek().type === 'comma') {
              take();
              if (peek().type === 'rparen') break; // a trailing comma is allowed
              expression();
            }
          }
          expect('rparen', '"," or ")"');
          return;
        }
        default:
          throw unexpected(token, 'a value, a $column or a function call');
      }
    };
    const expression = (): void => {
      operand();
      while (peek().type === 'binary' || peek().type === 'minus') {
        take();
        operand();
      }
    };
    expression();
    if (peek().type !== 'end') throw unexpected(peek(), 'the end of the expression or an operator');
  } catch (error) {
    if (!(error instanceof SyntaxError)) throw error;
    reading.syntaxError = { message: error.message, at: error.at };
  }
  return reading;
}

function unexpected(token: Token, wanted: string): SyntaxError {
  const found = token.type === 'end' ? 'the expression ends' : `"${token.text}" comes`;
  return new SyntaxError(`${wanted} was expected, but ${found}`, token.type === 'end' ? { start: Math.max(0, token.start - 1), end: token.start } : token);
}

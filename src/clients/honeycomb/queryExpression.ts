/**
 * A syntax check of calculated-field and formula expressions, following the grammar of
 * Honeycomb's derived-column validator (honeycomb-derived-column-validator, which the provider
 * runs; rule 13 in queryRules.ts):
 *
 *   expr    := '!' expr | expr BINOP expr | '(' expr ')' | call | column | literal
 *   call    := NAME '(' [expr (',' expr)* [',']] ')'        NAME = [a-zA-Z][a-zA-Z0-9_]+, AND, OR
 *   column  := '$' name-chars | '$' "quoted" | '$' `raw`    name-chars = letters, digits, _ . / : = + ? -
 *   literal := ['-'] integer | ['-'] float | "string" | `raw` | true | false | null
 *   BINOP   := * / % + - < <= > >= = != AND OR
 *
 * Tokens are matched longest first, ties going to the earlier rule (so `true` is a literal but
 * `trueish` a name, and `$a=1` is one column). Only syntax is checked, as the validator does:
 * function names are not looked up, so the check never refuses a function newer than this code.
 */

export type ExpressionCheck = { ok: true; functions: string[]; columns: string[] } | { ok: false; reason: string; offset: number };

type Kind = 'name' | 'and' | 'or' | 'column' | 'dollar' | 'int' | 'float' | 'string' | 'raw' | 'true' | 'false' | 'null' | 'not' | 'op' | 'minus' | '(' | ')' | ',' | 'end';

interface Token {
  kind: Kind;
  text: string;
  offset: number;
}

class ExpressionError extends Error {
  constructor(
    readonly reason: string,
    readonly offset: number,
  ) {
    super(reason);
  }
}

const COLUMN_RUNE = /[\p{L}\p{Nd}_./:=+?-]/u;
const ESCAPE = /^\\(?:u[0-9a-fA-F]{4}|U[0-9a-fA-F]{8}|[abfnrtv\\'"]|[0-7]{3}|x[0-9a-fA-F]{2})/;

function lex(source: string): Token[] {
  const tokens: Token[] = [];
  let i = 0;
  const at = (offset: number) => source.slice(offset);
  while (i < source.length) {
    const rest = at(i);
    const space = /^\s+/u.exec(rest);
    if (space) {
      i += space[0].length;
      continue;
    }
    const start = i;
    const push = (kind: Kind, length: number): void => {
      tokens.push({ kind, text: source.slice(start, start + length), offset: start });
      i = start + length;
    };
    const ch = source[i];
    if (ch === '$') {
      let end = i + 1;
      while (end < source.length && COLUMN_RUNE.test(source[end])) end++;
      push(end > i + 1 ? 'column' : 'dollar', end - i);
      continue;
    }
    if (ch === '"') {
      let end = i + 1;
      for (;;) {
        if (end >= source.length) throw new ExpressionError('a string is not closed with "', start);
        if (source[end] === '"') break;
        if (source[end] === '\\') {
          const escape = ESCAPE.exec(source.slice(end));
          if (!escape) throw new ExpressionError(`"${source.slice(end, end + 2)}" is not a valid escape in a string`, end);
          end += escape[0].length;
        } else end++;
      }
      push('string', end + 1 - i);
      continue;
    }
    if (ch === '`') {
      const close = source.indexOf('`', i + 1);
      if (close < 0) throw new ExpressionError('a raw string is not closed with `', start);
      push('raw', close + 1 - i);
      continue;
    }
    const number = /^(?:\d+(?:\.\d+)?(?:[eE][+-]?\d+)?|\.\d+(?:[eE][+-]?\d+)?)/.exec(rest);
    if (number) {
      push(/^\d+$/.test(number[0]) ? 'int' : 'float', number[0].length);
      continue;
    }
    const word = /^[a-zA-Z][a-zA-Z0-9_]*/.exec(rest);
    if (word) {
      const text = word[0];
      const keyword: Record<string, Kind> = { true: 'true', false: 'false', null: 'null', AND: 'and', OR: 'or' };
      if (keyword[text]) push(keyword[text], text.length);
      else if (text.length >= 2) push('name', text.length);
      else throw new ExpressionError(`"${text}" is not a function name, column or literal (a column needs a $ in front)`, start);
      continue;
    }
    const op = /^(?:<=|>=|!=|[<>=*/%+])/.exec(rest);
    if (op) {
      push('op', op[0].length);
      continue;
    }
    if (ch === '!') {
      push('not', 1);
      continue;
    }
    if (ch === '-') {
      push('minus', 1);
      continue;
    }
    if (ch === '(' || ch === ')' || ch === ',') {
      push(ch, 1);
      continue;
    }
    throw new ExpressionError(`unexpected character "${ch}"`, start);
  }
  tokens.push({ kind: 'end', text: '', offset: source.length });
  return tokens;
}

class Parser {
  private index = 0;
  readonly functions: string[] = [];
  readonly columns: string[] = [];

  constructor(private readonly tokens: Token[]) {}

  private get current(): Token {
    return this.tokens[this.index];
  }

  /** The current token's kind (a method, so checks after next() are not narrowed away). */
  private kind(): Kind {
    return this.tokens[this.index].kind;
  }

  private next(): Token {
    return this.tokens[this.index++];
  }

  private fail(expected: string): never {
    const t = this.current;
    const found = t.kind === 'end' ? 'the end of the expression' : `"${t.text}"`;
    throw new ExpressionError(`expected ${expected} but found ${found}`, t.offset);
  }

  parse(): void {
    this.expression();
    const t = this.current;
    // At the top level nothing closes or separates: say which character is out of place.
    if (t.kind === ')') throw new ExpressionError('this ")" has no "(" before it', t.offset);
    if (t.kind === ',') throw new ExpressionError('"," separates function arguments; here it is outside any function', t.offset);
    if (t.kind !== 'end') this.fail('an operator or the end of the expression');
  }

  private expression(): void {
    this.operand();
    while (this.isBinaryOperator(this.current)) {
      this.next();
      this.operand();
    }
  }

  private isBinaryOperator(t: Token): boolean {
    return t.kind === 'op' || t.kind === 'minus' || t.kind === 'and' || t.kind === 'or';
  }

  private operand(): void {
    while (this.kind() === 'not') this.next();
    const t = this.current;
    switch (t.kind) {
      case '(':
        this.next();
        this.expression();
        if (this.kind() !== ')') this.fail('")"');
        this.next();
        return;
      case 'name':
      case 'and':
      case 'or':
        this.call();
        return;
      case 'column':
        this.columns.push(t.text.slice(1));
        this.next();
        return;
      case 'dollar': {
        this.next();
        const quoted = this.current;
        if (quoted.kind !== 'string' && quoted.kind !== 'raw') this.fail('a column name after $');
        this.columns.push(quoted.text.slice(1, -1));
        this.next();
        return;
      }
      case 'minus':
        this.next();
        if (this.kind() !== 'int' && this.kind() !== 'float') this.fail('a number after "-"');
        this.next();
        return;
      case 'int':
      case 'float':
      case 'string':
      case 'raw':
      case 'true':
      case 'false':
      case 'null':
        this.next();
        return;
      default:
        this.fail('a function, a $column or a literal');
    }
  }

  private call(): void {
    const name = this.next();
    if (this.kind() !== '(') {
      this.fail(`"(" after the function name ${name.text} (a column needs a $ in front)`);
    }
    this.functions.push(name.text);
    this.next();
    if (this.kind() === ')') {
      this.next();
      return;
    }
    for (;;) {
      this.expression();
      if (this.kind() === ',') {
        this.next();
        // A trailing comma is allowed before the closing parenthesis.
        if (this.kind() === ')') break;
        continue;
      }
      if (this.kind() !== ')') this.fail(`"," or ")" in the arguments of ${name.text}`);
      break;
    }
    this.next();
  }
}

/** Checks one expression; on failure says what is wrong and where (a character offset). */
export function checkExpression(source: string): ExpressionCheck {
  try {
    if (source.trim() === '') return { ok: false, reason: 'the expression is empty', offset: 0 };
    const parser = new Parser(lex(source));
    parser.parse();
    return { ok: true, functions: parser.functions, columns: parser.columns };
  } catch (error) {
    if (error instanceof ExpressionError) return { ok: false, reason: error.reason, offset: error.offset };
    throw error;
  }
}

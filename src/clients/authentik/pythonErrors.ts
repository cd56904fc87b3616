/**
 * DRF's errors as authentik's blueprint importer logs them: the Python repr of a serializer's
 * errors, read into field errors.
 */

export interface ParsedFieldError {
  field: string;
  messages: string[];
  codes: string[];
}

/**
 * `{'name': [ErrorDetail(string='This field is required.', code='required')], 'x': {'y': […]}}`
 * → field errors (nested serializers as `x.y`). Unparseable text gives none.
 */
export function parsePythonErrors(text: string): ParsedFieldError[] {
  let value: unknown;
  try {
    value = new PyReader(text).read();
  } catch {
    return [];
  }
  const out: ParsedFieldError[] = [];
  const walk = (node: unknown, path: string): void => {
    if (Array.isArray(node)) {
      const details = node.filter(isDetail);
      if (details.length > 0) {
        out.push({ field: path || 'non_field_errors', messages: details.map((d) => d.string), codes: details.map((d) => d.code) });
      }
      node.filter((n) => !isDetail(n)).forEach((n, i) => (typeof n === 'string' ? out.push({ field: path, messages: [n], codes: [] }) : walk(n, `${path}[${i}]`)));
      return;
    }
    if (isDetail(node)) {
      out.push({ field: path || 'non_field_errors', messages: [node.string], codes: [node.code] });
      return;
    }
    if (node && typeof node === 'object') {
      for (const [key, child] of Object.entries(node as Record<string, unknown>)) walk(child, path ? `${path}.${key}` : key);
    }
  };
  walk(value, '');
  return out;
}

interface Detail {
  __detail: true;
  string: string;
  code: string;
}

function isDetail(value: unknown): value is Detail {
  return !!value && typeof value === 'object' && (value as Detail).__detail === true;
}

/** A reader for the subset of Python literals DRF's error reprs use. */
class PyReader {
  private i = 0;
  constructor(private readonly s: string) {}

  read(): unknown {
    const value = this.value();
    this.space();
    return value;
  }

  private value(): unknown {
    this.space();
    const c = this.s[this.i];
    if (c === '{') return this.dict();
    if (c === '[' || c === '(') return this.list(c === '[' ? ']' : ')');
    if (c === "'" || c === '"') return this.str();
    const word = /^[A-Za-z_][A-Za-z0-9_]*/.exec(this.s.slice(this.i))?.[0];
    if (word) {
      this.i += word.length;
      if (word === 'None') return null;
      if (word === 'True') return true;
      if (word === 'False') return false;
      this.space();
      if (this.s[this.i] === '(') return this.call(word);
      return word;
    }
    const num = /^-?\d+(\.\d+)?/.exec(this.s.slice(this.i))?.[0];
    if (num) {
      this.i += num.length;
      return Number(num);
    }
    throw new Error(`unexpected ${c} at ${this.i}`);
  }

  private dict(): Record<string, unknown> {
    const out: Record<string, unknown> = {};
    this.i++;
    for (;;) {
      this.space();
      if (this.s[this.i] === '}') {
        this.i++;
        return out;
      }
      const key = String(this.value());
      this.space();
      this.expect(':');
      out[key] = this.value();
      this.space();
      if (this.s[this.i] === ',') this.i++;
    }
  }

  private list(close: string): unknown[] {
    const out: unknown[] = [];
    this.i++;
    for (;;) {
      this.space();
      if (this.s[this.i] === close) {
        this.i++;
        return out;
      }
      out.push(this.value());
      this.space();
      if (this.s[this.i] === ',') this.i++;
    }
  }

  /** `ErrorDetail(string='…', code='…')`; any other call becomes its keyword arguments. */
  private call(name: string): unknown {
    this.i++;
    const args: Record<string, unknown> = {};
    for (;;) {
      this.space();
      if (this.s[this.i] === ')') {
        this.i++;
        break;
      }
      const key = /^[A-Za-z_][A-Za-z0-9_]*(?=\s*=)/.exec(this.s.slice(this.i))?.[0];
      if (key) {
        this.i += key.length;
        this.space();
        this.expect('=');
        args[key] = this.value();
      } else {
        args[String(Object.keys(args).length)] = this.value();
      }
      this.space();
      if (this.s[this.i] === ',') this.i++;
    }
    if (name === 'ErrorDetail') return { __detail: true, string: String(args.string ?? args['0'] ?? ''), code: String(args.code ?? '') };
    return args;
  }

  private str(): string {
    const quote = this.s[this.i++];
    let out = '';
    while (this.i < this.s.length && this.s[this.i] !== quote) {
      const c = this.s[this.i++];
      if (c !== '\\') {
        out += c;
        continue;
      }
      const e = this.s[this.i++];
      if (e === 'n') out += '\n';
      else if (e === 't') out += '\t';
      else if (e === 'x') {
        out += String.fromCharCode(parseInt(this.s.slice(this.i, this.i + 2), 16));
        this.i += 2;
      } else if (e === 'u') {
        out += String.fromCharCode(parseInt(this.s.slice(this.i, this.i + 4), 16));
        this.i += 4;
      } else out += e;
    }
    if (this.s[this.i] !== quote) throw new Error('unterminated string');
    this.i++;
    return out;
  }

  private expect(c: string): void {
    if (this.s[this.i] !== c) throw new Error(`expected ${c} at ${this.i}`);
    this.i++;
  }

  private space(): void {
    while (this.i < this.s.length && /\s/.test(this.s[this.i])) this.i++;
  }
}

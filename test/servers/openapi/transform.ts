/**
 * Load-time rewrites that make an OpenAPI document's schemas work in one Ajv2020 instance and
 * catch more stand-in mistakes. Both passes mutate the (freshly parsed) document in place.
 */

type Schema = Record<string, unknown>;
const COMPOSITIONS = ['allOf', 'anyOf', 'oneOf'] as const;

/** Marker on the `{type: "null"}` branch we add, so error reporting can drop its noise. */
export const NULL_BRANCH_MARK = 'x-standin-null-branch';

function isObject(v: unknown): v is Schema {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

/**
 * Visits every schema object reachable from the places OpenAPI puts schemas, descending only
 * through schema keywords. (A blind walk would mistake a property *named* "properties" for a
 * keyword.)
 */
export function forEachSchema(doc: Schema, visit: (s: Schema) => void): void {
  const seen = new Set<Schema>();
  const walk = (s: unknown): void => {
    if (!isObject(s) || seen.has(s)) return;
    seen.add(s);
    visit(s);
    for (const key of ['properties', 'patternProperties', '$defs', 'definitions', 'dependentSchemas']) {
      const map = s[key];
      if (isObject(map)) Object.values(map).forEach(walk);
    }
    for (const key of ['items', 'additionalProperties', 'unevaluatedProperties', 'not', 'if', 'then', 'else', 'contains', 'propertyNames', 'additionalItems']) {
      const sub = s[key];
      if (Array.isArray(sub)) sub.forEach(walk);
      else walk(sub);
    }
    for (const key of [...COMPOSITIONS, 'prefixItems']) {
      const list = s[key];
      if (Array.isArray(list)) list.forEach(walk);
    }
  };
  const components = isObject(doc.components) ? doc.components : {};
  for (const group of ['schemas']) {
    const g = components[group];
    if (isObject(g)) Object.values(g).forEach(walk);
  }
  // Schemas nested in responses, request bodies, parameters and headers (components and paths).
  const walkContainer = (c: unknown): void => {
    if (!isObject(c)) return;
    if (isObject(c.schema)) walk(c.schema);
    if (isObject(c.content)) Object.values(c.content).forEach(walkContainer);
    if (isObject(c.headers)) Object.values(c.headers).forEach(walkContainer);
  };
  for (const group of ['responses', 'requestBodies', 'parameters', 'headers']) {
    const g = components[group];
    if (isObject(g)) Object.values(g).forEach(walkContainer);
  }
  const paths = isObject(doc.paths) ? doc.paths : {};
  for (const item of Object.values(paths)) {
    if (!isObject(item)) continue;
    for (const op of Object.values(item)) {
      if (!isObject(op)) continue;
      if (Array.isArray(op.parameters)) op.parameters.forEach(walkContainer);
      walkContainer(op.requestBody);
      if (isObject(op.responses)) Object.values(op.responses).forEach(walkContainer);
    }
    if (Array.isArray(item.parameters)) item.parameters.forEach(walkContainer);
  }
}

/**
 * OpenAPI 3.0 `nullable: true` → JSON Schema 2020-12. Beside `type` it becomes a type union
 * (and `null` joins an `enum`); elsewhere (authentik puts it beside a one-element
 * `allOf: [$ref]`, where Ajv would throw "nullable cannot be used without type") the schema is
 * wrapped as `anyOf: [original, {type: "null"}]`. Returns how many schemas were rewritten.
 */
export function rewriteNullable(doc: Schema): number {
  let count = 0;
  forEachSchema(doc, (s) => {
    if (!('nullable' in s)) return;
    const nullable = s.nullable === true;
    delete s.nullable;
    if (!nullable) return;
    count++;
    if (typeof s.type === 'string') {
      s.type = [s.type, 'null'];
      if (Array.isArray(s.enum) && !s.enum.includes(null)) s.enum = [...s.enum, null];
      return;
    }
    if (Array.isArray(s.type)) {
      if (!s.type.includes('null')) s.type = [...s.type, 'null'];
      return;
    }
    const original: Schema = { ...s };
    for (const k of Object.keys(s)) delete s[k];
    s.anyOf = [original, { type: 'null', [NULL_BRANCH_MARK]: true }];
  });
  return count;
}

/**
 * Closes object schemas with `unevaluatedProperties: false` so a misspelled or invented field in
 * a stand-in body is reported. Both documents leave objects open, so without this `slugg` or a
 * typo'd `key_nmae` would pass.
 *
 * A schema is only closed where that cannot reject a valid body: never when a sibling in a
 * composition contributes properties it cannot see (`unevaluatedProperties` only sees what its
 * own schema and subschemas evaluated). "Unsafe" schemas are members of an `allOf` with more
 * than one member, or of any composition whose owner also declares properties; the mark passes
 * down through `$ref` and nested compositions. Open maps (`additionalProperties`,
 * `patternProperties`) and objects declared with `properties: {}` are left alone. Returns how
 * many schemas were closed.
 */
export function closeObjectSchemas(doc: Schema): number {
  const all: Schema[] = [];
  forEachSchema(doc, (s) => all.push(s));

  const resolve = (s: Schema): Schema => {
    let cur = s;
    for (let i = 0; i < 20 && typeof cur.$ref === 'string' && cur.$ref.startsWith('#/'); i++) {
      const target = pointerGet(doc, cur.$ref.slice(1));
      if (!isObject(target)) break;
      cur = target;
    }
    return cur;
  };
  const ownsProperties = (s: Schema) => isObject(s.properties) || 'additionalProperties' in s || 'patternProperties' in s;

  const unsafe = new Set<Schema>();
  const work: Schema[] = [];
  const mark = (s: unknown) => {
    if (isObject(s) && !unsafe.has(s)) {
      unsafe.add(s);
      work.push(s);
    }
  };
  for (const s of all) {
    const allOf = Array.isArray(s.allOf) ? s.allOf : [];
    const others = COMPOSITIONS.filter((k) => Array.isArray(s[k]) && k !== 'allOf');
    if (allOf.length > 1 || (allOf.length > 0 && (ownsProperties(s) || others.length > 0))) allOf.forEach(mark);
    if (ownsProperties(s) || allOf.length > 0) for (const k of others) (s[k] as unknown[]).forEach(mark);
    if (typeof s.$ref === 'string' && ownsProperties(s)) mark(resolve(s));
  }
  while (work.length) {
    const s = work.pop()!;
    if (typeof s.$ref === 'string') mark(resolve(s));
    for (const k of COMPOSITIONS) if (Array.isArray(s[k])) (s[k] as unknown[]).forEach(mark);
  }

  // A composition owner can be closed when every member evaluates the properties it allows.
  const contributes = (s: Schema, depth = 0): boolean => {
    const r = resolve(s);
    if (ownsProperties(r)) return true;
    if (depth > 10) return false;
    const lists = COMPOSITIONS.map((k) => r[k]).filter(Array.isArray) as unknown[][];
    return lists.length > 0 && lists.every((l) => l.every((m) => isObject(m) && contributes(m, depth + 1)));
  };
  const allowsObject = (s: Schema) => s.type === undefined || s.type === 'object' || (Array.isArray(s.type) && s.type.includes('object'));

  let closed = 0;
  for (const s of all) {
    if (unsafe.has(s) || !allowsObject(s) || typeof s.$ref === 'string') continue;
    if ('additionalProperties' in s || 'patternProperties' in s || 'unevaluatedProperties' in s) continue;
    // `properties: {}` names no property to hold a body against: the document leaves that object
    // open on purpose (a trigger's inline `query`, "a strict subset of a Query Specification").
    if (isObject(s.properties) && Object.keys(s.properties).length === 0) continue;
    if (isObject(s.properties) || (COMPOSITIONS.some((k) => Array.isArray(s[k])) && contributes(s))) {
      s.unevaluatedProperties = false;
      closed++;
    }
  }
  return closed;
}

/** RFC 6901 lookup of a JSON pointer ("/components/schemas/X") inside `doc`. */
export function pointerGet(doc: unknown, pointer: string): unknown {
  if (pointer === '' || pointer === '/') return pointer === '' ? doc : (doc as Schema)[''];
  let cur: unknown = doc;
  for (const raw of pointer.slice(1).split('/')) {
    const token = decodeURIComponent(raw).replace(/~1/g, '/').replace(/~0/g, '~');
    if (!isObject(cur) && !Array.isArray(cur)) return undefined;
    cur = (cur as Schema)[token];
  }
  return cur;
}

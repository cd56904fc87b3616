/**
 * The package's query result record holds `results` as maps of string to string, as the provider
 * builds them with Go's `%v` from the decoded JSON (every number is a float64 there). So the
 * strings match what Terraform and Pulumi users already see: `2728`, `857.0309715273646`,
 * `1.2e+07`, `true`, `<nil>`.
 */

/** Go's `%v` of a float64 (strconv 'g', shortest): exponent form when the exponent is below -4 or 6 and up. */
export function goFloat(value: number): string {
  if (Number.isNaN(value)) return 'NaN';
  if (!Number.isFinite(value)) return value > 0 ? '+Inf' : '-Inf';
  if (value === 0) return Object.is(value, -0) ? '-0' : '0';
  // strconv's 'g' with the shortest precision decides on precision 6: 1e+06, 1.2e+07, 1e-05.
  const exponential = value.toExponential();
  const [mantissa, expText] = exponential.split('e');
  const exp = Number(expText);
  if (exp < -4 || exp >= 6) {
    const sign = exp < 0 ? '-' : '+';
    const digits = String(Math.abs(exp)).padStart(2, '0');
    return `${mantissa}e${sign}${digits}`;
  }
  return String(value);
}

/** `%v` of any decoded JSON value. */
export function goValue(value: unknown): string {
  if (value === null || value === undefined) return '<nil>';
  if (typeof value === 'number') return goFloat(value);
  if (typeof value === 'string') return value;
  if (typeof value === 'boolean') return value ? 'true' : 'false';
  if (Array.isArray(value)) return `[${value.map(goValue).join(' ')}]`;
  if (typeof value === 'object') {
    const entries = Object.entries(value as Record<string, unknown>).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `map[${entries.map(([k, v]) => `${k}:${goValue(v)}`).join(' ')}]`;
  }
  return String(value);
}

/** One result group as the package's map of string to string. */
export function resultStrings(data: Record<string, unknown>): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [key, value] of Object.entries(data)) out[key] = goValue(value);
  return out;
}

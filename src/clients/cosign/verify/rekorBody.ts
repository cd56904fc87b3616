/**
 * The signer's key or certificate as recorded in a Rekor v1 entry body, per entry kind:
 * hashedrekord 0.0.1 (`spec.signature.publicKey.content`), intoto 0.0.2
 * (`spec.content.envelope.signatures[].publicKey`) and dsse 0.0.1 (`spec.signatures[].verifier`),
 * each base64 of a PEM. `undefined` when the body is of a kind this does not know.
 */
export function rekorBodyKeys(body: Buffer): string[] | undefined {
  let json: { kind?: string; apiVersion?: string; spec?: Record<string, any> }; // eslint-disable-line @typescript-eslint/no-explicit-any
  try {
    json = JSON.parse(body.toString('utf8'));
  } catch {
    return [];
  }
  const decode = (value: unknown): string[] => (typeof value === 'string' && value ? [Buffer.from(value, 'base64').toString('utf8')] : []);
  const spec = json.spec ?? {};
  if (json.kind === 'hashedrekord' && json.apiVersion === '0.0.1') return decode(spec.signature?.publicKey?.content);
  if (json.kind === 'intoto' && json.apiVersion === '0.0.2') {
    const signatures: unknown[] = spec.content?.envelope?.signatures ?? [];
    return signatures.flatMap((s) => decode((s as { publicKey?: string }).publicKey));
  }
  if (json.kind === 'dsse' && json.apiVersion === '0.0.1') {
    const signatures: unknown[] = spec.signatures ?? [];
    return signatures.flatMap((s) => decode((s as { verifier?: string }).verifier));
  }
  return undefined;
}

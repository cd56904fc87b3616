/**
 * The key of an object shown by a polymorphic list (`/providers/all/`) that names its own kind:
 * its `meta_model_name`, else `<family>:<component>` (its admin form). Kept apart from the kinds
 * table so tree nodes can name the kind without loading it (derivedKinds.ts resolves the key).
 */
export function polymorphicKey(family: string, object: { meta_model_name?: string; component?: string }): string {
  return object.meta_model_name || `${family}:${object.component ?? ''}`;
}

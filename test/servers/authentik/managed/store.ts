/**
 * What the generic write routes (managedRoutes.ts) need to know about one managed kind: where it
 * lives, how its objects are stored and served, what authentik checks beyond the request
 * schema, what a delete cascades to, and what `used_by/` lists. One `Store` per kind in
 * stores.ts.
 */
import type * as Api from '../../../../src/clients/authentik/types';
import type { Relations } from '../directory/relations';
import type { FieldMap } from '../listing';
import type { AuthentikSeed } from '../seed';

export interface Ctx {
  seed: AuthentikSeed;
  r: Relations;
  /** scheme://host the client used */
  base: string;
  now: number;
}

export type Body = Record<string, unknown>;
export type FieldErrors = Record<string, string[]>;

export interface Store<T> {
  /** collection path under /api/v3, e.g. `/core/applications/` */
  path: string;
  /** name of the item path parameter, e.g. `slug` */
  param: string;
  /** model name in "No <model> matches the given query." */
  model: string;
  items(seed: AuthentikSeed): T[];
  /** the lookup value */
  key(item: T): string;
  serialize(ctx: Ctx, item: T): unknown;
  /** the object's writable fields as the request schema names them (PUT/PATCH merge onto these) */
  fields(item: T): Body;
  /** values of fields a create leaves out */
  defaults(ctx: Ctx): Body;
  /**
   * authentik's checks beyond the request schema, as DRF runs them: field validators first;
   * object-level ones (unique together, cross-field) only when every field passed. `sent` are
   * the fields of the request, `merged` the object as it would be saved.
   */
  check(ctx: Ctx, merged: Body, sent: Body, existing: T | undefined): FieldErrors;
  build(ctx: Ctx, merged: Body): T;
  apply(ctx: Ctx, item: T, sent: Body): void;
  /** what deleting the object does to others (the object itself is removed by the route) */
  cascade(ctx: Ctx, item: T): void;
  usedBy(ctx: Ctx, item: T): Api.UsedBy[];
  /** list and retrieve are served here for kinds the directory routes do not serve */
  reads?: { filters: FieldMap<T>; search: FieldMap<T>; order: FieldMap<T>; fallback: string };
  /** retrieve only (the directory serves the list) */
  retrieve?: boolean;
}

export const errorsOf = () => {
  const errors: FieldErrors = {};
  const add = (field: string, message: string) => {
    (errors[field] ??= []).push(message);
  };
  return { errors, add, any: () => Object.keys(errors).length > 0 };
};

/** DRF's message for a primary-key reference to nothing. */
export const invalidPk = (value: unknown) => `Invalid pk "${String(value)}" - object does not exist.`;

/** Django's unique message: "<Model> with this <field> already exists." */
export const notUnique = (model: string, field: string) => `${model} with this ${field.replace(/_/g, ' ')} already exists.`;

/** Django's SlugField rule. */
export const SLUG = /^[-a-zA-Z0-9_]+$/;
export const SLUG_MESSAGE = 'Enter a valid “slug” consisting of letters, numbers, underscores or hyphens.';

export function pick(body: Body, fields: readonly string[]): Body {
  return Object.fromEntries(fields.filter((f) => f in body).map((f) => [f, body[f]]));
}

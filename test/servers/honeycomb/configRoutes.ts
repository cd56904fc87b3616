/**
 * The v1 configuration endpoints of the Honeycomb stand-in: datasets, columns, derived columns,
 * SLOs, triggers and recipients, served from the seed in the API's shapes.
 *
 * Which key may do what: an unknown key (or an ingest key) gets the published 401; a
 * configuration key without "Manage SLOs" / "Manage Triggers" gets 403 on those endpoints, the
 * only read endpoints for which the document declares a 403 (elsewhere it declares none, and the
 * stand-in does not invent one). The 403 text is the stand-in's own; its shape (`{"error"}`) is
 * the document's.
 *
 * The docs' example key (HONEYCOMB_KEYS.published.environment) is answered with the published
 * example bodies, verbatim, wherever one exists.
 */
import { exampleText } from '../examples';
import type { Route, StandInRequest, StandInResponse } from '../core/types';
import type { EnvironmentContent, SeedTrigger } from './content';
import { JSON_TYPE, problem, unknownKeyV1 } from './errors';
import { HONEYCOMB_KEYS, type ApiKeyAccess, type HoneycombSeed } from './seed';

const ALL = '__all__';

type Context = { content: EnvironmentContent; access: ApiKeyAccess } | { published: true };

function ok(body: unknown): StandInResponse {
  return { status: 200, headers: { 'Content-Type': JSON_TYPE }, body };
}

function published(file: string): StandInResponse {
  return { status: 200, headers: { 'Content-Type': JSON_TYPE }, text: exampleText('honeycomb', file) };
}

function notFound(req: StandInRequest, what: string): StandInResponse {
  return problem(req, 404, 'not-found', 'The requested resource cannot be found.', `${what} not found`, `${what} not found`);
}

function forbidden(permission: string): StandInResponse {
  return { status: 403, headers: { 'Content-Type': JSON_TYPE }, body: { error: `This API key does not have the "${permission}" permission.` } };
}

/** The environment content (and permissions) of the presented configuration key. */
function context(seed: HoneycombSeed, req: StandInRequest): Context | StandInResponse {
  const token = req.header('x-honeycomb-team');
  if (token === HONEYCOMB_KEYS.published.environment) return { published: true };
  const key = token === undefined ? undefined : seed.environmentKeys.find((k) => k.token === token);
  if (!key || key.type !== 'configuration') return unknownKeyV1();
  const content = seed.content[key.environment];
  if (!content) throw new Error(`seed: no content for environment ${key.environment}`);
  return { content, access: key.access };
}

function isResponse(value: Context | StandInResponse): value is StandInResponse {
  return typeof (value as StandInResponse).status === 'number';
}

/** Runs a handler for a configuration key; published-example keys go to `examples` (or 404). */
function withKey(
  seed: () => HoneycombSeed,
  handler: (req: StandInRequest, content: EnvironmentContent, access: ApiKeyAccess) => StandInResponse,
  examples?: (req: StandInRequest) => StandInResponse | undefined,
): (req: StandInRequest) => StandInResponse {
  return (req) => {
    const ctx = context(seed(), req);
    if (isResponse(ctx)) return ctx;
    if ('published' in ctx) return examples?.(req) ?? notFound(req, 'Resource');
    return handler(req, ctx.content, ctx.access);
  };
}

export function datasetBody(content: EnvironmentContent, slug: string): Record<string, unknown> | undefined {
  const d = content.datasets.find((x) => x.slug === slug);
  if (!d) return undefined;
  // Key order of the published single-dataset example.
  return {
    name: d.name,
    slug: d.slug,
    description: d.description,
    settings: { delete_protected: d.delete_protected },
    expand_json_depth: d.expand_json_depth,
    created_at: d.created_at,
    last_written_at: d.last_written_at,
    regular_columns_count: content.columns[d.slug]?.length ?? 0,
  };
}

function hasDataset(content: EnvironmentContent, slug: string): boolean {
  return content.datasets.some((d) => d.slug === slug);
}

function triggerBody(t: SeedTrigger): Record<string, unknown> {
  return { ...t, recipients: t.recipients.map((r) => ({ ...r })) };
}

export function configRoutes(seed: () => HoneycombSeed): Route[] {
  return [
    {
      method: 'GET',
      path: '/1/datasets',
      handler: withKey(
        seed,
        (_req, c) => ok(c.datasets.map((d) => datasetBody(c, d.slug))),
        () => published('GET_1_datasets.json'),
      ),
    },
    {
      method: 'GET',
      path: '/1/datasets/{datasetSlug}',
      handler: withKey(seed, (req, c) => {
        const body = datasetBody(c, req.params.datasetSlug);
        return body ? ok(body) : notFound(req, 'Dataset');
      }),
    },
    {
      method: 'GET',
      path: '/1/columns/{datasetSlug}',
      handler: withKey(
        seed,
        (req, c) => {
          const slug = req.params.datasetSlug;
          const columns = slug === ALL ? Object.values(c.columns).flat() : hasDataset(c, slug) ? (c.columns[slug] ?? []) : undefined;
          if (!columns) return notFound(req, 'Dataset');
          const keyName = req.query.get('key_name');
          if (keyName === null) return ok(columns);
          const column = columns.find((col) => col.key_name === keyName);
          return column ? ok(column) : notFound(req, 'Column');
        },
        (req) => published(req.query.has('key_name') ? 'GET_1_columns_DATASET.key_name.json' : 'GET_1_columns_DATASET.json'),
      ),
    },
    {
      method: 'GET',
      path: '/1/columns/{datasetSlug}/{columnId}',
      handler: withKey(
        seed,
        (req, c) => {
          const column = (c.columns[req.params.datasetSlug] ?? []).find((col) => col.id === req.params.columnId);
          return column ? ok(column) : notFound(req, 'Column');
        },
        () => published('GET_1_columns_DATASET_COLUMN_ID.json'),
      ),
    },
    {
      method: 'GET',
      path: '/1/derived_columns/{datasetSlug}',
      handler: withKey(seed, (req, c) => {
        const slug = req.params.datasetSlug;
        if (slug !== ALL && !hasDataset(c, slug)) return notFound(req, 'Dataset');
        const list = c.derivedColumns[slug] ?? [];
        const alias = req.query.get('alias');
        if (alias === null) return ok(list);
        const found = list.find((d) => d.alias === alias);
        return found ? ok(found) : notFound(req, 'Derived column');
      }),
    },
    {
      method: 'GET',
      path: '/1/derived_columns/{datasetSlug}/{derivedColumnId}',
      handler: withKey(
        seed,
        (req, c) => {
          const found = (c.derivedColumns[req.params.datasetSlug] ?? []).find((d) => d.id === req.params.derivedColumnId);
          return found ? ok(found) : notFound(req, 'Derived column');
        },
        () => published('GET_1_derived_columns_DATASET_DERIVED_COLUMN_ID.json'),
      ),
    },
    {
      method: 'GET',
      path: '/1/slos/{datasetSlug}',
      handler: withKey(seed, (req, c, access) => {
        if (!access.slos) return forbidden('Manage SLOs');
        const slug = req.params.datasetSlug;
        if (slug !== ALL && !hasDataset(c, slug)) return notFound(req, 'Dataset');
        // A dataset's list includes the multi-dataset SLOs that evaluate it.
        return ok(c.slos.filter((s) => slug === ALL || s.dataset_slugs.includes(slug)));
      }),
    },
    {
      method: 'GET',
      path: '/1/slos/{datasetSlug}/{sloId}',
      handler: withKey(
        seed,
        (req, c, access) => {
          if (!access.slos) return forbidden('Manage SLOs');
          const slug = req.params.datasetSlug;
          const found = c.slos.find((s) => s.id === req.params.sloId && (slug === ALL || s.dataset_slugs.includes(slug)));
          if (!found) return notFound(req, 'SLO');
          // `?detailed`: reporting figures, made up from the SLO's id so each SLO has its own and they stay put.
          const seedValue = [...found.id].reduce((n, ch) => (n * 31 + ch.charCodeAt(0)) % 1000, 7);
          return ok(req.query.has('detailed') ? { ...found, compliance: 99 + seedValue / 1000, budget_remaining: 100 - seedValue / 10 } : found);
        },
        (req) => published(req.query.has('detailed') ? 'GET_1_slos_DATASET_SLO_ID.detailed.json' : 'GET_1_slos_DATASET_SLO_ID.json'),
      ),
    },
    {
      method: 'GET',
      path: '/1/triggers/{datasetSlug}',
      handler: withKey(seed, (req, c, access) => {
        if (!access.triggers) return forbidden('Manage Triggers');
        const slug = req.params.datasetSlug;
        if (slug !== ALL && !hasDataset(c, slug)) return notFound(req, 'Dataset');
        return ok(c.triggers.filter((t) => slug === ALL || t.dataset_slug === slug).map(triggerBody));
      }),
    },
    {
      method: 'GET',
      path: '/1/triggers/{datasetSlug}/{triggerId}',
      handler: withKey(seed, (req, c, access) => {
        if (!access.triggers) return forbidden('Manage Triggers');
        const found = c.triggers.find((t) => t.id === req.params.triggerId && t.dataset_slug === req.params.datasetSlug);
        return found ? ok(triggerBody(found)) : notFound(req, 'Trigger');
      }),
    },
    {
      method: 'GET',
      path: '/1/recipients',
      handler: withKey(
        seed,
        () => ok(seed().recipients),
        () => published('GET_1_recipients.json'),
      ),
    },
    {
      method: 'GET',
      path: '/1/recipients/{recipientId}',
      handler: withKey(
        seed,
        (req) => {
          const found = seed().recipients.find((r) => r.id === req.params.recipientId);
          return found ? ok(found) : notFound(req, 'Recipient');
        },
        () => published('GET_1_recipients_RECIPIENT_ID.json'),
      ),
    },
    {
      method: 'GET',
      path: '/1/recipients/{recipientId}/triggers',
      handler: withKey(seed, (req, _c, access) => {
        if (!access.triggers) return forbidden('Manage Triggers');
        const s = seed();
        const id = req.params.recipientId;
        if (!s.recipients.some((r) => r.id === id)) return notFound(req, 'Recipient');
        // Recipients are team-wide: every environment's triggers that notify it.
        const triggers = Object.values(s.content)
          .flatMap((c) => c.triggers)
          .filter((t) => t.recipients.some((r) => r.id === id));
        return ok(triggers.map(triggerBody));
      }),
    },
  ];
}

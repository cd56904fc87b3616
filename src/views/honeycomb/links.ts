import { ENVIRONMENT_WIDE } from '../../clients/honeycomb';
import { EnvContext, HoneycombObject, sloDataset } from './objects';

/**
 * "Open in Honeycomb": the UI address of an object.
 *
 * The UI lives next to the API on a `ui.` host: api.honeycomb.io → ui.honeycomb.io,
 * api.eu1.honeycomb.io → ui.eu1.honeycomb.io. Paths, from links Honeycomb itself produces:
 * - environment: `/<team>/environments/<env>` (Classic: `/<team>`);
 * - dataset: `…/datasets/<slug>/home`; trigger: `…/datasets/<slug>/triggers/<id>` (the
 *   `trigger_url` of trigger notifications);
 * - recipients are team-wide and managed in the Integration Center,
 *   `/teams/<team>/integrations`.
 * Less certain (no published example found; kept in one place to fix easily): columns and
 * derived columns open their dataset's settings (`…/datasets/<slug>/settings`, where the
 * schema is edited), SLOs `…/datasets/<slug>/slos/<id>`.
 */

/** The UI origin for an API URL, or undefined when the host is not a Honeycomb `api.` host. */
export function uiOrigin(apiUrl: string): string | undefined {
  let url: URL;
  try {
    url = new URL(apiUrl);
  } catch {
    return undefined;
  }
  if (!/^api\./i.test(url.hostname)) {
    return undefined;
  }
  return `https://${url.hostname.replace(/^api\./i, 'ui.')}`;
}

const seg = (value: string): string => encodeURIComponent(value);

function environmentBase(origin: string, env: EnvContext): string {
  return env.classic ? `${origin}/${seg(env.teamSlug)}` : `${origin}/${seg(env.teamSlug)}/environments/${seg(env.envSlug)}`;
}

function datasetBase(origin: string, env: EnvContext, dataset: string): string {
  return `${environmentBase(origin, env)}/datasets/${seg(dataset)}`;
}

/** The UI URL of an object, or undefined when the API URL does not tell the UI host. */
export function uiUrl(o: HoneycombObject): string | undefined {
  const origin = uiOrigin(o.env.apiUrl);
  if (!origin || !o.env.teamSlug) {
    return undefined;
  }
  switch (o.kind) {
    case 'environment':
      return environmentBase(origin, { ...o.env, envSlug: o.item.slug });
    case 'dataset':
      return `${datasetBase(origin, o.env, o.item.slug)}/home`;
    case 'column':
      return `${datasetBase(origin, o.env, o.dataset)}/settings`;
    case 'derivedColumn':
      return `${datasetBase(origin, o.env, o.dataset ?? ENVIRONMENT_WIDE)}/settings`;
    case 'slo':
      return `${datasetBase(origin, o.env, sloDataset(o.item))}/slos/${seg(o.item.id)}`;
    case 'trigger':
      return `${datasetBase(origin, o.env, o.item.dataset)}/triggers/${seg(o.item.id)}`;
    case 'recipient':
      return `${origin}/teams/${seg(o.env.teamSlug)}/integrations`;
  }
}

/** Why `uiUrl` has no address for an object: said by "Open in Honeycomb". */
export function uiUnavailableReason(o: HoneycombObject): string {
  return uiOrigin(o.env.apiUrl) ? 'the team is not known' : `the API URL ${o.env.apiUrl} is not a Honeycomb "api." address, so the UI address cannot be derived`;
}

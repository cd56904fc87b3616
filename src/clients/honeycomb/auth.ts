import { HoneycombApi, ManagementKeyInfo, V2AuthBody, managementKeyInfoFrom } from './api';

/** The provider's credential metadata, in its lowerCamelCase names. */
export interface AuthMetadata {
  id: string;
  /** `configuration` or `ingest`. */
  type: string;
  team: { name: string; slug: string };
  environment: { name: string; slug: string; classic: boolean };
  apiKeyAccess: {
    boards: boolean;
    columns: boolean;
    datasets: boolean;
    events: boolean;
    markers: boolean;
    queries: boolean;
    recipients: boolean;
    slos: boolean;
    triggers: boolean;
    privateBoards: boolean;
  };
}

interface V1AuthBody {
  id?: string;
  type?: string;
  api_key_access?: Record<string, unknown>;
  environment?: { name?: string; slug?: string };
  team?: { name?: string; slug?: string };
}

/** getAuthMetadata: `GET /1/auth` — team, environment and permissions of the configured API key. */
export async function getAuthMetadata(api: HoneycombApi, signal?: AbortSignal): Promise<AuthMetadata> {
  const body = await api.v1<V1AuthBody>({ operation: 'getAuthMetadata', path: '/1/auth', signal });
  const access = body?.api_key_access ?? {};
  const flag = (...names: string[]): boolean => names.some((n) => access[n] === true);
  const slug = body?.environment?.slug ?? '';
  return {
    id: body?.id ?? '',
    type: body?.type ?? '',
    team: { name: body?.team?.name ?? '', slug: body?.team?.slug ?? '' },
    // Classic environments answer with empty name and slug.
    environment: { name: body?.environment?.name ?? '', slug, classic: slug === '' },
    apiKeyAccess: {
      boards: flag('boards'),
      columns: flag('columns'),
      // The spec and docs spell it createDatasets, the Terraform provider create_datasets: read both.
      datasets: flag('createDatasets', 'create_datasets', 'datasets'),
      events: flag('events'),
      markers: flag('markers'),
      queries: flag('queries'),
      recipients: flag('recipients'),
      slos: flag('slos'),
      triggers: flag('triggers'),
      privateBoards: flag('privateBoards', 'private_boards'),
    },
  };
}

/** `GET /2/auth` — name, scopes and team of the configured management key. */
export async function getManagementKeyInfo(api: HoneycombApi, signal?: AbortSignal): Promise<ManagementKeyInfo> {
  const body = await api.v2<V2AuthBody>({ operation: 'getManagementKeyInfo', path: '/2/auth', signal });
  return managementKeyInfoFrom(body ?? {});
}

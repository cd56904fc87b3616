import { AuthentikApi } from './api';

/** Who the token signs in as: `GET /core/users/me/` (also the connection test). */
export interface CurrentUser {
  pk: number;
  username: string;
  name: string;
  email: string;
  isSuperuser: boolean;
}

export interface ServerVersion {
  versionCurrent: string;
  versionLatest: string;
  outdated: boolean;
  buildHash: string;
}

interface SessionUserBody {
  user?: { pk?: number; username?: string; name?: string; email?: string; is_superuser?: boolean };
}

interface VersionBody {
  version_current?: string;
  version_latest?: string;
  outdated?: boolean;
  build_hash?: string;
}

export async function getCurrentUser(api: AuthentikApi, signal?: AbortSignal): Promise<CurrentUser> {
  const body = await api.get<SessionUserBody>('getCurrentUser', '/core/users/me/', undefined, signal);
  const user = body?.user ?? {};
  return {
    pk: user.pk ?? 0,
    username: user.username ?? '',
    name: user.name ?? '',
    email: user.email ?? '',
    isSuperuser: user.is_superuser === true,
  };
}

export async function getServerVersion(api: AuthentikApi, signal?: AbortSignal): Promise<ServerVersion> {
  const body = await api.get<VersionBody>('getServerVersion', '/admin/version/', undefined, signal);
  return {
    versionCurrent: body?.version_current ?? '',
    versionLatest: body?.version_latest ?? '',
    outdated: body?.outdated === true,
    buildHash: body?.build_hash ?? '',
  };
}

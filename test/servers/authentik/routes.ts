/** Handlers of the authentik endpoints the stand-in serves (shapes per schema 2026.8.3). */
import type { Route, StandInRequest, StandInResponse } from '../core/types';
import { authenticate } from './auth';
import { detail, NOT_PROVIDED } from './errors';
import { directoryRoutes } from './directoryRoutes';
import { managedRoutes } from './managedRoutes';
import { relationRoutes } from './relationRoutes';
import { typedRoutes } from './typedRoutes';
import { avatarFor } from './directory/serialize';
import { type AuthentikSeed, type AuthentikUser, userUid } from './seed';

const API = '/api/v3';

function json(body: unknown): StandInResponse {
  return { status: 200, headers: { 'Content-Type': 'application/json' }, body };
}

/** Runs `handler` for an authenticated user, or answers 403 like authentik. */
export function requireUser(seed: () => AuthentikSeed, handler: (user: AuthentikUser, req: StandInRequest) => StandInResponse) {
  return (req: StandInRequest): StandInResponse => {
    const auth = authenticate(seed(), req);
    if (auth.kind === 'rejected') return auth.response;
    if (auth.kind === 'anonymous') return detail(403, NOT_PROVIDED);
    return handler(auth.user, req);
  };
}

/** `UserSelf`, field order as authentik serialises it. */
function userSelf(seed: AuthentikSeed, user: AuthentikUser): Record<string, unknown> {
  return {
    pk: user.pk,
    username: user.username,
    name: user.name,
    is_active: user.isActive,
    is_superuser: user.isSuperuser,
    groups: user.groups.map((g) => ({ name: g.name, pk: g.pk })),
    roles: user.roles.map((r) => ({ name: r.name, pk: r.pk })),
    email: user.email,
    avatar: avatarFor(user),
    uid: userUid(seed, user),
    settings: structuredClone(user.settings),
    type: user.type,
    system_permissions: [...user.systemPermissions],
    is_current: true,
  };
}

export function authentikRoutes(seed: () => AuthentikSeed): Route[] {
  const reads = [...directoryRoutes(seed), ...relationRoutes(seed)];
  return [
    // First: equally specific templates match in the order added, and these answer from `reads`.
    ...typedRoutes(seed, reads),
    ...reads,
    ...managedRoutes(seed),
    {
      method: 'GET',
      path: `${API}/core/users/me/`,
      // SessionUser: `original` only appears while impersonating; `users` lists the session's
      // users, which for token access is the token's user (assumption: no capture available).
      handler: requireUser(seed, (user) => {
        const self = userSelf(seed(), user);
        return json({ user: self, users: [self] });
      }),
    },
    {
      method: 'GET',
      path: `${API}/admin/version/`,
      handler: requireUser(seed, () => {
        const v = seed().version;
        return json({
          version_current: v.current,
          version_latest: v.latest,
          version_latest_valid: true,
          build_hash: v.buildHash,
          outdated: v.current !== v.latest,
          outpost_outdated: v.outpostOutdated,
        });
      }),
    },
    {
      method: 'GET',
      path: `${API}/root/config/`,
      // Public (security `{}`), but a bad token is still rejected: DRF authenticates first.
      handler: (req) => {
        const auth = authenticate(seed(), req);
        if (auth.kind === 'rejected') return auth.response;
        const c = seed().config;
        return json({
          error_reporting: {
            enabled: c.errorReporting.enabled,
            sentry_dsn: c.errorReporting.sentryDsn,
            environment: c.errorReporting.environment,
            send_pii: c.errorReporting.sendPii,
            traces_sample_rate: c.errorReporting.tracesSampleRate,
          },
          capabilities: [...c.capabilities],
          cache_timeout: c.cacheTimeout,
          cache_timeout_flows: c.cacheTimeoutFlows,
          cache_timeout_policies: c.cacheTimeoutPolicies,
        });
      },
    },
  ];
}

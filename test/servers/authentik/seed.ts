/**
 * Seed data of the authentik stand-in: a realistic 2026.8.3 installation with the admin user
 * `akadmin` and a read-only service account, and their API tokens. A plain data module — later
 * work adds brands, flows, groups, providers… as further fields of `AuthentikSeed`.
 *
 * All tokens here are fake and only valid against the stand-in.
 */
import * as crypto from 'node:crypto';

export type UserType = 'internal' | 'external' | 'service_account' | 'internal_service_account';

export interface AuthentikUser {
  pk: number;
  username: string;
  name: string;
  email: string;
  isActive: boolean;
  isSuperuser: boolean;
  type: UserType;
  groups: { pk: string; name: string }[];
  roles: { pk: string; name: string }[];
  settings: Record<string, unknown>;
  systemPermissions: string[];
}

export interface AuthentikToken {
  identifier: string;
  /** the secret sent as `Authorization: Bearer <key>` */
  key: string;
  userPk: number;
  /** only `api` tokens authenticate the API; app passwords are rejected */
  intent: 'api' | 'app_password' | 'recovery' | 'verification';
  /** ISO time; null = never expires */
  expires: string | null;
}

export interface AuthentikSeed {
  /** installation id, from which user `uid`s are derived */
  installId: string;
  version: { current: string; latest: string; buildHash: string; outpostOutdated: boolean };
  config: {
    capabilities: string[];
    cacheTimeout: number;
    cacheTimeoutFlows: number;
    cacheTimeoutPolicies: number;
    errorReporting: { enabled: boolean; sentryDsn: string; environment: string; sendPii: boolean; tracesSampleRate: number };
  };
  users: AuthentikUser[];
  tokens: AuthentikToken[];
}

/** The tokens tests and the demo use. */
export const AUTHENTIK_TOKENS = {
  /** akadmin, superuser */
  admin: 'akTestAdminToken0d9f6c2b7e4a41b38c5e0f1a2b3c4d5e6f7a8b9c0d1e2f3a4b5c6d7e8f9a',
  /** terraform-readonly service account, not a superuser */
  readOnly: 'akTestReadOnlyToken5e2c9a7d3b1f48e6a0c4d8b2f6e1a3c5d7b9e0f2a4c6d8e1b3f5a7c9',
  /** an API token of akadmin that expired */
  expired: 'akTestExpiredToken7b4e1d8a2c6f49b3e5a7c9d1f3b5e7a9c1d3f5b7e9a2c4d6f8b0e2a4c6',
  /** an app-password token of akadmin (valid for LDAP/basic, rejected by the API) */
  appPassword: 'akTestAppPasswordToken3c8f2a6e9d1b47c5a3e7b1d5f9c3a7e1b5d9f3c7a1e5b9d3f7c1a5',
  /** API token of a deactivated user */
  inactiveUser: 'akTestInactiveUserToken9a1c5e3b7d2f46a8c0e4b6d9f1a3c5e7b9d1f3a5c7e9b2d4f6a8c',
} as const;

export interface SeedOptions {
  /** thousands of objects for paging and performance work (nothing to scale yet for auth) */
  scale?: boolean;
}

const ADMINS_GROUP = { pk: '5b0f3c0e-7a4d-4c8e-9a61-2f1d3b6e8c47', name: 'authentik Admins' };
const READERS_GROUP = { pk: 'c1e7a9d3-4b2f-4e6a-8d05-7f3b9c1e5a28', name: 'Config Readers' };
const ADMIN_ROLE = { pk: '8e2d4f6a-1c3b-4a5d-9e7f-0b2c4d6e8f1a', name: 'authentik Admins' };
const READER_ROLE = { pk: '3a5c7e9b-2d4f-4b6a-8c0e-1f3a5c7e9b2d', name: 'Read-only auditors' };

/** A fresh, independent copy of the seed (stand-ins may mutate theirs). */
export function createAuthentikSeed(_options: SeedOptions = {}): AuthentikSeed {
  const T = AUTHENTIK_TOKENS;
  return {
    installId: '6f1c2a9e-3b7d-4e58-a0c4-9d2f7b1e5a63',
    version: { current: '2026.8.3', latest: '2026.8.3', buildHash: '4f8a1c2e9b7d3a6f0e5c1b8d2a7f4e9c3b6d0a1f', outpostOutdated: false },
    config: {
      capabilities: ['can_save_media', 'can_save_reports', 'can_geo_ip', 'can_asn', 'can_impersonate'],
      cacheTimeout: 300,
      cacheTimeoutFlows: 300,
      cacheTimeoutPolicies: 300,
      errorReporting: { enabled: false, sentryDsn: '', environment: 'customer', sendPii: false, tracesSampleRate: 0.1 },
    },
    users: [
      {
        pk: 4, username: 'akadmin', name: 'authentik Default Admin', email: 'admin@acme.example',
        isActive: true, isSuperuser: true, type: 'internal',
        groups: [{ ...ADMINS_GROUP }], roles: [{ ...ADMIN_ROLE }],
        settings: { locale: 'en', theme: { base: 'automatic' } },
        systemPermissions: ['authentik_rbac.access_admin_interface', 'authentik_core.view_user', 'authentik_core.view_group', 'authentik_core.view_application'],
      },
      {
        pk: 12, username: 'terraform-readonly', name: 'Terraform read-only', email: '',
        isActive: true, isSuperuser: false, type: 'service_account',
        groups: [{ ...READERS_GROUP }], roles: [{ ...READER_ROLE }],
        settings: {},
        systemPermissions: ['authentik_core.view_user', 'authentik_core.view_group', 'authentik_core.view_application'],
      },
      {
        pk: 15, username: 'former.contractor', name: 'Former Contractor', email: 'contractor@acme.example',
        isActive: false, isSuperuser: false, type: 'external',
        groups: [], roles: [], settings: {}, systemPermissions: [],
      },
    ],
    tokens: [
      { identifier: 'akadmin-vscode', key: T.admin, userPk: 4, intent: 'api', expires: null },
      { identifier: 'terraform-readonly-api', key: T.readOnly, userPk: 12, intent: 'api', expires: '2099-12-31T23:59:59Z' },
      { identifier: 'akadmin-expired', key: T.expired, userPk: 4, intent: 'api', expires: '2025-01-31T12:00:00Z' },
      { identifier: 'akadmin-ldap-app-password', key: T.appPassword, userPk: 4, intent: 'app_password', expires: null },
      { identifier: 'former-contractor-api', key: T.inactiveUser, userPk: 15, intent: 'api', expires: null },
    ],
  };
}

/** authentik's `uid`: a SHA-256 hex digest tied to the installation and the user. */
export function userUid(seed: AuthentikSeed, user: AuthentikUser): string {
  return crypto.createHash('sha256').update(`${seed.installId}-${user.pk}`).digest('hex');
}

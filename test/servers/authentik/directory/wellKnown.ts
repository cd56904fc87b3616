/** Groups and roles the original seed users already belong to (kept stable for older tests). */
export const ADMINS_GROUP = { pk: '5b0f3c0e-7a4d-4c8e-9a61-2f1d3b6e8c47', name: 'authentik Admins' };
export const READERS_GROUP = { pk: 'c1e7a9d3-4b2f-4e6a-8d05-7f3b9c1e5a28', name: 'Config Readers' };
export const ADMIN_ROLE = { pk: '8e2d4f6a-1c3b-4a5d-9e7f-0b2c4d6e8f1a', name: 'authentik Admins' };
export const READER_ROLE = { pk: '3a5c7e9b-2d4f-4b6a-8c0e-1f3a5c7e9b2d', name: 'Read-only auditors' };

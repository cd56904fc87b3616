import { HoneycombApi, HoneycombConnection, ManagementKeyInfo } from './api';
import { AuthMetadata, getAuthMetadata, getManagementKeyInfo } from './auth';

export { HoneycombApi, HoneycombConnection, ManagementKeyInfo } from './api';
export { AuthMetadata } from './auth';

/**
 * The Honeycomb client: one method per seed operation, named as the seed names them. Methods
 * live in one file per resource; this class only binds them to a connection.
 */
export class HoneycombClient {
  readonly api: HoneycombApi;

  constructor(connection: HoneycombConnection) {
    this.api = new HoneycombApi(connection);
  }

  getAuthMetadata(signal?: AbortSignal): Promise<AuthMetadata> {
    return getAuthMetadata(this.api, signal);
  }

  getManagementKeyInfo(signal?: AbortSignal): Promise<ManagementKeyInfo> {
    return getManagementKeyInfo(this.api, signal);
  }
}

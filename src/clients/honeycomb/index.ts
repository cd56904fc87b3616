import { HoneycombApi, HoneycombConnection, ManagementKeyInfo } from './api';
import { AuthMetadata, getAuthMetadata, getManagementKeyInfo } from './auth';
import { Column, ColumnItem, GetColumnInput, GetColumnsInput, GetColumnsOutput, getColumn, getColumnById, getColumns, listColumns } from './columns';
import { Dataset, DatasetItem, GetDatasetsInput, GetDatasetsOutput, getDataset, getDatasetItem, getDatasets, listDatasets } from './datasets';
import { DetailFilter } from './detailFilter';
import {
  DerivedColumn,
  DerivedColumnItem,
  GetDerivedColumnsInput,
  GetDerivedColumnsOutput,
  findDerivedColumn,
  getDerivedColumn,
  getDerivedColumnById,
  getDerivedColumns,
  listDerivedColumns,
} from './derivedColumns';
import { Environment, EnvironmentItem, GetEnvironmentInput, GetEnvironmentsOutput, getEnvironment, getEnvironmentById, getEnvironments, listEnvironments } from './environments';
import { GetRecipientInput, GetRecipientsInput, GetRecipientsOutput, Recipient, RecipientItem, getRecipient, getRecipientById, getRecipients, listRecipients } from './recipients';
import type { GetQueryResultInput, QueryResultRecord, QueryRun, QueryRunOptions } from './queryRuns';

/** Query runs load with the first query run (they weigh on activation otherwise). */
const queryRuns = () => import(/* webpackChunkName: "honeycomb-query-runs" */ './queryRuns');
import { ApiQuerySpec, QuerySpecification, QuerySpecificationRecord } from './querySpec';
import { GetSlosInput, GetSlosOutput, Slo, SloItem, getSlo, getSloItem, getSlos, listSlos } from './slos';
import { TriggerItem, TriggerRecipient, getTrigger, getTriggerRecipient, listRecipientTriggers, listTriggers } from './triggers';

export { HoneycombApi } from './api';
export type { HoneycombConnection, ManagementKeyInfo } from './api';
export type { AuthMetadata } from './auth';
export * from './columns';
export * from './datasets';
export * from './derivedColumns';
export * from './detailFilter';
export * from './environments';
export * from './recipients';
export type * from './queryRuns';
export * from './querySpec';
export * from './slos';
export * from './triggers';
export { ENVIRONMENT_WIDE } from './paths';

/**
 * The Honeycomb client: one method per package operation, named and shaped as the package names
 * them (lowerCamelCase inputs and outputs, required fields always present), plus the list methods
 * the views use to get whole objects in one request. Methods live in one file per resource; this
 * class only binds them to a connection.
 */
export class HoneycombClient {
  readonly api: HoneycombApi;

  constructor(connection: HoneycombConnection) {
    this.api = new HoneycombApi(connection);
  }

  // Credentials

  getAuthMetadata(signal?: AbortSignal): Promise<AuthMetadata> {
    return getAuthMetadata(this.api, signal);
  }

  getManagementKeyInfo(signal?: AbortSignal): Promise<ManagementKeyInfo> {
    return getManagementKeyInfo(this.api, signal);
  }

  // Package operations

  getColumn(input: GetColumnInput, signal?: AbortSignal): Promise<Column> {
    return getColumn(this.api, input, signal);
  }

  getColumns(input: GetColumnsInput, signal?: AbortSignal): Promise<GetColumnsOutput> {
    return getColumns(this.api, input, signal);
  }

  getDataset(input: { slug: string }, signal?: AbortSignal): Promise<Dataset> {
    return getDataset(this.api, input, signal);
  }

  getDatasets(input?: GetDatasetsInput, signal?: AbortSignal): Promise<GetDatasetsOutput> {
    return getDatasets(this.api, input, signal);
  }

  getDerivedColumn(input: { alias: string; dataset?: string }, signal?: AbortSignal): Promise<DerivedColumn> {
    return getDerivedColumn(this.api, input, signal);
  }

  getDerivedColumns(input?: GetDerivedColumnsInput, signal?: AbortSignal): Promise<GetDerivedColumnsOutput> {
    return getDerivedColumns(this.api, input, signal);
  }

  getEnvironment(input?: GetEnvironmentInput, signal?: AbortSignal): Promise<Environment> {
    return getEnvironment(this.api, input, signal);
  }

  getEnvironments(input?: { detailFilters?: DetailFilter[] }, signal?: AbortSignal): Promise<GetEnvironmentsOutput> {
    return getEnvironments(this.api, input, signal);
  }

  getRecipient(input: GetRecipientInput, signal?: AbortSignal): Promise<Recipient> {
    return getRecipient(this.api, input, signal);
  }

  getRecipients(input?: GetRecipientsInput, signal?: AbortSignal): Promise<GetRecipientsOutput> {
    return getRecipients(this.api, input, signal);
  }

  /**
   * Local only: validates the fields and returns them with `json` (no request). The query
   * validator loads with its first use, so activating the extension does not carry it.
   */
  async getQuerySpecification(input?: QuerySpecification): Promise<QuerySpecificationRecord> {
    const { getQuerySpecification } = await import(/* webpackChunkName: "honeycomb-queries" */ './queries');
    return getQuerySpecification(input);
  }

  getQueryResult(input: GetQueryResultInput, signal?: AbortSignal): Promise<QueryResultRecord> {
    return queryRuns().then((m) => m.getQueryResult(this.api, input, signal));
  }

  getSlo(input: { id: string; dataset?: string }, signal?: AbortSignal): Promise<Slo> {
    return getSlo(this.api, input, signal);
  }

  getSlos(input?: GetSlosInput, signal?: AbortSignal): Promise<GetSlosOutput> {
    return getSlos(this.api, input, signal);
  }

  /**
   * @deprecated Use getRecipient: recipients are team-wide and are looked up by a detail filter.
   * Still works: finds the first recipient of `type` and `target` on the dataset's triggers.
   */
  getTriggerRecipient(input: { dataset: string; type: string; target?: string; id?: string }, signal?: AbortSignal): Promise<TriggerRecipient> {
    return getTriggerRecipient(this.api, input, signal);
  }

  // Whole objects for the views (one request each)

  listDatasets(signal?: AbortSignal): Promise<DatasetItem[]> {
    return listDatasets(this.api, signal);
  }

  getDatasetItem(slug: string, signal?: AbortSignal): Promise<DatasetItem> {
    return getDatasetItem(this.api, slug, signal);
  }

  listColumns(dataset: string, signal?: AbortSignal): Promise<ColumnItem[]> {
    return listColumns(this.api, dataset, signal);
  }

  getColumnById(dataset: string, id: string, signal?: AbortSignal): Promise<ColumnItem> {
    return getColumnById(this.api, dataset, id, signal);
  }

  /** Without a dataset: the environment-wide derived columns. */
  listDerivedColumns(dataset: string | undefined, signal?: AbortSignal): Promise<DerivedColumnItem[]> {
    return listDerivedColumns(this.api, dataset, signal);
  }

  getDerivedColumnById(dataset: string | undefined, id: string, signal?: AbortSignal): Promise<DerivedColumnItem> {
    return getDerivedColumnById(this.api, dataset, id, signal);
  }

  findDerivedColumn(alias: string, dataset: string | undefined, signal?: AbortSignal): Promise<DerivedColumnItem> {
    return findDerivedColumn(this.api, alias, dataset, signal);
  }

  listEnvironments(signal?: AbortSignal): Promise<EnvironmentItem[]> {
    return listEnvironments(this.api, signal);
  }

  getEnvironmentById(id: string, signal?: AbortSignal): Promise<EnvironmentItem> {
    return getEnvironmentById(this.api, id, signal);
  }

  /** A dataset's SLOs; without a dataset (or with `__all__`) every SLO of the environment. */
  listSlos(dataset: string | undefined, signal?: AbortSignal): Promise<SloItem[]> {
    return listSlos(this.api, dataset, signal);
  }

  getSloItem(id: string, dataset: string | undefined, signal?: AbortSignal): Promise<SloItem> {
    return getSloItem(this.api, id, dataset, signal);
  }

  /** A dataset's triggers, or with `__all__` every trigger of the environment. */
  listTriggers(dataset: string, signal?: AbortSignal): Promise<TriggerItem[]> {
    return listTriggers(this.api, dataset, signal);
  }

  getTrigger(dataset: string, id: string, signal?: AbortSignal): Promise<TriggerItem> {
    return getTrigger(this.api, dataset, id, signal);
  }

  listRecipients(signal?: AbortSignal): Promise<RecipientItem[]> {
    return listRecipients(this.api, signal);
  }

  getRecipientById(id: string, signal?: AbortSignal): Promise<RecipientItem> {
    return getRecipientById(this.api, id, signal);
  }

  /** A query run with everything the results panel shows (series, progress, request counts). */
  runQuery(target: { query: ApiQuerySpec; dataset?: string }, options?: QueryRunOptions): Promise<QueryRun> {
    return queryRuns().then((m) => m.runQuery(this.api, target, options));
  }

  /** A result created earlier, read again by its ID (no new query, no rate-limit budget). */
  fetchQueryResult(target: { resultId: string; queryId?: string; dataset?: string }, options?: QueryRunOptions): Promise<QueryRun> {
    return queryRuns().then((m) => m.fetchQueryResult(this.api, target, options));
  }

  /** The triggers that notify a recipient, across the team. */
  listRecipientTriggers(recipientId: string, signal?: AbortSignal): Promise<TriggerItem[]> {
    return listRecipientTriggers(this.api, recipientId, signal);
  }
}

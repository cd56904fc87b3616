import { ServiceError } from '../../../core/errors';
import { Registries } from '../../registry/client';
import { FulcioClient } from '../../sigstore/fulcio';
import { ProposedEntry, RekorClient, RekorLogEntry } from '../../sigstore/rekor';
import { RekorV2Client, RekorV2Entry } from '../../sigstore/rekorV2';
import { CreateEntryRequestV2 } from '../../sigstore/rekorV2Entries';
import { SignedTimestamp, TimestampAuthorityClient } from '../../sigstore/timestampAuthority';
import { keySigner, keylessSigner, Signer } from './signer';
import { OperationResult, SigningOptions, TimestampRecord, TlogRecord } from './types';

/**
 * One sign, attest or copy: the deadline (`timeout` bounds the whole operation, as the provider
 * documents), the registry clients, one signer per certificate authority (a keyless certificate
 * is reused for every signature of the operation), and the Sigstore requests made, for the report.
 */
export class SigningSession {
  readonly registries: Registries;
  readonly signal: AbortSignal;
  readonly warnings: string[] = [];
  readonly tlog: TlogRecord[] = [];
  readonly timestamps: TimestampRecord[] = [];
  sigstoreRequests = 0;
  private readonly started = Date.now();
  private readonly timeout: AbortSignal;
  private readonly signers = new Map<string, Promise<Signer>>();
  private readonly registryBefore: { registry: number; auth: number };

  constructor(
    readonly operation: 'sign' | 'attest' | 'copy',
    readonly options: SigningOptions,
  ) {
    this.registries = options.registries instanceof Registries ? options.registries : new Registries(options.registries ?? {});
    this.timeout = AbortSignal.timeout(options.defaults.timeoutMs);
    this.signal = options.signal ? AbortSignal.any([options.signal, this.timeout]) : this.timeout;
    const stats = this.registries.stats();
    this.registryBefore = { registry: stats.registry, auth: stats.auth };
  }

  progress(message: string): void {
    this.options.progress?.(message);
  }

  /** The signer for a certificate authority (keyless), or the key pair whatever the CA. */
  signer(certificateAuthorityUrl: string): Promise<Signer> {
    const credentials = this.options.credentials;
    if (credentials.kind === 'key') return Promise.resolve(keySigner(credentials.key));
    let pending = this.signers.get(certificateAuthorityUrl);
    if (!pending) {
      this.progress(`getting a signing certificate from ${new URL(certificateAuthorityUrl).host}`);
      this.options.sigstore?.secrets?.add(credentials.identityToken);
      this.sigstoreRequests++;
      pending = keylessSigner(new FulcioClient(certificateAuthorityUrl, this.options.sigstore), credentials.identityToken, this.signal);
      this.signers.set(certificateAuthorityUrl, pending);
    }
    return pending;
  }

  /** Whether signatures by this signer go to the transparency log (key pairs may opt out). */
  logs(signer: Signer): boolean {
    const credentials = this.options.credentials;
    return signer.kind === 'keyless' || !(credentials.kind === 'key' && credentials.transparencyLog === false);
  }

  async log(url: string, entry: ProposedEntry): Promise<RekorLogEntry> {
    this.progress(`recording the signature in the transparency log ${new URL(url).host}`);
    this.sigstoreRequests++;
    const logged = await new RekorClient(url, this.options.sigstore).createEntry(entry, this.signal);
    this.tlog.push({
      url,
      kind: String(entry.kind),
      entryVersion: String(entry.apiVersion),
      logVersion: 1,
      logIndex: logged.logIndex,
      logID: logged.logID,
      integratedTime: new Date(logged.integratedTime * 1000).toISOString(),
    });
    return logged;
  }

  async logV2(url: string, request: CreateEntryRequestV2): Promise<RekorV2Entry> {
    this.progress(`recording the signature in the transparency log ${new URL(url).host} (Rekor v2)`);
    this.sigstoreRequests++;
    const logged = await new RekorV2Client(url, this.options.sigstore).createEntry(request, this.signal);
    this.tlog.push({ url, kind: logged.kind, entryVersion: logged.version, logVersion: 2, logIndex: Number(logged.logIndex), logID: logged.logId.toString('hex') });
    return logged;
  }

  async timestamp(url: string, signature: Buffer): Promise<SignedTimestamp> {
    this.progress(`getting a signed timestamp from ${new URL(url).host}`);
    this.sigstoreRequests++;
    const stamped = await new TimestampAuthorityClient(url, this.options.sigstore).timestamp(signature, this.signal);
    this.timestamps.push({ url, time: stamped.time.toISOString() });
    return stamped;
  }

  base(ref: string): Omit<OperationResult, 'written' | 'operation'> {
    const stats = this.registries.stats();
    return {
      ref,
      tlog: this.tlog,
      timestamps: this.timestamps,
      warnings: this.warnings,
      durationMs: Date.now() - this.started,
      requests: { registry: stats.registry - this.registryBefore.registry, auth: stats.auth - this.registryBefore.auth, sigstore: this.sigstoreRequests },
    };
  }

  /**
   * Runs the operation; when the deadline passes, whatever request was under way is aborted and
   * the error says so in the user's terms, naming the setting.
   */
  async run<T>(task: () => Promise<T>): Promise<T> {
    try {
      return await task();
    } catch (error) {
      if (this.timeout.aborted && !(this.options.signal?.aborted ?? false)) {
        throw new ServiceError({
          kind: 'timeout',
          service: 'Image signing',
          operation: this.operation,
          summary: `did not finish within ${this.options.defaults.timeout} (the signing timeout)${error instanceof ServiceError ? `; it was waiting for ${error.service} (${error.operation})` : ''}`,
          hint: 'Nothing was written to the registry. Try again, or raise opsConfig.signing.timeout.',
          cause: error,
        });
      }
      throw error;
    }
  }
}

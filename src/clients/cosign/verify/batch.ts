import { Registries } from '../../registry/client';
import { parsePoliciesOnce } from '../policy/parseOnce';
import { ParsedPolicies } from '../policy/types';
import { TrustRoot, publicGoodTrustRoot } from '../trust/trustRoot';
import { SignatureDiscovery } from './discovery';
import { VerifyOptions, verifyImage } from './engine';
import { VerifyReport } from './result';

/**
 * Several images verified against one policy by one command ("Verify all images in this file").
 * What does not change from one image to the next is made once and shared by all of them, also
 * while several run at once: the parsed policy, the trust root, each registry's connection, login
 * and tokens, and the signatures found for an image digest that two references name. Each report
 * still counts only its own requests, and every check runs for every image.
 */
export class VerificationBatch {
  private readonly registries: Registries;
  private readonly trust: TrustRoot;
  private readonly discoveries = new Map<string, SignatureDiscovery>();
  private parsed?: { policies: ParsedPolicies } | { error: unknown };

  constructor(
    private readonly policy: string,
    private readonly options: VerifyOptions = {},
  ) {
    this.registries = options.registries instanceof Registries ? options.registries : new Registries(options.registries ?? {});
    this.trust = options.trustRoot ?? publicGoodTrustRoot();
  }

  verify(image: string): Promise<VerifyReport> {
    return verifyImage(image, {
      policy: this.policy,
      policies: () => this.policies(),
      trust: this.trust,
      registries: this.registries.session(),
      discoveries: this.discoveries,
      signal: this.options.signal,
    });
  }

  /** Parsed on the first verification; a policy that cannot be read fails each one the same way. */
  private policies(): ParsedPolicies {
    if (!this.parsed) {
      try {
        this.parsed = { policies: parsePoliciesOnce(this.policy, this.options.policySource) };
      } catch (error) {
        this.parsed = { error };
      }
    }
    if ('error' in this.parsed) throw this.parsed.error;
    return this.parsed.policies;
  }
}

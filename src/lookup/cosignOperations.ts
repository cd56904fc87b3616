import { LookupOperation } from './operation';

/**
 * The image-signing seed's one read operation: getVerify checks an image against an admission
 * policy. The record is the seed's (image, policy, id, verifiedRef); the full report with its
 * reasons is what "Verify Image Signature" shows.
 */
export const COSIGN_OPERATIONS: LookupOperation[] = [
  {
    service: 'cosign',
    name: 'getVerify',
    purpose: 'Verifies an image (tag or digest) against an admission-policy document.',
    inputs: [
      { name: 'image', type: 'string', required: true, description: 'The image reference, by tag or digest.' },
      { name: 'policy', type: 'string', required: true, description: 'The admission-policy document (ClusterImagePolicy YAML); pick a file or paste it.' },
    ],
    run: (clients, input, signal) => clients.verify({ image: String(input.image), policy: String(input.policy) }, signal),
    code: { terraform: 'cosign_verify', pulumi: 'getVerifyOutput', pulumiPackage: 'cosign' },
  },
];

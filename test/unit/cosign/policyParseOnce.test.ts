import * as assert from 'assert';
import { parsePoliciesOnce } from '../../../src/clients/cosign/policy/parseOnce';
import { keylessPolicy } from '../../registry/images';

const policyNamed = (name: string): string => keylessPolicy(name, 'registry.example/**', { issuer: 'https://issuer.example', subject: 'someone@example.com' });

describe('A policy verified against again is parsed once', () => {
  it('gives the same parse for the same text, and parses an edited text anew', () => {
    const text = policyNamed('once-a');
    const first = parsePoliciesOnce(text);
    assert.strictEqual(parsePoliciesOnce(text), first);
    const edited = parsePoliciesOnce(text.replace('once-a', 'once-b'));
    assert.notStrictEqual(edited, first);
    assert.equal(edited.policies[0].name, 'once-b');
    assert.equal(first.policies[0].name, 'once-a');
  });

  it('keys by the name errors use too', () => {
    const text = policyNamed('once-c');
    assert.notStrictEqual(parsePoliciesOnce(text, 'policy.yaml'), parsePoliciesOnce(text, 'other.yaml'));
  });

  it('forgets the least recently used text past a few', () => {
    const kept = policyNamed('kept');
    const dropped = policyNamed('dropped');
    const keptParse = parsePoliciesOnce(kept);
    const droppedParse = parsePoliciesOnce(dropped);
    for (let i = 0; i < 3; i++) {
      parsePoliciesOnce(kept);
      parsePoliciesOnce(policyNamed(`filler-${i}`));
    }
    assert.strictEqual(parsePoliciesOnce(kept), keptParse);
    assert.notStrictEqual(parsePoliciesOnce(dropped), droppedParse);
  });

  it('throws for a text that does not parse, every time', () => {
    assert.throws(() => parsePoliciesOnce('   '), /empty/);
    assert.throws(() => parsePoliciesOnce('   '), /empty/);
  });
});

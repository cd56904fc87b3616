import { certificateExpiry } from '../../clients/authentik';
import type { Tone } from '../panels/protocol';

/**
 * How a certificate's expiry reads: "expires in 12 days" (warning inside 30 days), "expired 40
 * days ago" (error), "valid until 2027-03-01". The same words and tone in the tree and the panel.
 */
export interface ExpiryPresentation {
  text: string;
  tone: Tone;
}

export function expiryPresentation(expiry: string | null | undefined, now = Date.now()): ExpiryPresentation {
  const state = certificateExpiry(expiry, now);
  const plural = (n: number) => `${n} day${n === 1 ? '' : 's'}`;
  const at = Date.parse(expiry ?? '');
  switch (state.state) {
    case 'expired': {
      const ago = Math.floor((now - at) / 86_400_000);
      return { text: ago === 0 ? 'expired today' : `expired ${plural(ago)} ago`, tone: 'error' };
    }
    case 'expiring': {
      const left = Math.ceil((at - now) / 86_400_000);
      return { text: `expires in ${plural(left)}`, tone: 'warning' };
    }
    case 'valid':
      return { text: `valid until ${expiry!.slice(0, 10)}`, tone: 'success' };
    default:
      return { text: 'no expiry date', tone: 'info' };
  }
}

import * as http from 'node:http';
import { AddressInfo } from 'node:net';

/**
 * A reverse proxy on 127.0.0.1 that holds every request for a fixed time before passing it to
 * the registry: a registry "in the same region" (a network round trip of tens of
 * milliseconds) for benchmarks, instead of loopback's sub-millisecond one.
 */
export interface LatencyProxy {
  host: string;
  stop(): Promise<void>;
}

export async function startLatencyProxy(targetHost: string, delayMs: number): Promise<LatencyProxy> {
  const [hostname, port] = targetHost.split(':');
  let proxyHost = '';
  const server = http.createServer((req, res) => {
    setTimeout(() => {
      const upstream = http.request({ hostname, port: Number(port), method: req.method, path: req.url, headers: { ...req.headers, host: targetHost } }, (answer) => {
        // A token service on the registry's own origin is on the proxy's origin too (clients refuse a realm elsewhere).
        const challenge = answer.headers['www-authenticate'];
        const headers = challenge ? { ...answer.headers, 'www-authenticate': challenge.replace(`//${targetHost}/`, `//${proxyHost}/`) } : answer.headers;
        res.writeHead(answer.statusCode ?? 502, headers);
        answer.pipe(res);
      });
      upstream.on('error', () => res.destroy());
      req.pipe(upstream);
    }, delayMs);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  proxyHost = `127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    host: proxyHost,
    stop: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

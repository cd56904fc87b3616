import * as assert from 'node:assert/strict';
import { spawn, type ChildProcess } from 'node:child_process';
import * as path from 'node:path';
import * as readline from 'node:readline';
import { request } from './http';

const MAIN = path.resolve(__dirname, '../../servers/main.js');

function firstLine(child: ChildProcess): Promise<string> {
  return new Promise((resolve, reject) => {
    const rl = readline.createInterface({ input: child.stdout! });
    rl.once('line', (line) => {
      rl.close();
      resolve(line);
    });
    child.once('exit', (code) => reject(new Error(`stand-in CLI exited early with ${code}`)));
  });
}

function exitOf(child: ChildProcess): Promise<number | null> {
  return new Promise((resolve) => child.once('exit', (code) => resolve(code)));
}

describe('stand-in CLI (main.js)', function () {
  this.timeout(30_000);

  it('starts both stand-ins, prints one JSON line with URLs and credentials, stops on SIGTERM', async function () {
    const child = spawn(process.execPath, [MAIN], { stdio: ['ignore', 'pipe', 'pipe'] });
    try {
      const info = JSON.parse(await firstLine(child));
      assert.deepEqual(Object.keys(info).sort(), ['authentik', 'honeycomb']);
      assert.deepEqual(Object.keys(info.honeycomb).sort(), ['apiKey', 'managementKeyId', 'managementKeySecret', 'url']);

      const v1 = await request(`${info.honeycomb.url}/1/auth`, { headers: { 'X-Honeycomb-Team': info.honeycomb.apiKey } });
      assert.equal(v1.json().team.slug, 'acme');
      const v2 = await request(`${info.honeycomb.url}/2/auth`, {
        headers: { Authorization: `Bearer ${info.honeycomb.managementKeyId}:${info.honeycomb.managementKeySecret}` },
      });
      assert.equal(v2.status, 200);
      const me = await request(`${info.authentik.url}/api/v3/core/users/me/`, { headers: { Authorization: `Bearer ${info.authentik.token}` } });
      assert.equal(me.json().user.username, 'akadmin');

      // A separate process drives faults over HTTP.
      await request(`${info.honeycomb.url}/__standin/faults`, { method: 'POST', body: { kind: 'serverError', times: 1 } });
      assert.equal((await request(`${info.honeycomb.url}/1/auth`, { headers: { 'X-Honeycomb-Team': info.honeycomb.apiKey } })).status, 500);
    } finally {
      const exited = exitOf(child);
      child.kill('SIGTERM');
      assert.equal(await exited, 0);
    }
  });

  it('refuses an unknown argument', async function () {
    const child = spawn(process.execPath, [MAIN, '--bogus'], { stdio: ['ignore', 'pipe', 'pipe'] });
    let stderr = '';
    child.stderr.on('data', (d: Buffer) => (stderr += d.toString()));
    assert.equal(await exitOf(child), 2);
    assert.match(stderr, /unknown argument --bogus/);
  });
});

import * as assert from 'assert';
import * as fs from 'fs';
import * as path from 'path';
import { STAND_IN_PORTS } from '../../../scripts/standInPorts';
import { AUTHENTIK_TOKENS } from '../../servers/authentik/seed';
import { HONEYCOMB_KEYS } from '../../servers/honeycomb/seed';

/** F5's launch configuration points at the stand-ins with their own credentials; it must not drift from them. */
describe('The F5 launch configuration', () => {
  const root = path.resolve(__dirname, '../../../..');
  const launch = JSON.parse(fs.readFileSync(path.join(root, '.vscode', 'launch.json'), 'utf8')) as { configurations: Array<{ name: string; env?: Record<string, string>; preLaunchTask?: string }> };
  const tasks = JSON.parse(fs.readFileSync(path.join(root, '.vscode', 'tasks.json'), 'utf8')) as { tasks: Array<{ label: string; command: string }> };

  it('gives the demo configuration the stand-ins’ URLs and credentials', () => {
    const demo = launch.configurations.find((c) => c.preLaunchTask === 'stand-ins');
    assert.ok(demo?.env, 'a configuration starts the stand-ins first');
    assert.deepEqual(demo.env, {
      HONEYCOMB_API_ENDPOINT: `http://127.0.0.1:${STAND_IN_PORTS.honeycomb}`,
      HONEYCOMB_API_KEY: HONEYCOMB_KEYS.production,
      HONEYCOMB_KEY_ID: HONEYCOMB_KEYS.management.id,
      HONEYCOMB_KEY_SECRET: HONEYCOMB_KEYS.management.secret,
      AUTHENTIK_URL: `http://127.0.0.1:${STAND_IN_PORTS.authentik}`,
      AUTHENTIK_TOKEN: AUTHENTIK_TOKENS.admin,
    });
  });

  it('has the tasks the configurations name, and the stand-ins task runs the script that exists', () => {
    for (const c of launch.configurations)
      assert.ok(
        tasks.tasks.some((t) => t.label === c.preLaunchTask),
        `${c.name}: task "${c.preLaunchTask}"`,
      );
    const standIns = tasks.tasks.find((t) => t.label === 'stand-ins');
    const script = /node (out\/scripts\/\S+\.js)/.exec(standIns?.command ?? '')?.[1];
    assert.ok(script && fs.existsSync(path.join(root, script.replace(/^out\//, '').replace(/\.js$/, '.ts'))), `the stand-ins task runs ${script}`);
  });
});

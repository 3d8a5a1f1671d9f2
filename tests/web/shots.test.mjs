// Where a failing browser test leaves its screenshots: in the directory
// $LS_SCREENSHOTS names, relative to the current directory, so that people
// running tests in one working tree keep theirs apart (the default,
// build/web-screenshots/, is everyone's). A script in its own process
// (the directory is read once, as helpers.mjs is loaded) makes a page
// fail in withShots and the test looks where its screenshot went.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

const helpers = new URL('./helpers.mjs', import.meta.url).href;

// Runs the script in cwd with env added; resolves to {code, out}.
function run(cwd, env) {
  const script = `
    import { launch, newPage, withShots } from ${JSON.stringify(helpers)};
    const browser = await launch();
    try {
      const page = await newPage(browser, { width: 320, height: 640 });
      await page.setContent('<p>a page that fails</p>');
      await withShots({ name: 'shots test: a failure' }, [page], async () => { throw new Error('failed on purpose'); })
        .catch((e) => { if (e.message !== 'failed on purpose') throw e; });
    } finally {
      await browser.close();
    }`;
  return new Promise((resolve, reject) => {
    const p = spawn(process.execPath, ['--input-type=module', '-e', script], { cwd, env: { ...process.env, ...env } });
    let out = '';
    p.stdout.on('data', (d) => { out += d; });
    p.stderr.on('data', (d) => { out += d; });
    const timer = setTimeout(() => { p.kill('SIGKILL'); reject(new Error(`the script did not end in 120 s:\n${out}`)); }, 120000);
    p.on('exit', (code) => { clearTimeout(timer); resolve({ code, out }); });
  });
}

test('LS_SCREENSHOTS, relative to the current directory, is where a failing test leaves its screenshots', async () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'ls-shots-'));
  try {
    const { code, out } = await run(dir, { LS_SCREENSHOTS: 'mine/shots' });
    assert.equal(code, 0, out);
    assert.deepEqual(fs.readdirSync(path.join(dir, 'mine', 'shots')), ['shots_test_a_failure-0.png'],
      `nothing in ${dir}/mine/shots:\n${out}`);
    const png = fs.readFileSync(path.join(dir, 'mine', 'shots', 'shots_test_a_failure-0.png'));
    assert.equal(png.subarray(1, 4).toString(), 'PNG');
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
});

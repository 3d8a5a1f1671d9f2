// stores.mjs - the server's stores for the tests that need one: an SQLite
// file in the server's own directory, and PostgreSQL on a throwaway
// cluster (tools/pg-throwaway.sh: a unix socket in a temporary directory,
// no TCP port) started once per test file and stopped at its end.
//
// backends() lists the backends to run a suite against: sqlite always;
// postgresql when its server binaries are installed (tools/deps.sh installs
// them, so CI runs it), else it is skipped with the reason, or fails when
// LS_REQUIRE_POSTGRESQL=1.

import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after } from 'node:test';

const ROOT = new URL('../..', import.meta.url).pathname;
const PG = join(ROOT, 'tools', 'pg-throwaway.sh');

let cluster = null; // {dir, url} or {skip: reason}

function startCluster() {
    if (cluster) return cluster;
    // In the system's temporary directory, not the test run's: as root the
    // cluster runs as 'nobody', who must be able to reach its directory.
    const dir = mkdtempSync(join(tmpdir(), 'ls-pg-'));
    try {
        const url = execFileSync(PG, ['start', dir, 'fsync=off'], { encoding: 'utf8', timeout: 60000 }).trim();
        cluster = { dir, url };
        after(() => {
            try { execFileSync(PG, ['stop', dir], { timeout: 60000 }); } catch { /* gone */ }
        });
    } catch (e) {
        rmSync(dir, { recursive: true, force: true });
        const why = (e.stderr?.toString() || e.message).trim();
        if (e.status !== 77 || process.env.LS_REQUIRE_POSTGRESQL === '1') throw new Error(`PostgreSQL: ${why}`);
        cluster = { skip: why };
    }
    return cluster;
}

// [{name, args(dir), skip}]: args(dir) gives the server's --db arguments
// (dir: the server's own temporary directory, for the SQLite file).
export function backends() {
    return [
        { name: 'sqlite', skip: false, args: (dir) => ['--db', join(dir, 'store.db')] },
        {
            name: 'postgresql',
            get skip() { const c = startCluster(); return c.skip ? `no PostgreSQL: ${c.skip}` : false; },
            args: () => ['--db', startCluster().url],
        },
    ];
}

// pgCluster(): the throwaway PostgreSQL cluster ({dir, url}, its data
// directory DIR/data), started for this test file if it is not yet, or
// {skip: reason} when PostgreSQL is not installed.
export const pgCluster = () => startCluster();

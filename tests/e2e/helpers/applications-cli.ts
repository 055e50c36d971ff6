import { execFile as execFileCallback } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';

const ROOT = fileURLToPath(new URL('../../..', import.meta.url));
const execFile = promisify(execFileCallback);

/**
 * The receiver's applications CLI (`npm run -s applications -- …`) on a test receiver's data
 * folder, on the embedded store as that receiver ran (never a DATABASE_URL the shell may hold).
 */
export async function applicationsCli(dataDir: string, ...args: string[]): Promise<string> {
  const env: NodeJS.ProcessEnv = { ...process.env, DATA_DIR: dataDir };
  delete env.DATABASE_URL;
  return (await execFile(process.execPath, ['server/cli/applications-cli.mjs', ...args], { cwd: ROOT, env })).stdout;
}

/** The applications the receiver stored, as the CLI's `export` writes them, one JSON line each. */
export async function exportedApplications<Application>(dataDir: string): Promise<Application[]> {
  return (await applicationsCli(dataDir, 'export'))
    .split('\n')
    .filter(Boolean)
    .map((line) => JSON.parse(line) as Application);
}

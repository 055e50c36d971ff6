// Where the bytes of uploads live (FILES-CONTRACT.md): UPLOADS_DIR when set (the folder every
// instance on one PostgreSQL shares), else the uploads folder inside DATA_DIR (the embedded store).
import { join, resolve } from 'node:path';

/**
 * @param {{ dataDir: string, env: Record<string, string | undefined> }} options
 * @returns {string} an absolute path
 */
export function uploadsFolder({ dataDir, env }) {
  const configured = env.UPLOADS_DIR?.trim();
  return configured ? resolve(configured) : join(resolve(dataDir), 'uploads');
}

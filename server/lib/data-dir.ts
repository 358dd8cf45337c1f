// DATA_DIR holds the embedded database and generated secrets: only this server's user may read it. The
// directory and its folders are 0700, its files 0600, and the process umask is 0077 so files created later
// (the database's new write-ahead log segments) are born private too.
import { chmodSync, lstatSync, mkdirSync, readdirSync } from "node:fs";
import path from "node:path";

const PRIVATE_DIR_MODE = 0o700;
const PRIVATE_FILE_MODE = 0o600;

/** Creates the directory if needed and takes group and other permissions off it and everything in it. */
export function makePrivateDir(dir: string): void {
  try {
    process.umask(0o077);
  } catch {
    // A worker thread cannot change the umask; the chmod below still covers what exists.
  }
  mkdirSync(dir, { recursive: true, mode: PRIVATE_DIR_MODE });
  restrict(dir);
}

function restrict(entry: string): void {
  const stat = lstatSync(entry, { throwIfNoEntry: false });
  if (!stat || stat.isSymbolicLink()) return;
  if (stat.isDirectory()) {
    if ((stat.mode & 0o777) !== PRIVATE_DIR_MODE) chmodSync(entry, PRIVATE_DIR_MODE);
    for (const name of readdirSync(entry)) restrict(path.join(entry, name));
  } else if (stat.isFile() && (stat.mode & 0o077) !== 0) {
    chmodSync(entry, stat.mode & PRIVATE_FILE_MODE);
  }
}

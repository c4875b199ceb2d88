// The scripts act on DATABASE_URL; they never start the embedded database themselves, so they
// cannot collide with a running server on the same data folder.
export function requireDatabaseUrl(): string {
  const url = process.env.DATABASE_URL;
  if (!url) {
    process.stderr.write('DATABASE_URL is required (the embedded database belongs to the running server)\n');
    process.exit(2);
  }
  return url;
}

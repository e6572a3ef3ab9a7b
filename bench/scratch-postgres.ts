import pg from "pg";

/** A new PostgreSQL database beside `adminUrl`'s for `use`, dropped afterwards: a bench's own, whatever it leaves. */
export async function withScratchDatabase<T>(adminUrl: string, prefix: string, use: (url: string) => Promise<T>): Promise<T> {
  const name = `${prefix}_${process.pid}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`create database ${name}`);
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  try {
    return await use(url.toString());
  } finally {
    await admin.query(`drop database if exists ${name} with (force)`);
    await admin.end();
  }
}

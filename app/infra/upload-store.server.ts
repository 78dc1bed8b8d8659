import fs from "node:fs/promises";
import path from "node:path";
import { databaseEngine, getDb, type DB } from "./db.server";
import { uploadsDir } from "./env.server";

/**
 * Where the re-encoded variants of uploaded photos live (app/infra/images.server.ts makes them):
 * - on SQLite, a folder (UPLOADS_DIR, default `uploads/` beside the database file), backed up
 *   with it;
 * - on PostgreSQL, the database itself (table upload_files), so that every app instance, on any
 *   machine, serves every photo, and the database's backups hold them. They are small (three
 *   widths of WebP and JPEG, a few hundred kB a photo) and never change once written.
 * Storage standing in for a file system, like the folder, which is why it lives here.
 */
export interface UploadStore {
  /** Stores an upload's files, all of them or (on failure) none. */
  save(key: string, files: { name: string; body: Buffer; contentType: string }[]): Promise<void>;
  /** One file's bytes, or null when there is no such file. */
  read(key: string, name: string): Promise<Buffer | null>;
  /** Removes an upload's files; a missing upload is not an error. */
  remove(key: string): Promise<void>;
  /** The file names of an upload, sorted ([] when there is none). */
  files(key: string): Promise<string[]>;
  /** Every stored upload's key. */
  keys(): Promise<string[]>;
}

export function folderUploadStore(root: string): UploadStore {
  return {
    async save(key, files) {
      const folder = path.join(root, key);
      const temporary = path.join(root, `.incoming-${key}`);
      await fs.mkdir(temporary, { recursive: true });
      try {
        for (const file of files) await fs.writeFile(path.join(temporary, file.name), file.body);
        // Appears whole or not at all.
        await fs.rename(temporary, folder);
      } catch (error) {
        await fs.rm(temporary, { recursive: true, force: true });
        throw error;
      }
    },
    async read(key, name) {
      try {
        return await fs.readFile(path.join(root, key, name));
      } catch {
        return null;
      }
    },
    async remove(key) {
      await fs.rm(path.join(root, key), { recursive: true, force: true });
    },
    async files(key) {
      try {
        return (await fs.readdir(path.join(root, key))).sort();
      } catch {
        return [];
      }
    },
    async keys() {
      try {
        return (await fs.readdir(root)).filter((name) => !name.startsWith(".")).sort();
      } catch {
        return [];
      }
    },
  };
}

export function databaseUploadStore(db: DB): UploadStore {
  return {
    async save(key, files) {
      const write = async (trx: DB) => {
        for (const file of files) {
          await trx
            .insertInto("upload_files")
            .values({ upload_key: key, name: file.name, content_type: file.contentType, body: file.body })
            .execute();
        }
      };
      // Inside a caller's transaction (db:copy), its own writes are all or nothing with it.
      await (db.isTransaction ? write(db) : db.transaction().execute(write));
    },
    async read(key, name) {
      const row = await db
        .selectFrom("upload_files")
        .select("body")
        .where("upload_key", "=", key)
        .where("name", "=", name)
        .executeTakeFirst();
      return row ? Buffer.from(row.body) : null;
    },
    async remove(key) {
      await db.deleteFrom("upload_files").where("upload_key", "=", key).execute();
    },
    async files(key) {
      const rows = await db
        .selectFrom("upload_files")
        .select("name")
        .where("upload_key", "=", key)
        .orderBy("name")
        .execute();
      return rows.map((row) => row.name);
    },
    async keys() {
      const rows = await db.selectFrom("upload_files").select("upload_key").distinct().orderBy("upload_key").execute();
      return rows.map((row) => row.upload_key);
    },
  };
}

/** This installation's store (or that of `db`): the database on PostgreSQL, else the uploads folder. */
export function uploadStore(db: DB = getDb()): UploadStore {
  return databaseEngine(db) === "postgres" ? databaseUploadStore(db) : folderUploadStore(uploadsDir());
}

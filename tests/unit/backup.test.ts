import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import {
  backupSettings,
  copyNewFiles,
  lastBackupAt,
  litestreamBinary,
  litestreamConfig,
  parseBackupUrl,
  parseGenerations,
  parseGoDuration,
} from "~/infra/backup.server";
import { parseEnv } from "~/infra/env.server";

describe("backup settings", () => {
  it("default to a folder beside the database holding database/ and uploads/", () => {
    const settings = backupSettings(parseEnv({ DATABASE_URL: "file:/srv/data/charity.sqlite" }));
    expect(settings.enabled).toBe(true);
    expect(settings.replica).toEqual({ type: "file", path: "/srv/data/backup/database" });
    expect(settings.uploadsDir).toBe("/srv/data/uploads");
    expect(settings.uploadsBackupDir).toBe("/srv/data/backup/uploads");
    expect(settings.statusFile).toBe("/srv/data/backup-status.json");
    expect(backupSettings(parseEnv({ BACKUP: "off" })).enabled).toBe(false);
    // UPLOADS_DIR, as the app reads it, is the folder whose photos are backed up.
    const elsewhere = backupSettings(
      parseEnv({ DATABASE_URL: "file:/srv/data/charity.sqlite", UPLOADS_DIR: "/srv/photos" }),
    );
    expect(elsewhere.uploadsDir).toBe("/srv/photos");
  });

  it("accept a folder, a file URL or an S3-compatible URL with its options", () => {
    expect(parseBackupUrl("/mnt/usb/charity", "/x")).toEqual({ type: "file", path: "/mnt/usb/charity/database" });
    expect(parseBackupUrl("file:///mnt/usb/charity", "/x")).toEqual({
      type: "file",
      path: "/mnt/usb/charity/database",
    });
    expect(
      parseBackupUrl(
        "s3://bucket/charity?endpoint=https://s3.example.net&region=eu-west-2&force-path-style=true",
        "/x",
      ),
    ).toEqual({
      type: "url",
      url: "s3://bucket/charity",
      endpoint: "https://s3.example.net",
      region: "eu-west-2",
      forcePathStyle: true,
      skipVerify: undefined,
    });
  });

  it("refuse an unknown URL scheme and a bad flag at start-up", () => {
    expect(() => parseEnv({ BACKUP_URL: "ftp://host/x" })).toThrow(/BACKUP_URL/);
    expect(() => parseEnv({ BACKUP: "yes" })).toThrow(/BACKUP/);
    expect(() => parseEnv({ BACKUP_MAX_AGE_SECONDS: "2" })).toThrow(/BACKUP_MAX_AGE_SECONDS/);
  });

  it("write a Litestream configuration with a one-second sync", () => {
    const settings = backupSettings(
      parseEnv({ DATABASE_URL: "file:/srv/data/charity.sqlite", BACKUP_URL: "s3://b/p?region=eu-west-2" }),
    );
    const config = JSON.parse(litestreamConfig(settings));
    expect(config.dbs[0]).toEqual({
      path: "/srv/data/charity.sqlite",
      replicas: [
        { url: "s3://b/p", region: "eu-west-2", "sync-interval": "1s", retention: "168h", "snapshot-interval": "24h" },
      ],
    });
    expect(fs.existsSync(litestreamBinary())).toBe(true);
  });
});

describe("replica lag", () => {
  it("reads Go durations", () => {
    expect(parseGoDuration("5ms")).toBe(5);
    expect(parseGoDuration("-9ms")).toBe(-9);
    expect(parseGoDuration("1h2m3.5s")).toBe(3_723_500);
    expect(parseGoDuration("soon")).toBeUndefined();
  });

  const output = [
    "name  generation        lag     start                 end",
    "file  0cebae97c173fd15  5ms     2026-11-22T06:04:15Z  2026-11-22T06:04:16Z",
    "file  1111111111111111  1m30s   2026-11-21T06:04:15Z  2026-11-21T07:00:00Z",
  ].join("\n");
  const now = new Date("2026-11-22T06:10:00.000Z");

  it("counts a replica within one sync of the database as current", () => {
    expect(parseGenerations(output)).toHaveLength(2);
    expect(lastBackupAt(parseGenerations(output), now)).toBe(now.toISOString());
  });

  it("otherwise dates the backup at the replica's last update", () => {
    const behind = output.replace("5ms   ", "2m0s  ");
    expect(lastBackupAt(parseGenerations(behind), now)).toBe("2026-11-22T06:04:16.000Z");
    expect(lastBackupAt([], now)).toBeNull();
  });
});

describe("copyNewFiles (uploads backup)", () => {
  it("copies new and changed files, skips unchanged ones and never deletes", () => {
    const root = fs.mkdtempSync(path.join(os.tmpdir(), "charity-uploads-"));
    try {
      const source = path.join(root, "uploads");
      const target = path.join(root, "backup", "uploads");
      fs.mkdirSync(path.join(source, "news"), { recursive: true });
      fs.writeFileSync(path.join(source, "news", "a.webp"), "image a");
      fs.writeFileSync(path.join(source, "b.webp"), "image b");
      expect(copyNewFiles(source, target).sort()).toEqual(["b.webp", path.join("news", "a.webp")]);
      expect(fs.readFileSync(path.join(target, "news", "a.webp"), "utf8")).toBe("image a");
      expect(copyNewFiles(source, target)).toEqual([]);

      fs.writeFileSync(path.join(source, "b.webp"), "image b, replaced");
      fs.rmSync(path.join(source, "news", "a.webp"));
      expect(copyNewFiles(source, target)).toEqual(["b.webp"]);
      expect(fs.readFileSync(path.join(target, "b.webp"), "utf8")).toBe("image b, replaced");
      expect(fs.existsSync(path.join(target, "news", "a.webp"))).toBe(true);
      expect(copyNewFiles(path.join(root, "missing"), target)).toEqual([]);
    } finally {
      fs.rmSync(root, { recursive: true, force: true });
    }
  });
});

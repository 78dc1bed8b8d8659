import type { BrowserContext } from "@playwright/test";
import { CURRENT_DECLARATION_VERSION } from "~/content/gift-aid";
import { openDatabase, type DB } from "~/infra/db.server";
import { createPledge, refreshPledgeTotals } from "~/giving/models/pledge.server";
import { createSession } from "~/staff/models/session.server";
import { getUserByUsername } from "~/staff/models/user.server";
import { getCharitySettings } from "~/site/services/charity-settings.server";
import { saveClaimantSettings } from "../../integration/hmrc-settings-support";
import { addDeclaration } from "~/gift-aid/services/gift-aid-declarations.server";
import { createSessionCookie, SESSION_COOKIE_NAME } from "~/staff/services/session.server";
import {
  ADMIN_USERNAME,
  freePort,
  makeTempDir,
  prepareDatabase,
  SESSION_SECRET,
  startServer,
  type RunningServer,
} from "../../../scripts/lib/production-server";

// A production server of its own with the HMRC_* settings pointing at a gateway (the stand-in, or
// one that hangs), the charity's settings a claim needs, and helpers to record a Gift Aid gift and
// sign in: for the specs that send claims (the shared e2e server has no HMRC settings).

export interface HmrcServer {
  server: RunningServer;
  db: DB;
  close(): Promise<void>;
}

export async function startHmrcServer(
  name: string,
  gatewayUrl: string,
  env: Record<string, string> = {},
): Promise<HmrcServer> {
  const dir = makeTempDir(name);
  const database = `${dir}/hmrc.sqlite`;
  await prepareDatabase(database);
  const db = openDatabase(`file:${database}`);
  await saveClaimantSettings({ db });
  const port = await freePort();
  const server = await startServer({
    buildDir: process.env.BUILD_DIR ?? ".build-e2e",
    databaseFile: database,
    port,
    env: {
      PUBLIC_URL: `http://127.0.0.1:${port}`,
      HMRC_GATEWAY_URL: gatewayUrl,
      HMRC_SENDER_ID: "E2E-SENDER",
      HMRC_PASSWORD: "e2e-gateway-password",
      HMRC_CHARITY_REF: "XR12345",
      HMRC_VENDOR_ID: "1234",
      ...env,
    },
  });
  return {
    server,
    db,
    close: async () => {
      await server.stop();
      await db.destroy();
    },
  };
}

/** A gift with a Gift Aid declaration, recorded as the donate form and the Donations back office would. */
export async function recordGiftAidGift(db: DB, lastName: string, amountPence: number): Promise<void> {
  const charity = await getCharitySettings(db);
  const pledge = await db.transaction().execute(async (trx) => {
    const created = await createPledge(trx, {
      type: "one-time",
      amountPence,
      firstName: "Ada",
      lastName,
      email: `${lastName.toLowerCase()}@example.com`,
      inHonour: false,
    });
    await addDeclaration(
      trx,
      created,
      {
        version: CURRENT_DECLARATION_VERSION,
        title: "Dr",
        house: "Flat 2 Rose Court",
        street: "Queen Street",
        town: "Bristol",
        postcode: "BS1 4DJ",
      },
      charity,
    );
    return created;
  });
  await db
    .updateTable("gift_aid_declarations")
    .set({ declared_at: "2026-01-01T10:00:00.000Z" })
    .where("pledge_id", "=", pledge.id)
    .execute();
  await db
    .insertInto("payments")
    .values({
      pledge_id: pledge.id,
      received_on: "2026-03-05",
      amount_pence: amountPence,
      method: "manual",
      bank_line: null,
      note: null,
      recorded_by: "e2e",
      created_at: new Date().toISOString(),
    })
    .execute();
  await refreshPledgeTotals(db, pledge.id);
}

/** Signs the browser context in as the admin of the server's database. */
export async function signInAdmin(context: BrowserContext, { server, db }: HmrcServer): Promise<void> {
  const user = (await getUserByUsername(db, ADMIN_USERNAME))!;
  const { token, expiresAt } = await createSession(db, user.id, "web");
  const header = await createSessionCookie([SESSION_SECRET], { secure: false }).serialize(token);
  await context.addCookies([
    {
      name: SESSION_COOKIE_NAME,
      value: header.slice(`${SESSION_COOKIE_NAME}=`.length).split(";")[0],
      url: server.url,
      httpOnly: true,
      sameSite: "Lax",
      expires: Math.floor(expiresAt.getTime() / 1000),
    },
  ]);
}

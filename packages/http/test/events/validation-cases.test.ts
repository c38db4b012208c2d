// Every case of validation-cases.json, in process: the platform handler over a fresh store.
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openStore, type WikiStore } from "@wikiloom/wiki";
import { createHandler, registerEventRoutes, type Handler } from "../../src/index.js";
import { CaseWorld, loadCases } from "./support/cases.js";
import { EventsTestClient } from "./support/rest-client.js";

const ORIGIN = "http://127.0.0.1:3000";
const ADMIN_PASSWORD = "admin-password-for-event-tests";
let dataDir: string;
let store: WikiStore;
let handler: Handler;
let admin: EventsTestClient;

beforeAll(async () => {
  dataDir = mkdtempSync(path.join(tmpdir(), "wikiloom-events-"));
  process.env.ADMIN_PASSWORD = ADMIN_PASSWORD;
  store = await openStore({ dataDir });
  handler = createHandler({ store, secret: "events-test-secret" }, [registerEventRoutes]);
  admin = new EventsTestClient(handler, ORIGIN);
  await admin.login("Admin", ADMIN_PASSWORD);
});

afterAll(async () => {
  await store.close();
  rmSync(dataDir, { recursive: true, force: true });
});


describe("campaignevents validation cases (in process)", () => {
  for (const testCase of loadCases()) {
    it(`${testCase.id}: ${testCase.description}`, async () => {
      const world = new CaseWorld(handler, ORIGIN, admin, { databaseFile: store.databaseFile, database: store.database }, testCase);
      const outcome = await world.run();
      expect(outcome.problems).toEqual([]);
    }, 60_000);
  }
});

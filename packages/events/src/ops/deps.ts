import type { UserDirectory } from "../context";
import type { EventsDatabase } from "../db/database";

/** What every operation works with. */
export interface OpsDeps {
  database: EventsDatabase;
  directory: UserDirectory;
  now: () => Date;
}

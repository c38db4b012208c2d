// Resource limits that abort a conversion instead of producing output. The engine is linear on
// its own, but a host still needs a bound on wall time per request (huge template families,
// slow data access): it sets `env.deadline` and the engine checks it between stages and per
// template expansion, so an overrun is bounded by one stage's work.
import type { Env } from "./engine-env.js";

export class ResourceLimitError extends Error {
  constructor(
    /** Which limit: "time" for the deadline. */
    readonly limit: string,
    message: string,
  ) {
    super(message);
    this.name = "ResourceLimitError";
  }
}

/** Throws ResourceLimitError once the host's deadline (epoch milliseconds) has passed. */
export function checkDeadline(env: Pick<Env, "deadline">): void {
  if (env.deadline !== undefined && Date.now() > env.deadline) {
    throw new ResourceLimitError("time", "The conversion took longer than the time limit allows.");
  }
}

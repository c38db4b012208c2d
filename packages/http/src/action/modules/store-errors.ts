import { StoreError } from "@wikiloom/wiki";
import { ApiError } from "../../errors.js";

/** The English messages MediaWiki gives with the store's error codes. */
const MESSAGES: Record<string, string> = {
  editconflict: "Edit conflict.",
  articleexists: "The article you tried to create has been created already.",
  missingtitle: "The page you specified doesn't exist.",
  nosuchrevid: "There is no revision with this ID.",
  nosuchuser: "The specified user does not exist.",
  userexists: "Username entered already in use. Please choose a different name.",
  alreadyblocked: "The user is already blocked.",
  cantunblock: "The block you specified was not found. It may have been unblocked already.",
  permissiondenied: "You don't have permission to perform this action.",
  blocked: "You have been blocked from editing.",
};

/** Store failures carry MediaWiki's codes already; anything else is left for the dispatcher. */
export function apiErrorFromStore(error: unknown): unknown {
  if (error instanceof StoreError) return new ApiError(error.code, error.message || MESSAGES[error.code] || error.code);
  return error;
}

export async function withStoreErrors<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    throw apiErrorFromStore(error);
  }
}

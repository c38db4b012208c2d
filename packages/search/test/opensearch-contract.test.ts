/** Contract of the OpenSearch executor: the official OpenSearch client over a recorded transport. */
import { recordedOpenSearchClient } from "./support/recorded-opensearch";
import { remoteContract } from "./support/remote-contract";

remoteContract("OpenSearch", (responses) => {
  const { client, requests } = recordedOpenSearchClient(responses);
  return { options: { opensearchClient: client }, requests };
});

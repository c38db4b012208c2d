/** Contract of the Elasticsearch executor: the official client over a recorded transport. */
import { recordedClient } from "./support/recorded-transport";
import { remoteContract } from "./support/remote-contract";

remoteContract("Elasticsearch", (responses) => {
  const { client, requests } = recordedClient(responses);
  return { options: { elasticsearchClient: client }, requests };
});

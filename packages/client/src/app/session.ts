// Who is signed in: MediaWiki's action=login with a login token, and meta=userinfo.
import { actionGet, actionPost } from "./api.js";

export interface User {
  id: number;
  name: string;
  anonymous: boolean;
  groups: string[];
}

export async function currentUser(): Promise<User> {
  const answer = await actionGet({ action: "query", meta: "userinfo", uiprop: "groups" });
  const info = answer.query.userinfo;
  return { id: info.id, name: info.name, anonymous: Boolean(info.anon), groups: info.groups ?? [] };
}

export async function logIn(name: string, password: string): Promise<User> {
  const tokens = await actionGet({ action: "query", meta: "tokens", type: "login" });
  const answer = await actionPost({ action: "login", lgname: name, lgpassword: password, lgtoken: tokens.query.tokens.logintoken });
  if (answer.login?.result !== "Success") throw new Error(answer.login?.reason ?? `Login failed (${answer.login?.result ?? "no answer"})`);
  return currentUser();
}

export async function logOut(): Promise<void> {
  const tokens = await actionGet({ action: "query", meta: "tokens" });
  await actionPost({ action: "logout", token: tokens.query.tokens.csrftoken });
}

/** @jsxImportSource preact */
import { useState } from "preact/hooks";
import { logIn, type User } from "../session.js";

export function LoginView({ onLogin }: { onLogin: (user: User) => void }) {
  const [name, setName] = useState("");
  const [password, setPassword] = useState("");
  const [error, setError] = useState("");
  const [busy, setBusy] = useState(false);

  async function submit(event: Event) {
    event.preventDefault();
    setBusy(true);
    setError("");
    try {
      onLogin(await logIn(name, password));
    } catch (failure) {
      setError((failure as Error).message);
    } finally {
      setBusy(false);
    }
  }

  return (
    <section aria-labelledby="login-heading">
      <h2 id="login-heading">Log in</h2>
      <form onSubmit={submit}>
        <label for="login-name">Username</label>
        <input id="login-name" name="username" autocomplete="username" required value={name} onInput={(e) => setName(e.currentTarget.value)} />
        <label for="login-password">Password</label>
        <input id="login-password" name="password" type="password" autocomplete="current-password" required value={password} onInput={(e) => setPassword(e.currentTarget.value)} />
        <p><button type="submit" disabled={busy}>Log in</button></p>
        {error && <p role="alert" class="error">{error}</p>}
      </form>
    </section>
  );
}
